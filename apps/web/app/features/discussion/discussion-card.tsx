import { MSG } from '@certitude/shared';
import { lazy, Suspense } from 'react';
import { Button } from 'react-bootstrap';
import { useCurrentUser } from '../../lib/auth-store';
import { useAuthModal } from '../layout/auth-modal-context';

// The thread (markdown rendering, forms, dialog) loads on its own, after the page it sits on.
const DiscussionThread = lazy(() => import('./discussion-thread'));

const loading = <p className="text-body-secondary">Loading comments...</p>;

/** The Discussion card of the certification page (docs/product.md#discussion). */
export function DiscussionCard({ certificationId }: { certificationId: number }) {
  const user = useCurrentUser();
  const { open } = useAuthModal();
  return (
    <section className="card shadow-sm mt-4" aria-labelledby="discussion-title">
      <div className="card-body">
        <h2 id="discussion-title" className="h5 mb-3">
          Discussion
        </h2>
        {!user && (
          <div className="d-flex flex-wrap align-items-center gap-2 mb-3 p-3 rounded bg-body-tertiary">
            <span>{MSG.discussionLoginPrompt}</span>
            <Button size="sm" variant="primary" className="ms-auto" onClick={() => open('login')}>
              Sign In
            </Button>
          </div>
        )}
        <Suspense fallback={loading}>
          <DiscussionThread key={certificationId} certificationId={certificationId} />
        </Suspense>
      </div>
    </section>
  );
}
