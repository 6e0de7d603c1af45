import type { FlagReason, FlagTargetType } from '@certitude/shared';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { flagHolds, flags, moderationLog, users } from '../../db/schema/index.js';
import { suspendedAt } from './suspension.repository.js';

/** Whether the member flagged this item before (one flag per member and item, ever). */
export async function hasFlagged(db: Executor, type: FlagTargetType, id: number, userId: number): Promise<boolean> {
  const rows = await db
    .select({ id: flags.id })
    .from(flags)
    .where(and(eq(flags.targetType, type), eq(flags.targetId, id), eq(flags.userId, userId)))
    .limit(1);
  return rows.length > 0;
}

/** Inserts the member's flag; undefined when they flagged this item before (one flag per member and item, ever). */
export async function insertFlag(
  db: Executor,
  values: {
    targetType: FlagTargetType;
    targetId: number;
    userId: number;
    reason: FlagReason;
    note: string | null;
    createdAt: Date;
  },
): Promise<number | undefined> {
  const [row] = await db
    .insert(flags)
    .values(values)
    .onConflictDoNothing({ target: [flags.targetType, flags.targetId, flags.userId] })
    .returning({ id: flags.id });
  return row?.id;
}

/**
 * Distinct members in good standing among the open flags of an item at `now` (docs/product.md#flags): each flag filed
 * once its account was at least `days` old (a flag from an account's first week never counts, however old the account
 * grows), by an account with a verified email, not suspended, whose flags helped hide fewer than `hidesPerDay` items in
 * the day before `now` (the moderation log's HIDE_FLAGGED entries of items it had flagged by then).
 */
export async function countGoodStandingFlaggers(
  db: Executor,
  type: FlagTargetType,
  id: number,
  now: Date,
  limits: { days: number; hidesPerDay: number },
): Promise<number> {
  const dayBefore = new Date(now.getTime() - 24 * 3_600_000).toISOString();
  const hidesOfTheDay = sql`(select count(*) from ${moderationLog} hid
    where hid.action = 'HIDE_FLAGGED' and hid.created_at > ${dayBefore}::timestamptz
      and exists (select 1 from ${flags} mine where mine.user_id = ${flags.userId}
        and mine.target_type = hid.item_type and mine.target_id = hid.item_id and mine.created_at <= hid.created_at))`;
  const [row] = await db
    .select({ n: sql<number>`count(distinct ${flags.userId})::int` })
    .from(flags)
    .innerJoin(users, eq(users.id, flags.userId))
    .where(
      and(
        eq(flags.targetType, type),
        eq(flags.targetId, id),
        isNull(flags.resolvedAt),
        eq(users.emailVerified, true),
        sql`${flags.createdAt} >= ${users.createdAt} + make_interval(days => ${limits.days}::int)`,
        sql`not ${suspendedAt(users.id, now)}`,
        sql`${hidesOfTheDay} < ${limits.hidesPerDay}::int`,
      ),
    );
  return Number(row?.n ?? 0);
}

/** Records that the flags hid the item; false when a hold was already there. */
export async function insertHold(db: Executor, type: FlagTargetType, id: number): Promise<boolean> {
  const rows = await db
    .insert(flagHolds)
    .values({ targetType: type, targetId: id })
    .onConflictDoNothing()
    .returning({ id: flagHolds.targetId });
  return rows.length > 0;
}

/** Deletes the item's hold; true when there was one (the flags had hidden it). */
export async function deleteHold(db: Executor, type: FlagTargetType, id: number): Promise<boolean> {
  const rows = await db
    .delete(flagHolds)
    .where(and(eq(flagHolds.targetType, type), eq(flagHolds.targetId, id)))
    .returning({ id: flagHolds.targetId });
  return rows.length > 0;
}

/** Closes the item's open flags with the moderator's decision; how many it closed. */
export async function resolveOpenFlags(
  db: Executor,
  type: FlagTargetType,
  id: number,
  resolution: 'DISMISS' | 'REMOVE',
  moderatorId: number,
  now: Date,
): Promise<number> {
  const rows = await db
    .update(flags)
    .set({ resolvedAt: now, resolvedById: moderatorId, resolution })
    .where(and(eq(flags.targetType, type), eq(flags.targetId, id), isNull(flags.resolvedAt)))
    .returning({ id: flags.id });
  return rows.length;
}

/** Every open flag with its member's name, oldest first (the Flags tab groups them by item). */
export function findOpenFlags(db: Executor) {
  return db
    .select({
      targetType: flags.targetType,
      targetId: flags.targetId,
      reason: flags.reason,
      note: flags.note,
      createdAt: flags.createdAt,
      username: users.username,
    })
    .from(flags)
    .innerJoin(users, eq(users.id, flags.userId))
    .where(isNull(flags.resolvedAt))
    .orderBy(asc(flags.createdAt), asc(flags.id));
}

/** How many items have open flags (the pending badge). */
export async function countFlaggedItems(db: Executor): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(distinct (${flags.targetType}, ${flags.targetId}))::int` })
    .from(flags)
    .where(isNull(flags.resolvedAt));
  return Number(row?.n ?? 0);
}
