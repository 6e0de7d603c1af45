import { COMMON_NEXT_MIN_MEMBERS } from '@certitude/shared';
import { asc, eq, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.js';
import { commonNextCounts, memberHeldPairs } from '../../db/schema/index.js';

/**
 * The members' common next steps (docs/product.md#paths, decision 25): `common_next_counts` holds, per pair of
 * certifications, how many members earned the first and later the second. The pair rule is the view
 * `member_held_pairs` (migration 0010). Every tracker write runs through `keepCommonNextCounts`, in its
 * transaction; an account's deletion is handled by the database (the trigger of migration 0010); and
 * `rebuildCommonNextCounts` recounts everything (`npm run certitude -- paths:rebuild`, `db:seed`).
 */

/** The class of the per-member advisory lock; migration 0010's trigger takes the same one. */
const COMMON_NEXT_LOCK_CLASS = 25;

type Pair = { fromId: number; toId: number };
const key = (p: Pair) => `${p.fromId} ${p.toId}`;

/** The member's pairs as the view counts them, now (in this transaction). */
async function findMemberPairs(tx: Executor, userId: number): Promise<Pair[]> {
  return tx
    .select({ fromId: memberHeldPairs.fromId, toId: memberHeldPairs.toId })
    .from(memberHeldPairs)
    .where(eq(memberHeldPairs.userId, userId));
}

/**
 * Adds each pair's change to its count in one statement, in pair order (two members' transactions lock shared
 * rows in the same order, so they never wait on each other in a circle), then removes the rows that reached 0.
 * Answers whether a pair crossed COMMON_NEXT_MIN_MEMBERS, up or down: what the public sees changed.
 */
async function applyChanges(tx: Executor, changes: Map<string, Pair & { delta: number }>): Promise<boolean> {
  const list = [...changes.values()].sort((a, b) => a.fromId - b.fromId || a.toId - b.toId);
  if (!list.length) return false;
  const rows = sql.join(
    list.map((c) => sql`(${c.fromId}::int, ${c.toId}::int, ${c.delta}::int)`),
    sql`, `,
  );
  const after = (await tx.execute(sql`
    insert into common_next_counts (from_id, to_id, members)
    select from_id, to_id, delta from (values ${rows}) as d (from_id, to_id, delta) order by from_id, to_id
    on conflict (from_id, to_id) do update set members = common_next_counts.members + excluded.members
    returning from_id, to_id, members`)) as unknown as { rows: { from_id: number; to_id: number; members: number }[] };
  let crossed = false;
  for (const row of after.rows) {
    const delta = changes.get(`${row.from_id} ${row.to_id}`)?.delta ?? 0;
    const shownAfter = row.members >= COMMON_NEXT_MIN_MEMBERS;
    const shownBefore = row.members - delta >= COMMON_NEXT_MIN_MEMBERS;
    if (shownAfter !== shownBefore) crossed = true;
  }
  if (list.some((c) => c.delta < 0)) {
    await tx.execute(sql`
      delete from common_next_counts c using (values ${rows}) as d (from_id, to_id, delta)
      where c.from_id = d.from_id and c.to_id = d.to_id and c.members <= 0`);
  }
  return crossed;
}

/**
 * Runs `write` (a change of the member's tracker entries) in `tx` and moves the counts with it: the member's pairs
 * before the change are subtracted and those after it added, as one net change. A lock per member makes two
 * writes of one member (two tabs) take turns, so neither reads the pairs before the other's change committed.
 * `changedShown` says whether a pair crossed the threshold (the public maps and next steps changed).
 */
export async function keepCommonNextCounts<T>(
  tx: Executor,
  userId: number,
  write: () => Promise<T>,
): Promise<{ result: T; changedShown: boolean }> {
  await tx.execute(sql`select pg_advisory_xact_lock(${COMMON_NEXT_LOCK_CLASS}::int, ${userId}::int)`);
  const before = await findMemberPairs(tx, userId);
  const result = await write();
  const after = await findMemberPairs(tx, userId);
  const changes = new Map<string, Pair & { delta: number }>();
  const add = (p: Pair, delta: number) => {
    const k = key(p);
    const total = (changes.get(k)?.delta ?? 0) + delta;
    if (total === 0) changes.delete(k);
    else changes.set(k, { fromId: p.fromId, toId: p.toId, delta: total });
  };
  for (const p of before) add(p, -1);
  for (const p of after) add(p, 1);
  return { result, changedShown: await applyChanges(tx, changes) };
}

/**
 * Recounts every pair from the tracker's rows (a repair, and the seed's last step). The table is locked against
 * writers (not readers) meanwhile: a tracker write waits and then adds its change to the recounted rows.
 */
export async function rebuildCommonNextCounts(db: Database): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`lock table common_next_counts in exclusive mode`);
    await tx.delete(commonNextCounts);
    const inserted = await tx
      .insert(commonNextCounts)
      .select(
        tx
          .select({
            fromId: memberHeldPairs.fromId,
            toId: memberHeldPairs.toId,
            members: sql<number>`count(*)::int`.as('members'),
          })
          .from(memberHeldPairs)
          .groupBy(memberHeldPairs.fromId, memberHeldPairs.toId),
      )
      .returning({ fromId: commonNextCounts.fromId });
    return inserted.length;
  });
}

/** Every count, in pair order (the tests compare the kept counts with a rebuild). */
export function findAllCommonNextCounts(db: Executor) {
  return db.select().from(commonNextCounts).orderBy(asc(commonNextCounts.fromId), asc(commonNextCounts.toId));
}
