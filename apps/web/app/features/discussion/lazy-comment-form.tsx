import { COMMENT_MAX } from '@certitude/shared';
import { lazy, Suspense } from 'react';
import type { CommentFormProps } from './comment-form';

// The comment box and its form library load when a signed-in member first needs one, not with the page.
const Box = lazy(() => import('./comment-form').then((m) => ({ default: m.CommentForm })));

/**
 * The box's shape, in its place while its code loads: the same label, field and button row, inert and without text.
 * Without it, the box arriving pushed everything under it down (a member's box above the comments by 173 px), and
 * a click that had pressed a comment's Reply released on whatever had moved there: no click (docs/testing.md).
 */
function BoxPlaceholder({ hideLabel, onCancel }: CommentFormProps) {
  return (
    <div className="comment-form" aria-hidden="true" data-testid="comment-box-loading">
      <div className={hideLabel ? 'visually-hidden' : 'form-label fw-semibold'}>{'\u00a0'}</div>
      <textarea className="form-control" rows={3} disabled tabIndex={-1} />
      <div className="d-flex flex-wrap align-items-center gap-2 mt-2">
        <small className="comment-counter text-body-secondary">0/{COMMENT_MAX}</small>
        <div className="ms-auto d-flex gap-2">
          {onCancel && (
            <button type="button" className="btn btn-outline-secondary btn-sm" disabled tabIndex={-1}>
              {'\u00a0'}
            </button>
          )}
          <button type="button" className="btn btn-primary btn-sm" disabled tabIndex={-1}>
            {'\u00a0'}
          </button>
        </div>
      </div>
    </div>
  );
}

/** The box for a comment, a reply or an edit (see comment-form.tsx), loaded on first use. */
export function CommentForm(props: CommentFormProps) {
  return (
    <Suspense fallback={<BoxPlaceholder {...props} />}>
      <Box {...props} />
    </Suspense>
  );
}
