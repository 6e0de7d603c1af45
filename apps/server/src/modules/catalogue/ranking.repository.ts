import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';

/** The days over which trending looks back, and the half-life of an event's weight (decision 21). */
const TRENDING_DAYS = 30;
const HALF_LIFE_DAYS = 7;

/**
 * Trending scores of approved certifications: over the last 30 days, every vote (its value, +1 or -1), rating
 * (2) and comment (1) weighs 2^(-age in days / 7). Each event table is read through its time index.
 */
export async function findTrendingScores(db: Executor): Promise<Map<number, number>> {
  const since = sql`now() - interval '${sql.raw(String(TRENDING_DAYS))} days'`;
  const decay = (column: string) =>
    sql.raw(`power(2, -extract(epoch from (now() - ${column})) / ${HALF_LIFE_DAYS * 86_400})`);
  const result = await db.execute(sql`
    select certification_id as id, sum(weight)::float8 as score from (
      select certification_id, value * ${decay('updated_at')} as weight
        from certification_votes where updated_at > ${since}
      union all
      select certification_id, 2 * ${decay('updated_at')} from certification_ratings where updated_at > ${since}
      union all
      select certification_id, ${decay('created_at')} from comments where created_at > ${since} and deleted_at is null
    ) events group by certification_id`);
  const rows = (result as unknown as { rows: { id: number; score: number }[] }).rows;
  return new Map(rows.map((r) => [Number(r.id), Number(r.score)]));
}
