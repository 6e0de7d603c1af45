import { can, MSG, type VoteItemType, type VoteStatus } from '@certitude/shared';
import type { Database } from '../../db/client.js';
import type { ChangeAnnouncer } from '../../lib/changes.js';
import { systemClock, type Clock } from '../../lib/clock.js';
import { notFound } from '../../lib/errors.js';
import type { RateLimiter } from '../../lib/rate-limiter.js';
import type { Viewer } from '../../plugins/auth.js';
import { inFirstWeek, NEW_ACCOUNT_DOWNVOTES_DAILY, VOTE_BURST, VOTE_DAILY } from './catalogue-limits.js';
import { applyVote, findVotableItem, findVoteValue, type VotableItem } from './vote.repository.js';

/** How other modules take back a member's votes: the voting-ring reversal (docs/architecture.md#module-boundaries). */
export { deleteVotesOf } from './vote.repository.js';

export type VoteDirection = 'upvote' | 'downvote';

const notFoundMessage = (type: VoteItemType) =>
  type === 'certification' ? MSG.certificationNotFound : MSG.resourceNotFound;

function visible(item: VotableItem | undefined, viewer?: Viewer): item is VotableItem {
  return Boolean(item && can(viewer, 'certification:view', { status: item.status, submittedBy: item.submittedBy }));
}

/** Votes (docs/product.md#voting): none, up or down per member and item. */
export class VoteService {
  constructor(
    private readonly db: Database,
    private readonly rateLimiter: RateLimiter | undefined,
    /** Told of a committed vote on a certification: its counts are part of the catalogue. */
    private readonly changes: ChangeAnnouncer,
    /** The time an account's age is measured at (docs/decisions/0029-new-account-limits.md). */
    private readonly now: Clock = systemClock,
  ) {}

  async status(type: VoteItemType, idOrSlug: string, viewer?: Viewer): Promise<VoteStatus> {
    const item = await findVotableItem(this.db, type, idOrSlug);
    if (!visible(item, viewer)) throw notFound(notFoundMessage(type));
    const value = viewer ? await findVoteValue(this.db, type, viewer.id, item.id) : undefined;
    return {
      hasVoted: value !== undefined,
      isUpvote: value === 1,
      upvoteCount: item.upvoteCount,
      downvoteCount: item.downvoteCount,
    };
  }

  /**
   * Same direction again removes the vote; the other direction switches it (docs/product.md#voting). The vote row and the
   * item's counters change in one statement (applyVote), so the counters always equal the rows, however many
   * members, or clicks of one member, arrive at once.
   */
  async vote(type: VoteItemType, idOrSlug: string, direction: VoteDirection, viewer: Viewer): Promise<VoteStatus> {
    await this.rateLimiter?.consume(VOTE_BURST, `user:${viewer.id}`);
    // An account's first week: fewer downvotes a day (docs/decisions/0029-new-account-limits.md).
    if (direction === 'downvote' && inFirstWeek(viewer.createdAt, this.now()))
      await this.rateLimiter?.consume(NEW_ACCOUNT_DOWNVOTES_DAILY, `user:${viewer.id}`);
    await this.rateLimiter?.consume(VOTE_DAILY, `user:${viewer.id}`);
    const item = await findVotableItem(this.db, type, idOrSlug);
    // Only the public catalogue is voted on; a pending item has nothing to rank yet.
    // The policy's take-part rule, for a resource as for a certification: members take part in what is public.
    if (!item || !can(viewer, 'certification:take-part', { status: item.status, submittedBy: null }))
      throw notFound(notFoundMessage(type));
    const applied = await applyVote(this.db, type, viewer.id, item.id, direction === 'upvote' ? 1 : -1);
    const result: VoteStatus = {
      hasVoted: applied.value !== undefined,
      isUpvote: applied.value === 1,
      upvoteCount: applied.upvoteCount,
      downvoteCount: applied.downvoteCount,
    };
    if (type === 'certification') this.changes.announce({ kind: 'catalogue' });
    return result;
  }
}
