import type { FlagTargetType, Role } from '@certitude/shared';
import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { certificationRatings, certifications, comments, resources, users } from '../../db/schema/index.js';

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

/**
 * Hides an item pending review: a catalogue item goes back to PENDING, a comment or a review gets its hidden mark.
 * The caller marks a comment's discussion changed (FlagService), as after a return or a removal.
 */
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
      return;
    case 'rating':
      await db.update(certificationRatings).set({ reviewRemovedAt: now }).where(eq(certificationRatings.id, target.id));
      return;
  }
}
