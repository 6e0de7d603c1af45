import { MSG } from '@certitude/shared';
import { useCurrentUser } from '../../lib/auth-store';

/** The Discussion card of the certification page (spec §2). */
export function DiscussionCard(_props: { certificationId: number }) {
  const user = useCurrentUser();
  return (
    <section className="card shadow-sm mt-4" aria-labelledby="discussion-title">
      <div className="card-body">
        <h2 id="discussion-title" className="h5">
          Discussion
        </h2>
        {!user && <p className="text-body-secondary mb-0">{MSG.discussionLoginPrompt}</p>}
      </div>
    </section>
  );
}
