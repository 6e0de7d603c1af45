import { lazy, Suspense } from 'react';
import type { CommentFormProps } from './comment-form';

// The comment box and its form library load when a signed-in member first needs one, not with the page.
const Box = lazy(() => import('./comment-form').then((m) => ({ default: m.CommentForm })));

/** The box for a comment, a reply or an edit (see comment-form.tsx), loaded on first use. */
export function CommentForm(props: CommentFormProps) {
  return (
    <Suspense fallback={null}>
      <Box {...props} />
    </Suspense>
  );
}
