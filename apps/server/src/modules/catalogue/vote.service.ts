import { isModerator, MSG, type VoteItemType, type VoteStatus } from '@certitude/shared';
import type { Database } from '../../db/client.js';
import { notFound } from '../../lib/errors.js';
import type { RateLimiter } from '../../lib/rate-limiter.js';
import type { Viewer } from '../../plugins/auth.js';
import { VOTE_BURST, VOTE_DAILY } from './catalogue-limits.js';
import {
  adjustVoteCounts,
  changeVote,
  deleteVote,
  findVotableItem,
  findVoteValue,
  insertVote,
  lockMember,
  type VotableItem,
} from './vote.repository.js';

export type VoteDirection = 'upvote' | 'downvote';

const notFoundMessage = (type: VoteItemType) =>
  type === 'certification' ? MSG.certificationNotFound : MSG.resourceNotFound;

function visible(item: VotableItem | undefined, viewer?: Viewer): item is VotableItem {
  if (!item) return false;
  if (item.status === 'APPROVED') return true;
  return Boolean(viewer && (viewer.id === item.submittedByUserId || isModerator(viewer.role)));
}

/**
 * Votes of spec §4: none, up or down per member and item. The vote row and the item's counters change in
 * one transaction that holds the item's row lock, so the counters always equal the rows, however many
 * members vote at once.
 */
export class VoteService {
  constructor(
    private readonly db: Database,
    private readonly rateLimiter: RateLimiter | undefined,
    /** Called after a committed vote on a certification: its counts are part of the cached public list. */
    private readonly onCertificationVoted: () => void,
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
   * Same direction again removes the vote; the other direction switches it (spec/API.md).
   *
   * Concurrency: the member's row is locked first (FOR NO KEY UPDATE, which does not block the foreign-key
   * checks of other inserts), so one member's clicks apply one after another and the read-decide-write of
   * the toggle sees the previous click's result. The counters then move by relative amounts in one UPDATE
   * at the end, so the item's row lock, which every voter of that item must take in turn, is held only for
   * that statement and the commit. Locks are always taken member first, item second: no deadlock.
   */
  async vote(type: VoteItemType, idOrSlug: string, direction: VoteDirection, viewer: Viewer): Promise<VoteStatus> {
    await this.rateLimiter?.consume(VOTE_BURST, `user:${viewer.id}`);
    await this.rateLimiter?.consume(VOTE_DAILY, `user:${viewer.id}`);
    const item = await findVotableItem(this.db, type, idOrSlug);
    // Only the public catalogue is voted on; a pending item has nothing to rank yet.
    if (!item || item.status !== 'APPROVED') throw notFound(notFoundMessage(type));
    const wanted = direction === 'upvote' ? 1 : -1;
    const result = await this.db.transaction(async (tx) => {
      await lockMember(tx, viewer.id);
      const current = await findVoteValue(tx, type, viewer.id, item.id);
      let next: 1 | -1 | undefined;
      if (current === undefined) {
        await insertVote(tx, type, viewer.id, item.id, wanted);
        next = wanted;
      } else if (current === wanted) {
        await deleteVote(tx, type, viewer.id, item.id);
        next = undefined;
      } else {
        await changeVote(tx, type, viewer.id, item.id, wanted);
        next = wanted;
      }
      const delta = (v: 1 | -1 | undefined, side: 1 | -1) => (v === side ? 1 : 0);
      const counts = await adjustVoteCounts(
        tx,
        type,
        item.id,
        delta(next, 1) - delta(current, 1),
        delta(next, -1) - delta(current, -1),
      );
      return { hasVoted: next !== undefined, isUpvote: next === 1, ...counts };
    });
    if (type === 'certification') this.onCertificationVoted();
    return result;
  }
}
