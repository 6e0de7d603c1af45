import type { ServiceDeps } from '../../service-deps.js';
import { MemberEmailService } from './email-settings.service.js';
import { FirstSignInService } from './first-sign-in.service.js';
import { MemberJobs } from './member-jobs.js';
import { setMemberMailContext, type MemberMailContext } from './member-mail.js';
import { syncCommonNextMembers } from '../paths/path.service.js';
import { NotificationService } from './notification.service.js';
import { TrackerService } from './tracker.service.js';
import { UnsubscribeTokens } from './unsubscribe-token.js';
import { WatchService } from './watch.service.js';

/**
 * The members' services: the tracker and public profile, notifications, watching, email settings and the jobs of
 * the expiry reminders and the daily digest. A tracker write that shows or hides a members' common next step
 * (docs/product.md#paths) announces it as a change of the catalogue (lib/changes.ts).
 */
export function createMemberServices(
  deps: ServiceDeps,
  kickMail: () => void,
  detectVotingRings?: (now: Date) => Promise<number>,
  retireDue?: (now: Date) => Promise<number>,
  checkBadges?: (now: Date) => Promise<number>,
) {
  const tokens = new UnsubscribeTokens(deps.config.jwtSecret);
  const mail: MemberMailContext = { publicUrl: deps.config.publicUrl, tokens };
  // Notifications are written through notification.repository.ts by every area; their emails need this.
  setMemberMailContext(mail);
  return {
    tracker: new TrackerService(deps.db, deps.changes, deps.now),
    firstSignIn: new FirstSignInService(deps.db, deps.now),
    notifications: new NotificationService(deps.db),
    watches: new WatchService(deps.db),
    memberEmails: new MemberEmailService(deps.db, tokens),
    memberJobs: new MemberJobs(deps.db, mail, kickMail, deps.log, {
      intervalMs: deps.config.memberJobsIntervalMs,
      votingRings: detectVotingRings,
      retirements: retireDue,
      // A first week ends with no request to notice it: the jobs bring such members into the counts.
      commonNext: async (now) => {
        const moved = await syncCommonNextMembers(deps.db, now);
        if (moved.changedShown) deps.changes.announce({ kind: 'catalogue' });
        return moved.members;
      },
      badges: checkBadges,
    }),
  };
}
