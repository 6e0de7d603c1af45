import { ADMIN_TEXT, can } from '@certitude/shared';
import { Tab, Tabs } from 'react-bootstrap';
import { useCurrentUser } from '../../lib/auth-store';
import { ArticlesTab } from './articles-tab';
import { FlagsTab } from './flags-tab';
import { FLAGS_TAB_TEXT } from './flags-tab-text';
import { ADMIN_PANEL_TEXT } from './admin-panel-text';
import { MembersTab } from './members-tab';
import { ModerationLogTab } from './moderation-log-tab';
import { StaleFactsTab } from './stale-facts-tab';
import { ReviewQueue } from './review-queue';

/**
 * The admin panel: review queue, flags, members (admins only: finding members is theirs), moderation log, articles.
 * Moderators suspend and lift from the Flags tab, on the authors of flagged items (docs/product.md#admin-panel).
 */
export function AdminPanel() {
  const user = useCurrentUser();
  return (
    <Tabs defaultActiveKey="queue" id="admin-tabs" className="mb-3" mountOnEnter unmountOnExit>
      <Tab eventKey="queue" title={ADMIN_TEXT.reviewQueue}>
        <ReviewQueue />
      </Tab>
      <Tab eventKey="flags" title={FLAGS_TAB_TEXT.tab}>
        <FlagsTab />
      </Tab>
      {can(user, 'administer') && (
        <Tab eventKey="members" title={ADMIN_TEXT.members}>
          <MembersTab />
        </Tab>
      )}
      <Tab eventKey="stale" title={ADMIN_PANEL_TEXT.staleTab}>
        <StaleFactsTab />
      </Tab>
      <Tab eventKey="log" title={ADMIN_TEXT.moderationLog}>
        <ModerationLogTab />
      </Tab>
      <Tab eventKey="articles" title={ADMIN_TEXT.articles}>
        <ArticlesTab />
      </Tab>
    </Tabs>
  );
}
