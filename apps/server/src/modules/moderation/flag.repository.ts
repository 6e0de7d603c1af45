import type { FlagReason, FlagTargetType, Role } from '@certitude/shared';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import {
  certificationRatings,
  certifications,
  comments,
  flagHolds,
  flags,
  moderationLog,
  resources,
  users,
} from '../../db/schema/index.js';
import { bumpDiscussionVersion } from '../discussion/comment.repository.js';
import { suspendedAt } from './suspension.repository.js';

/** What the flag rules and the Flags tab need of a flagged item, whatever its type (docs/product.md#flags). */
export interface FlagTarget {
  type: FlagTargetType;
  id: number;
  /** The author (submitter of a certification or resource); null when the account is gone. */
  authorId: number | null;
  author: string | null;
  /** The author's role (who may suspend them, docs/product.md#suspensions); null when the account is gone. */
  authorRole: Role | null;
  /** Whether members may see it now: an approved item, a comment neither deleted nor removed, a rating's review. */
  visible: boolean;
  /** Hidden pending review (a catalogue item PENDING, a comment's or review's hidden_at). */
  hidden: boolean;
  title: string;
  link: string | null;
  excerpt: string;
  /** The certification a resource, comment or rating belongs to (the certification itself for a certification). */
  certificationId: number;
  /** The certification's page slug, for links. */
  certificationSlug: string;
}

const EXCERPT_MAX = 300;
const excerptOf = (text: string | null) =>
  !text ? '' : text.length > EXCERPT_MAX ? `${text.slice(0, EXCERPT_MAX - 1)}…` : text;

async function lockRow(db: Executor, type: FlagTargetType, id: number): Promise<void> {
  const table =
    type === 'certification'
      ? certifications
      : type === 'resource'
        ? resources
        : type === 'comment'
          ? comments
          : certificationRatings;
  await db.select({ id: table.id }).from(table).where(eq(table.id, id)).for('update');
}

/**
 * The item a flag names, or undefined. `lock` holds its row until the transaction ends, so that flags on one item (and a
 * moderator's decision on it) take turns: the flag that reaches the threshold is counted with every flag before it.
 */
export async function findFlagTarget(
  db: Executor,
  type: FlagTargetType,
  id: number,
  lock = false,
): Promise<FlagTarget | undefined> {
  if (lock) await lockRow(db, type, id);
  if (type === 'certification') {
    const [row] = await db
      .select({ c: certifications, author: users.username, authorRole: users.role })
      .from(certifications)
      .leftJoin(users, eq(users.id, certifications.submittedById))
      .where(eq(certifications.id, id));
    if (!row) return undefined;
    const { c } = row;
    return {
      type,
      id,
      authorId: c.submittedById,
      author: row.author,
      authorRole: row.authorRole,
      visible: c.status === 'APPROVED',
      hidden: c.status === 'PENDING',
      title: c.name,
      link: `/certification/${c.slug}`,
      excerpt: excerptOf(c.description),
      certificationId: c.id,
      certificationSlug: c.slug,
    };
  }
  if (type === 'resource') {
    const [row] = await db
      .select({
        r: resources,
        author: users.username,
        authorRole: users.role,
        slug: certifications.slug,
        certStatus: certifications.status,
      })
      .from(resources)
      .innerJoin(certifications, eq(certifications.id, resources.certificationId))
      .leftJoin(users, eq(users.id, resources.submittedById))
      .where(eq(resources.id, id));
    if (!row) return undefined;
    const { r } = row;
    return {
      type,
      id,
      authorId: r.submittedById,
      author: row.author,
      authorRole: row.authorRole,
      visible: r.status === 'APPROVED' && row.certStatus === 'APPROVED',
      hidden: r.status === 'PENDING',
      title: r.name,
      link: `/certification/${row.slug}`,
      excerpt: excerptOf(r.description),
      certificationId: r.certificationId,
      certificationSlug: row.slug,
    };
  }
  if (type === 'comment') {
    const [row] = await db
      .select({
        c: comments,
        author: users.username,
        authorRole: users.role,
        name: certifications.name,
        slug: certifications.slug,
        certStatus: certifications.status,
      })
      .from(comments)
      .innerJoin(certifications, eq(certifications.id, comments.certificationId))
      .leftJoin(users, eq(users.id, comments.userId))
      .where(eq(comments.id, id));
    if (!row) return undefined;
    const { c } = row;
    return {
      type,
      id,
      authorId: c.userId,
      author: row.author,
      authorRole: row.authorRole,
      visible: c.deletedAt === null && c.removedAt === null && row.certStatus === 'APPROVED',
      hidden: c.hiddenAt !== null,
      title: row.name,
      link: `/certification/${row.slug}#comment-${c.id}`,
      excerpt: excerptOf(c.content),
      certificationId: c.certificationId,
      certificationSlug: row.slug,
    };
  }
  const [row] = await db
    .select({
      r: certificationRatings,
      author: users.username,
      authorRole: users.role,
      name: certifications.name,
      slug: certifications.slug,
      certStatus: certifications.status,
    })
    .from(certificationRatings)
    .innerJoin(certifications, eq(certifications.id, certificationRatings.certificationId))
    .leftJoin(users, eq(users.id, certificationRatings.userId))
    .where(eq(certificationRatings.id, id));
  if (!row) return undefined;
  const { r } = row;
  return {
    type,
    id,
    authorId: r.userId,
    author: row.author,
    authorRole: row.authorRole,
    visible: !!r.review && r.reviewRemovedAt === null && row.certStatus === 'APPROVED',
    hidden: r.reviewHiddenAt !== null,
    title: row.name,
    link: `/certification/${row.slug}#ratings`,
    excerpt: excerptOf(r.review),
    certificationId: r.certificationId,
    certificationSlug: row.slug,
  };
}

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

/** Hides an item pending review: a catalogue item goes back to PENDING, a comment or a review gets its hidden mark. */
export async function hideTarget(db: Executor, target: FlagTarget, now: Date): Promise<void> {
  switch (target.type) {
    case 'certification':
      await db
        .update(certifications)
        .set({ status: 'PENDING', updatedAt: now })
        .where(and(eq(certifications.id, target.id), eq(certifications.status, 'APPROVED')));
      return;
    case 'resource':
      await db
        .update(resources)
        .set({ status: 'PENDING' })
        .where(and(eq(resources.id, target.id), eq(resources.status, 'APPROVED')));
      return;
    case 'comment':
      await db.update(comments).set({ hiddenAt: now }).where(eq(comments.id, target.id));
      await bumpDiscussionVersion(db, target.certificationId);
      return;
    case 'rating':
      await db.update(certificationRatings).set({ reviewHiddenAt: now }).where(eq(certificationRatings.id, target.id));
      return;
  }
}

/** Puts back an item the flags had hidden (their dismissal). */
export async function restoreTarget(db: Executor, target: FlagTarget): Promise<void> {
  switch (target.type) {
    case 'certification':
      await db
        .update(certifications)
        .set({ status: 'APPROVED' })
        .where(and(eq(certifications.id, target.id), eq(certifications.status, 'PENDING')));
      return;
    case 'resource':
      await db
        .update(resources)
        .set({ status: 'APPROVED' })
        .where(and(eq(resources.id, target.id), eq(resources.status, 'PENDING')));
      return;
    case 'comment':
      await db.update(comments).set({ hiddenAt: null }).where(eq(comments.id, target.id));
      await bumpDiscussionVersion(db, target.certificationId);
      return;
    case 'rating':
      await db.update(certificationRatings).set({ reviewHiddenAt: null }).where(eq(certificationRatings.id, target.id));
      return;
  }
}

/** A moderator's removal: a catalogue item REJECTED with the reason, a comment or review marked removed. */
export async function removeTarget(
  db: Executor,
  target: FlagTarget,
  now: Date,
  by: { moderatorId: number; reason: string },
): Promise<void> {
  const decided = {
    status: 'REJECTED' as const,
    reviewedById: by.moderatorId,
    reviewedAt: now,
    rejectionReason: by.reason,
  };
  switch (target.type) {
    case 'certification':
      await db
        .update(certifications)
        .set({ ...decided, updatedAt: now })
        .where(eq(certifications.id, target.id));
      return;
    case 'resource':
      await db.update(resources).set(decided).where(eq(resources.id, target.id));
      return;
    case 'comment':
      await db.update(comments).set({ removedAt: now }).where(eq(comments.id, target.id));
      await bumpDiscussionVersion(db, target.certificationId);
      return;
    case 'rating':
      await db.update(certificationRatings).set({ reviewRemovedAt: now }).where(eq(certificationRatings.id, target.id));
      return;
  }
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
