import type { VotingRingSignal } from '@certitude/shared';
import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { certifications, users, votingRingSignals } from '../../db/schema/index.js';

/** One certification's votes of a window, when they look like a ring. */
export interface RingCandidate {
  certificationId: number;
  votes: number;
  newAccountVotes: number;
  accountIds: number[];
}

/**
 * Certifications whose votes cast or changed in (`start`, `end`] (after the window of a dismissed signal of theirs)
 * number at least `minVotes`, of which at least
 * `minNewShare` came from accounts younger than `newDays` when they voted (docs/product.md#voting-rings), with those
 * accounts. One pass over the window's votes (certification_votes by update time).
 */
export async function findRingCandidates(
  db: Executor,
  window: { start: Date; end: Date },
  rule: { minVotes: number; minNewShare: number; newDays: number },
): Promise<RingCandidate[]> {
  const result = await db.execute<{
    certification_id: number;
    votes: number;
    new_votes: number;
    accounts: number[];
  }>(sql`
    with w as (
      select v.certification_id, v.user_id,
        u.created_at > v.updated_at - make_interval(days => ${rule.newDays}) as is_new
      from certification_votes v join ${users} u on u.id = v.user_id
      where v.updated_at <= ${window.end.toISOString()}::timestamptz
        -- A dismissed signal settled the votes of its window: only later votes may make a new one.
        and v.updated_at > greatest(${window.start.toISOString()}::timestamptz, (select max(s.window_end)
          from ${votingRingSignals} s where s.certification_id = v.certification_id and s.dismissed_at is not null))
    )
    select certification_id, count(*)::int as votes, (count(*) filter (where is_new))::int as new_votes,
      coalesce(array_agg(user_id order by user_id) filter (where is_new), '{}') as accounts
    from w
    group by certification_id
    having count(*) >= ${rule.minVotes}
      and (count(*) filter (where is_new)) >= ${rule.minNewShare}::float8 * count(*)
    order by certification_id`);
  const rows = (
    result as unknown as {
      rows: { certification_id: number; votes: number; new_votes: number; accounts: number[] | string }[];
    }
  ).rows;
  return rows.map((r) => ({
    certificationId: Number(r.certification_id),
    votes: Number(r.votes),
    newAccountVotes: Number(r.new_votes),
    accountIds: parseIntArray(r.accounts),
  }));
}

/** An int[] as the driver hands it: an array, or PostgreSQL's text form `{1,2,3}`. */
function parseIntArray(value: number[] | string): number[] {
  if (Array.isArray(value)) return value.map(Number);
  const inner = value.replace(/^\{|\}$/g, '');
  return inner ? inner.split(',').map(Number) : [];
}

/** Whether a signal not dismissed already covers part of the window for the certification. */
export async function hasOverlappingSignal(db: Executor, certificationId: number, start: Date): Promise<boolean> {
  const rows = await db
    .select({ id: votingRingSignals.id })
    .from(votingRingSignals)
    .where(
      and(
        eq(votingRingSignals.certificationId, certificationId),
        isNull(votingRingSignals.dismissedAt),
        sql`${votingRingSignals.windowEnd} > ${start.toISOString()}::timestamptz`,
      ),
    )
    .limit(1);
  return rows.length > 0;
}

export async function insertRingSignal(
  db: Executor,
  values: RingCandidate & { windowStart: Date; windowEnd: Date; createdAt: Date },
): Promise<void> {
  await db.insert(votingRingSignals).values(values);
}

/** Takes the job's turn: one instance at a time looks for rings, so two never record one window twice. */
export async function lockRingJob(db: Executor): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext('certitude:voting-rings'))`);
}

/** Signals not dismissed, newest first, with the accounts involved (the Flags tab). */
export async function findOpenRingSignals(db: Executor): Promise<VotingRingSignal[]> {
  const rows = await db
    .select({ s: votingRingSignals, name: certifications.name, slug: certifications.slug })
    .from(votingRingSignals)
    .innerJoin(certifications, eq(certifications.id, votingRingSignals.certificationId))
    .where(isNull(votingRingSignals.dismissedAt))
    .orderBy(desc(votingRingSignals.createdAt), desc(votingRingSignals.id));
  const ids = [...new Set(rows.flatMap((r) => r.s.accountIds))];
  const accounts = ids.length
    ? await db
        .select({ id: users.id, username: users.username, createdAt: users.createdAt })
        .from(users)
        .where(inArray(users.id, ids))
    : [];
  const byId = new Map(accounts.map((a) => [a.id, a]));
  return rows.map(({ s, name, slug }) => ({
    id: s.id,
    certificationId: s.certificationId,
    certificationName: name,
    link: `/certification/${slug}`,
    windowStart: s.windowStart.toISOString(),
    windowEnd: s.windowEnd.toISOString(),
    votes: s.votes,
    newAccountVotes: s.newAccountVotes,
    accounts: s.accountIds
      .map((id) => byId.get(id))
      .filter((a) => a !== undefined)
      .map((a) => ({ id: a.id, username: a.username, createdAt: a.createdAt.toISOString() })),
    createdAt: s.createdAt.toISOString(),
  }));
}

export async function countOpenRingSignals(db: Executor): Promise<number> {
  const [row] = await db.select({ n: count() }).from(votingRingSignals).where(isNull(votingRingSignals.dismissedAt));
  return Number(row?.n ?? 0);
}

/** Dismisses a signal; false when there is none not dismissed with this id. */
export async function dismissRingSignal(db: Executor, id: number, at: Date): Promise<boolean> {
  const rows = await db
    .update(votingRingSignals)
    .set({ dismissedAt: at })
    .where(and(eq(votingRingSignals.id, id), isNull(votingRingSignals.dismissedAt)))
    .returning({ id: votingRingSignals.id });
  return rows.length > 0;
}
