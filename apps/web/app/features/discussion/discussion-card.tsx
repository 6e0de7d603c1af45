import { DISCUSSION_TEXT as T, MSG, type DiscussionPage } from '@certitude/shared';
import { useCurrentUser } from '../../lib/auth-store';
import { useAuthModal } from '../../lib/auth-modal-context';

import DiscussionThread from './discussion-thread';
import { TitledCard } from '../../components/titled-card';

/**
 * The Discussion card of the certification page (docs/product.md#discussion). The server renders the first page
 * of threads (`initial`) into the HTML, so readers without script and crawlers see it.
 */
export function DiscussionCard({
  certificationId,
  initial,
}: {
  certificationId: number;
  initial?: DiscussionPage | null;
}) {
  const user = useCurrentUser();
  const { open } = useAuthModal();
  return (
    <TitledCard titleId="discussion-title" title={T.title} titleClassName="h5 mb-3">
      {!user && (
        <div className="d-flex flex-wrap align-items-center gap-2 mb-3 p-3 rounded bg-body-tertiary">
          <span>{MSG.discussionLoginPrompt}</span>
          <button type="button" className="btn btn-primary btn-sm ms-auto" onClick={() => open('login')}>
            {T.signIn}
          </button>
        </div>
      )}
      <DiscussionThread key={certificationId} certificationId={certificationId} initial={initial} />
    </TitledCard>
  );
}
