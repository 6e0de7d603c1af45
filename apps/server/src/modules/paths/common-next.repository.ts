import { COMMON_NEXT_MIN_MEMBERS } from '@certitude/shared';
import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.js';
import { commonNextCounts, memberHeldPairs, users } from '../../db/schema/index.js';
import { firstWeekCutoff } from '../catalogue/catalogue-limits.js';
import { suspendedAt } from '../moderation/suspension.service.js';

/**
 * The members' common next steps (docs/product.md#paths, decision 25): `common_next_counts` holds, per pair of
 * certifications, how many members earned the first and later the second. The pair rule is the view
 * `member_held_pairs` (migration 0010). Only countable members' steps are counted: a verified account past its
 * first week and not suspended (`countableAt`); `users.counts_in_paths` says whose pairs the counts hold. Every
 * tracker write runs through `keepCommonNextCounts`, in its
 * transaction; an account's deletion is handled by the database (the trigger of migration 0010); and
 * `rebuildCommonNextCounts` recounts everything (`npm run certitude -- paths:rebuild`, `db:seed`).
 */

/** The class of the per-member advisory lock; migration 0010's trigger takes the same one. */
const COMMON_NEXT_LOCK_CLASS = 25;

type Pair = { fromId: number; toId: number };
const key = (p: Pair) => `${p.fromId} ${p.toId}`;

/**
 * A member whose steps may be counted at `now`: a verified address, an account past its first week, no suspension
 * in force, not the system account. Throwaway accounts made to push a pair over the threshold (and so reveal a
 * member's private steps) must be verified, wait a week in plain sight, and stay out of suspension to count.
 */
function countableAt(now: Date): SQL<boolean> {
  const cutoff = firstWeekCutoff(now).toISOString();
  return sql<boolean>`(${users.emailVerified} and not ${users.isSystem} and ${users.createdAt} <= ${cutoff}::timestamptz and not ${suspendedAt(users.id, now)})`;
}

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
 * Runs `write` (a change of the member's tracker entries) in `tx` and moves the counts with it: the pairs the counts
 * hold for the member (none unless they were counted) are subtracted and those they should hold after it (none
 * unless the member is countable at `now`) added, as one net change; the member's countable state at `now` is
 * recorded with it. So a member who became countable (their first week over) or stopped being so (suspended) is
 * brought in or taken out by their next write, or by `syncCommonNextMembers`. A lock per member makes two writes of
 * one member (two tabs) take turns, so neither reads the pairs before the other's change committed.
 * `changedShown` says whether a pair crossed the threshold (the public maps and next steps changed).
 */
export async function keepCommonNextCounts<T>(
  tx: Executor,
  userId: number,
  now: Date,
  write: () => Promise<T>,
): Promise<{ result: T; changedShown: boolean }> {
  await tx.execute(sql`select pg_advisory_xact_lock(${COMMON_NEXT_LOCK_CLASS}::int, ${userId}::int)`);
  const [member] = await tx
    .select({ counted: users.countsInPaths, countable: countableAt(now) })
    .from(users)
    .where(eq(users.id, userId));
  const counted = member?.counted ?? false;
  const countable = member?.countable ?? false;
  const before = counted ? await findMemberPairs(tx, userId) : [];
  const result = await write();
  const after = countable ? await findMemberPairs(tx, userId) : [];
  if (member && counted !== countable) {
    await tx.update(users).set({ countsInPaths: countable }).where(eq(users.id, userId));
  }
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
 * Brings the members whose countable state changed since their last write (a first week over, an address verified,
 * a suspension begun, ended or lifted) in or out of the counts, at most `limit` per call (the member jobs call it on
 * their timer). Answers how many were moved and whether a shown pair changed.
 */
export async function syncCommonNextMembers(
  db: Database,
  now: Date,
  limit = 1_000,
): Promise<{ members: number; changedShown: boolean }> {
  const stale = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`${users.countsInPaths} <> ${countableAt(now)}`)
    .orderBy(asc(users.id))
    .limit(limit);
  let changedShown = false;
  for (const { id } of stale) {
    const moved = await db.transaction((tx) => keepCommonNextCounts(tx, id, now, async () => undefined));
    changedShown ||= moved.changedShown;
  }
  return { members: stale.length, changedShown };
}

/**
 * Recounts every pair from the tracker's rows of the members countable at `now` (a repair, and the seed's last step).
 * The table is locked against writers (not readers) meanwhile: a tracker write waits and then adds its change to the
 * recounted rows.
 */
export async function rebuildCommonNextCounts(db: Database, now: Date = new Date()): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`lock table common_next_counts in exclusive mode`);
    await tx.update(users).set({ countsInPaths: countableAt(now) });
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
          .innerJoin(users, and(eq(users.id, memberHeldPairs.userId), eq(users.countsInPaths, true)))
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
