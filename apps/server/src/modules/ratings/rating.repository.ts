import { RATING_OUTCOMES, type RatingOutcome } from '@certitude/shared';
import { and, desc, eq, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { certificationRatings, certifications, users } from '../../db/schema/index.js';

export type RatingRow = typeof certificationRatings.$inferSelect;
export type RatingValues = Pick<
  RatingRow,
  'difficulty' | 'value' | 'recognition' | 'studyHours' | 'outcome' | 'examYear' | 'review'
>;

/** Whether the member shows the outcome and study hours of their ratings to others. */
export async function findShowOutcome(db: Executor, userId: number): Promise<boolean> {
  const [row] = await db.select({ show: users.showRatingOutcome }).from(users).where(eq(users.id, userId));
  return row?.show ?? false;
}

export async function saveShowOutcome(db: Executor, userId: number, show: boolean): Promise<void> {
  await db.update(users).set({ showRatingOutcome: show }).where(eq(users.id, userId));
}

/** Locks the certification's row: rating writes on one certification take turns, so its sums stay exact. */
async function lockCertification(db: Executor, certificationId: number): Promise<void> {
  await db
    .select({ id: certifications.id })
    .from(certifications)
    .where(eq(certifications.id, certificationId))
    .for('update');
}

async function moveSums(db: Executor, certificationId: number, sign: 1 | -1, r: RatingValues): Promise<void> {
  await db
    .update(certifications)
    .set({
      ratingCount: sql`${certifications.ratingCount} + ${sign}`,
      difficultySum: sql`${certifications.difficultySum} + ${sign * r.difficulty}`,
      valueSum: sql`${certifications.valueSum} + ${sign * r.value}`,
      recognitionSum: sql`${certifications.recognitionSum} + ${sign * r.recognition}`,
    })
    .where(eq(certifications.id, certificationId));
}

/** Writes the member's rating (a new one, or over their old one) and moves the sums by the difference. */
export async function saveRating(
  db: Executor,
  userId: number,
  certificationId: number,
  values: RatingValues,
): Promise<RatingRow> {
  await lockCertification(db, certificationId);
  const [old] = await db
    .select()
    .from(certificationRatings)
    .where(and(eq(certificationRatings.userId, userId), eq(certificationRatings.certificationId, certificationId)));
  let row: RatingRow | undefined;
  if (old) {
    await moveSums(db, certificationId, -1, old);
    [row] = await db
      .update(certificationRatings)
      .set({ ...values, updatedAt: sql`now()` })
      .where(eq(certificationRatings.id, old.id))
      .returning();
  } else {
    [row] = await db
      .insert(certificationRatings)
      .values({ userId, certificationId, ...values })
      .returning();
  }
  await moveSums(db, certificationId, 1, values);
  return row!;
}

/** Removes the member's rating and its part of the sums; false when there was none. */
export async function deleteRating(db: Executor, userId: number, certificationId: number): Promise<boolean> {
  await lockCertification(db, certificationId);
  const [old] = await db
    .delete(certificationRatings)
    .where(and(eq(certificationRatings.userId, userId), eq(certificationRatings.certificationId, certificationId)))
    .returning();
  if (!old) return false;
  await moveSums(db, certificationId, -1, old);
  return true;
}

export async function findRating(db: Executor, userId: number, certificationId: number) {
  const [row] = await db
    .select()
    .from(certificationRatings)
    .where(and(eq(certificationRatings.userId, userId), eq(certificationRatings.certificationId, certificationId)));
  return row;
}

async function rows<T>(db: Executor, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** Whether the rating's author holds a verified badge of its certification (docs/product.md#verified-holders). */
const byVerifiedHolder = sql`exists (select 1 from member_badges mb where mb.user_id = ${certificationRatings.userId}
  and mb.certification_id = ${certificationRatings.certificationId} and mb.status = 'VERIFIED')`;

/**
 * The distributions, study-hour quartiles and outcomes of a certification's ratings, read from the rows; of the
 * verified holders' ratings only when `verifiedOnly`.
 */
export async function summarizeRatings(db: Executor, certificationId: number, verifiedOnly = false) {
  const [agg] = await rows<Record<string, number | string | null>>(
    db,
    sql`select count(*)::int as count,
      ${sql.raw(
        ['difficulty', 'value', 'recognition']
          .flatMap((c) => [1, 2, 3, 4, 5].map((n) => `count(*) filter (where ${c} = ${n})::int as ${c}_${n}`))
          .join(', '),
      )},
      sum(difficulty)::int as difficulty_sum, sum(value)::int as value_sum, sum(recognition)::int as recognition_sum,
      percentile_cont(0.5) within group (order by study_hours) as hours_median,
      percentile_cont(0.25) within group (order by study_hours) as hours_p25,
      percentile_cont(0.75) within group (order by study_hours) as hours_p75,
      count(study_hours)::int as hours_count,
      count(*) filter (where ${byVerifiedHolder})::int as verified_holders,
      ${sql.raw(RATING_OUTCOMES.map((o) => `count(*) filter (where outcome = '${o}')::int as "${o}"`).join(', '))}
    from ${certificationRatings} where certification_id = ${certificationId}
      ${verifiedOnly ? sql`and ${byVerifiedHolder}` : sql``}`,
  );
  const n = (v: unknown) => (v === null || v === undefined ? null : Number(v));
  const a = agg!;
  const criterion = (c: string) => ({
    sum: Number(a[`${c}_sum`] ?? 0),
    distribution: [1, 2, 3, 4, 5].map((k) => Number(a[`${c}_${k}`])),
  });
  return {
    count: Number(a.count),
    verifiedHolders: Number(a.verified_holders),
    difficulty: criterion('difficulty'),
    value: criterion('value'),
    recognition: criterion('recognition'),
    studyHours: { median: n(a.hours_median), p25: n(a.hours_p25), p75: n(a.hours_p75), count: Number(a.hours_count) },
    outcomes: Object.fromEntries(RATING_OUTCOMES.map((o) => [o, Number(a[o])])) as Record<RatingOutcome, number>,
  };
}

/**
 * Whether a rating's review is shown: it has words, and members' flags neither hid nor removed it (the scores still
 * count, docs/product.md#flags).
 */
const shownReview = sql`(${certificationRatings.reviewHiddenAt} is null and ${certificationRatings.reviewRemovedAt} is null
  and btrim(coalesce(${certificationRatings.review}, '')) <> '')`;

/**
 * Ratings of a certification newest first, below the id `before`: ids grow with creation (a serial), so they
 * order by creation exactly, without the microseconds a timestamp cursor would lose in JavaScript. `only.verified`
 * keeps verified holders' ratings, `only.reviewed` those whose review is shown (the certification page's reviews).
 */
export function findReviews(
  db: Executor,
  certificationId: number,
  limit: number,
  before?: number,
  only: { verified?: boolean; reviewed?: boolean } = {},
) {
  return db
    .select({
      id: certificationRatings.id,
      username: users.username,
      difficulty: certificationRatings.difficulty,
      value: certificationRatings.value,
      recognition: certificationRatings.recognition,
      // Shown only when the member chose to show them (docs/api.md#ratings-and-comparison); the summary counts them either way.
      studyHours: sql<number | null>`case when ${users.showRatingOutcome} then ${certificationRatings.studyHours} end`,
      outcome: sql<RatingOutcome | null>`case when ${users.showRatingOutcome} then ${certificationRatings.outcome} end`,
      examYear: certificationRatings.examYear,
      review: sql<string | null>`case when ${shownReview} then ${certificationRatings.review} end`,
      createdAt: certificationRatings.createdAt,
      verifiedHolder: sql<boolean>`${byVerifiedHolder}`,
    })
    .from(certificationRatings)
    .innerJoin(users, eq(users.id, certificationRatings.userId))
    .where(
      and(
        eq(certificationRatings.certificationId, certificationId),
        before === undefined ? undefined : lt(certificationRatings.id, before),
        only.verified ? byVerifiedHolder : undefined,
        only.reviewed ? shownReview : undefined,
      ),
    )
    .orderBy(desc(certificationRatings.id))
    .limit(limit);
}
