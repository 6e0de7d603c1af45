import { FLAG_GOOD_STANDING_DAYS, MSG } from '@certitude/shared';
import type { Database } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import { notFound } from '../../lib/errors.js';
import {
  dismissRingSignal,
  findRingCandidates,
  hasOverlappingSignal,
  insertRingSignal,
  lockRingJob,
} from './voting-ring.repository.js';

/**
 * The voting-ring job's figures (docs/product.md#voting-rings, decision 31): a day's votes on one certification, at
 * least 10 of them, at least 60% from accounts younger than a week.
 */
const RING_WINDOW_HOURS = 24;
const RING_MIN_VOTES = 10;
const RING_MIN_NEW_SHARE = 0.6;

/**
 * Finds certifications whose last day of votes came mostly from new accounts and lists them for the moderators; it
 * changes no vote (an admin reverses an account's votes by hand, docs/product.md#reversing-votes).
 */
export class VotingRingService {
  constructor(
    private readonly db: Database,
    private readonly now: Clock,
  ) {}

  /** Looks at the 24 hours before `now`; how many signals it recorded (none for a certification already listed). */
  async detect(now: Date = this.now()): Promise<number> {
    const start = new Date(now.getTime() - RING_WINDOW_HOURS * 3_600_000);
    return this.db.transaction(async (tx) => {
      await lockRingJob(tx);
      const candidates = await findRingCandidates(
        tx,
        { start, end: now },
        { minVotes: RING_MIN_VOTES, minNewShare: RING_MIN_NEW_SHARE, newDays: FLAG_GOOD_STANDING_DAYS },
      );
      let recorded = 0;
      for (const c of candidates) {
        if (await hasOverlappingSignal(tx, c.certificationId, start)) continue;
        await insertRingSignal(tx, { ...c, windowStart: start, windowEnd: now, createdAt: now });
        recorded++;
      }
      return recorded;
    });
  }

  async dismiss(id: number): Promise<void> {
    if (!(await dismissRingSignal(this.db, id, this.now()))) throw notFound(MSG.votingRingNotFound);
  }
}
