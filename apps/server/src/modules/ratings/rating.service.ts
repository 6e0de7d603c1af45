import {
  MSG,
  RATINGS_FOR_MEANS,
  type Rating,
  type RatingPrivacy,
  type RatingRequest,
  type RatingsPage,
  type RatingSummary,
} from '@certitude/shared';
import type { Database } from '../../db/client.js';
import type { ChangeAnnouncer } from '../../lib/changes.js';
import type { Clock } from '../../lib/clock.js';
import { notFound } from '../../lib/errors.js';
import type { RateLimiter } from '../../lib/rate-limiter.js';
import type { Viewer } from '../../plugins/auth.js';
import { inFirstWeek, NEW_ACCOUNT_RATINGS_DAILY, RATING_BURST, RATING_DAILY } from '../catalogue/catalogue-limits.js';
import { certificationToTakePartIn, publicCertification } from '../catalogue/certification-access.js';
import {
  deleteRating,
  findRating,
  findReviews,
  findShowOutcome,
  saveShowOutcome,
  saveRating,
  summarizeRatings,
  type RatingRow,
} from './rating.repository.js';

/** A mean with two decimals, or null below RATINGS_FOR_MEANS ratings (docs/product.md#ratings). */
export function ratingMean(sum: number, count: number): number | null {
  return count >= RATINGS_FOR_MEANS ? Math.round((sum / count) * 100) / 100 : null;
}

function presentRating(row: RatingRow): Rating {
  return {
    difficulty: row.difficulty,
    value: row.value,
    recognition: row.recognition,
    studyHours: row.studyHours,
    outcome: row.outcome,
    examYear: row.examYear,
    review: row.review,
    // The member's own review as others see it (docs/product.md#flags); the text is still theirs to read.
    reviewState: row.reviewRemovedAt ? 'removed' : row.reviewHiddenAt ? 'hidden' : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export interface RatingDeps {
  db: Database;
  rateLimiter?: RateLimiter;
  /** The time an account's age is measured at (docs/decisions/0029-new-account-limits.md). */
  now: Clock;
  /** The list shows the means: a rating, new, replaced or taken back, is a change of the catalogue. */
  changes: ChangeAnnouncer;
}

/** Members' ratings of certifications (docs/product.md#ratings): one each, replaced by a new one, removable. */
export class RatingService {
  constructor(private readonly deps: RatingDeps) {}

  async rate(idOrSlug: string, input: RatingRequest, viewer: Viewer): Promise<Rating> {
    const id = (await certificationToTakePartIn(this.deps.db, idOrSlug, viewer)).id;
    await this.deps.rateLimiter?.consume(RATING_BURST, `user:${viewer.id}`);
    // An account's first week: fewer new ratings a day; replacing its own rating is not counted
    // (docs/decisions/0029-new-account-limits.md).
    if (inFirstWeek(viewer.createdAt, this.deps.now()) && !(await findRating(this.deps.db, viewer.id, id)))
      await this.deps.rateLimiter?.consume(NEW_ACCOUNT_RATINGS_DAILY, `user:${viewer.id}`);
    await this.deps.rateLimiter?.consume(RATING_DAILY, `user:${viewer.id}`);
    const row = await this.deps.db.transaction((tx) =>
      saveRating(tx, viewer.id, id, {
        difficulty: input.difficulty,
        value: input.value,
        recognition: input.recognition,
        studyHours: input.studyHours ?? null,
        outcome: input.outcome ?? null,
        examYear: input.examYear ?? null,
        review: input.review ?? null,
      }),
    );
    this.deps.changes.announce({ kind: 'catalogue' });
    return presentRating(row);
  }

  async remove(idOrSlug: string, viewer: Viewer): Promise<void> {
    const id = (await certificationToTakePartIn(this.deps.db, idOrSlug, viewer)).id;
    const removed = await this.deps.db.transaction((tx) => deleteRating(tx, viewer.id, id));
    if (!removed) throw notFound(MSG.ratingNotFound);
    this.deps.changes.announce({ kind: 'catalogue' });
  }

  /**
   * The viewer's own rating; when they have not rated it, 404 (the contract), or null when `missingAsNull` (the
   * `?missing=null` of docs/api.md#ratings-and-comparison, so that a page asking for it makes no failing request).
   */
  async own(idOrSlug: string, viewer: Viewer, missingAsNull = false): Promise<Rating | null> {
    const row = await findRating(
      this.deps.db,
      viewer.id,
      (await certificationToTakePartIn(this.deps.db, idOrSlug, viewer)).id,
    );
    if (row) return presentRating(row);
    if (missingAsNull) return null;
    throw notFound(MSG.ratingNotFound);
  }

  /** Whether the viewer's reviews show their exam outcome and study hours (docs/api.md#ratings-and-comparison). */
  async privacy(viewer: Viewer): Promise<RatingPrivacy> {
    return { showOutcome: await findShowOutcome(this.deps.db, viewer.id) };
  }

  async setPrivacy(viewer: Viewer, input: RatingPrivacy): Promise<RatingPrivacy> {
    await saveShowOutcome(this.deps.db, viewer.id, input.showOutcome);
    // The certification pages kept for visitors show the reviews.
    this.deps.changes.announce({ kind: 'catalogue' });
    return input;
  }

  async summary(idOrSlug: string): Promise<RatingSummary> {
    return this.summarize((await publicCertification(this.deps.db, idOrSlug)).id);
  }

  private async summarize(certificationId: number, verifiedOnly = false): Promise<RatingSummary> {
    const s = await summarizeRatings(this.deps.db, certificationId, verifiedOnly);
    const criterion = (c: { sum: number; distribution: number[] }) => ({
      mean: ratingMean(c.sum, s.count),
      distribution: c.distribution,
    });
    return {
      count: s.count,
      verifiedHolders: s.verifiedHolders,
      difficulty: criterion(s.difficulty),
      value: criterion(s.value),
      recognition: criterion(s.recognition),
      studyHours: s.studyHours,
      outcomes: s.outcomes,
    };
  }

  /**
   * The summary and one page of ratings, newest first; `cursor` is the id of the last one of the page before.
   * `only.verified`: verified holders' ratings and their summary; `only.reviewed`: the ratings with a shown review.
   */
  async page(
    idOrSlug: string,
    limit: number,
    cursor: number | undefined,
    only: { verified?: boolean; reviewed?: boolean } = {},
  ): Promise<RatingsPage & { nextCursor?: string }> {
    const id = (await publicCertification(this.deps.db, idOrSlug)).id;
    const [summary, rows] = await Promise.all([
      this.summarize(id, only.verified),
      findReviews(this.deps.db, id, limit + 1, cursor, only),
    ]);
    const reviews = rows.slice(0, limit).map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
    const more = rows.length > limit;
    return { summary, reviews, nextCursor: more ? String(reviews.at(-1)!.id) : undefined };
  }
}
