import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { trendingScores } from '../../db/schema/index.js';

/** The days over which trending looks back, and the half-life of an event's weight (decision 21). */
const TRENDING_DAYS = 30;
const HALF_LIFE_DAYS = 7;

/** The advisory lock under which one instance at a time recomputes trending_scores. */
const TRENDING_LOCK = 2_021_000_001;

/**
 * Trending scores of every certification (trending_scores), recomputed first when the stored ones are older than
 * `maxAgeMs`: over the last 30 days, every vote (its value, +1 or -1), rating (2) and comment (1) weighs
 * 2^(-age in days / 7). Each event table is read through its time index. Instances take turns under an advisory
 * lock, and one that finds the scores fresh after its wait keeps them.
 */
export async function refreshTrendingScores(db: Database, maxAgeMs: number): Promise<Map<number, number>> {
  const since = sql`now() - interval '${sql.raw(String(TRENDING_DAYS))} days'`;
  const decay = (column: string) =>
    sql.raw(`power(2, -extract(epoch from (now() - ${column})) / ${HALF_LIFE_DAYS * 86_400})`);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${TRENDING_LOCK})`);
    const fresh = await tx.execute(sql`select 1 from ${trendingScores}
      where computed_at > clock_timestamp() - make_interval(secs => ${maxAgeMs / 1000}) limit 1`);
    if (rowsOf(fresh).length === 0) {
      // Every certification has a row (0 without events); one created meanwhile may have added its own.
      await tx.delete(trendingScores);
      await tx.execute(sql`
        insert into ${trendingScores} (certification_id, score, computed_at)
        select c.id, coalesce(e.score, 0), clock_timestamp() from certifications c left join (
          select certification_id, sum(weight)::float8 as score from (
            select certification_id, value * ${decay('updated_at')} as weight
              from certification_votes where updated_at > ${since}
            union all
            select certification_id, 2 * ${decay('updated_at')} from certification_ratings where updated_at > ${since}
            union all
            select certification_id, ${decay('created_at')} from comments where created_at > ${since} and deleted_at is null
          ) events group by certification_id
        ) e on e.certification_id = c.id
        on conflict (certification_id) do update set score = excluded.score, computed_at = excluded.computed_at`);
    }
    const rows = await tx
      .select({ id: trendingScores.certificationId, score: trendingScores.score })
      .from(trendingScores);
    return new Map(rows.map((r) => [r.id, r.score]));
  });
}

const rowsOf = (result: unknown) => (result as { rows: unknown[] }).rows;
