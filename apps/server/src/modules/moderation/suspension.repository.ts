import { and, desc, eq, gt, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.js';
import { users, userSuspensions } from '../../db/schema/index.js';

type SuspensionRow = typeof userSuspensions.$inferSelect;

/** A suspension with the names of who suspended and who lifted it (null once those accounts are gone). */
export interface SuspensionRecord extends SuspensionRow {
  moderator: string | null;
  liftedBy: string | null;
}

/** In force at `now`: not lifted, and no end or an end still ahead (docs/decisions/0027-suspensions.md). */
function inForce(now: Date): SQL {
  return and(isNull(userSuspensions.liftedAt), or(isNull(userSuspensions.endsAt), gt(userSuspensions.endsAt, now)))!;
}

/** `true` when the account `userId` (a column or a value) has a suspension in force at `now`: one index probe. */
export function suspendedAt(userId: AnyPgColumn, now: Date): SQL<boolean> {
  // Built with the operators, which name each column with its table (a bare column in a template would not).
  const open = and(eq(userSuspensions.userId, userId), inForce(now));
  return sql<boolean>`exists (select 1 from ${userSuspensions} where ${open})`;
}

const moderators = alias(users, 'suspension_moderator');
const lifters = alias(users, 'suspension_lifter');

function selectRecords(db: Executor) {
  return db
    .select({ row: userSuspensions, moderator: moderators.username, liftedBy: lifters.username })
    .from(userSuspensions)
    .leftJoin(moderators, eq(moderators.id, userSuspensions.moderatorId))
    .leftJoin(lifters, eq(lifters.id, userSuspensions.liftedById));
}

const toRecord = (r: { row: SuspensionRow; moderator: string | null; liftedBy: string | null }): SuspensionRecord => ({
  ...r.row,
  moderator: r.moderator,
  liftedBy: r.liftedBy,
});

/** The account's suspension in force at `now`, if any (the newest, should there ever be two). */
export async function findSuspensionInForce(
  db: Executor,
  userId: number,
  now: Date,
): Promise<SuspensionRecord | undefined> {
  const rows = await selectRecords(db)
    .where(and(eq(userSuspensions.userId, userId), inForce(now)))
    .orderBy(desc(userSuspensions.createdAt), desc(userSuspensions.id))
    .limit(1);
  return rows[0] && toRecord(rows[0]);
}

/** The suspensions in force at `now` of these accounts, by account id (for the admin panel's member list). */
export async function findSuspensionsInForce(
  db: Executor,
  userIds: number[],
  now: Date,
): Promise<Map<number, SuspensionRecord>> {
  const found = new Map<number, SuspensionRecord>();
  if (userIds.length === 0) return found;
  const rows = await selectRecords(db)
    .where(and(inArray(userSuspensions.userId, userIds), inForce(now)))
    .orderBy(desc(userSuspensions.createdAt), desc(userSuspensions.id));
  for (const r of rows) if (!found.has(r.row.userId)) found.set(r.row.userId, toRecord(r));
  return found;
}

/** Every suspension of the account, newest first. */
export async function findSuspensionHistory(db: Executor, userId: number): Promise<SuspensionRecord[]> {
  const rows = await selectRecords(db)
    .where(eq(userSuspensions.userId, userId))
    .orderBy(desc(userSuspensions.createdAt), desc(userSuspensions.id));
  return rows.map(toRecord);
}

export async function insertSuspension(
  db: Executor,
  values: { userId: number; moderatorId: number; reason: string; endsAt: Date | null; createdAt: Date },
): Promise<void> {
  await db.insert(userSuspensions).values(values);
}

/** Ends every suspension of the account in force at `now`, as lifted by `by`; how many were ended. */
export async function liftSuspensionsInForce(db: Executor, userId: number, now: Date, by: number): Promise<number> {
  const rows = await db
    .update(userSuspensions)
    .set({ liftedAt: now, liftedById: by })
    .where(and(eq(userSuspensions.userId, userId), inForce(now)))
    .returning({ id: userSuspensions.id });
  return rows.length;
}

/** The account and whether it is suspended at `now`, in one query: what the auth hook reads on every request. */
export async function findAccountForRequest(db: Executor, userId: number, now: Date) {
  const rows = await db
    .select({
      // What a request needs of its account, and no more: not its password hash, nor its settings.
      user: {
        id: users.id,
        username: users.username,
        email: users.email,
        role: users.role,
        createdAt: users.createdAt,
        isSystem: users.isSystem,
      },
      suspended: suspendedAt(users.id, now),
    })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return rows[0];
}

/** The admins whose accounts are not suspended at `now`, among the rows `lockAdmins` locked. */
export async function findActiveAdmins(db: Executor, adminIds: number[], now: Date): Promise<number[]> {
  if (adminIds.length === 0) return [];
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.id, adminIds), sql`not ${suspendedAt(users.id, now)}`));
  return rows.map((r) => r.id);
}
