import { ID_MAX } from '@certitude/shared';
import { and, asc, eq, isNotNull, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { certifications, comments, users } from '../../db/schema/index.js';
import { verifiedHolderIds } from '../badges/badge-holders.service.js';

const commentColumns = {
  id: comments.id,
  parentId: comments.parentId,
  content: comments.content,
  isEdited: comments.isEdited,
  deletedAt: comments.deletedAt,
  hiddenAt: comments.hiddenAt,
  removedAt: comments.removedAt,
  createdAt: comments.createdAt,
  updatedAt: comments.updatedAt,
  username: users.username,
};

/** What the presenter needs of a comment. */
export interface CommentRow {
  id: number;
  parentId: number | null;
  content: string;
  isEdited: boolean;
  deletedAt: Date | null;
  /** Hidden pending review by members' flags (docs/product.md#flags). */
  hiddenAt?: Date | null;
  /** Removed by a moderator through its flags. */
  removedAt?: Date | null;
  createdAt: Date;
  updatedAt: Date;
  username: string;
  /** The author holds a verified badge of the certification (docs/product.md#verified-holders). */
  verifiedHolder?: boolean;
}

/** What decides who may read and join a certification's discussion. */
export async function findCertificationAccess(db: Executor, idOrSlug: string) {
  // An all-digit value is an id; one beyond the id column's range names nothing (and would fail the query).
  const where = /^\d+$/.test(idOrSlug)
    ? Number(idOrSlug) <= ID_MAX
      ? eq(certifications.id, Number(idOrSlug))
      : sql`false`
    : eq(certifications.slug, idOrSlug.toLowerCase());
  const rows = await db
    .select({
      id: certifications.id,
      slug: certifications.slug,
      name: certifications.name,
      status: certifications.status,
      submittedById: certifications.submittedById,
      submittedBy: sql<
        string | null
      >`(select ${users.username} from ${users} where ${users.id} = ${certifications.submittedById})`,
      discussionVersion: certifications.discussionVersion,
    })
    .from(certifications)
    .where(where)
    .limit(1);
  return rows[0];
}

/**
 * Every comment of one certification, oldest first, in one query: the tree is built in memory from these
 * rows, so reading a discussion costs one index range scan however it is nested. The rows travel as one
 * JSON array built by the database: on PGlite, decoding 5,000 rows field by field costs about three times
 * as much as parsing one document. Times go as epoch milliseconds, whatever the session's time zone. Each
 * author's name is looked up by primary key: with 100,000 members, a join would rather read the whole table. Whether
 * the author is a verified holder is read from the certification's verified holders, gathered once for all the rows.
 */
export async function findCommentRows(db: Executor, certificationId: number): Promise<CommentRow[]> {
  const result = await db.execute<{ rows: string | null }>(sql`
    select json_agg(
      json_build_array(
        c.id, c.parent_id, c.content, c.is_edited,
        floor(extract(epoch from c.deleted_at) * 1000)::int8,
        floor(extract(epoch from c.created_at) * 1000)::int8,
        floor(extract(epoch from c.updated_at) * 1000)::int8,
        (select u.username from ${users} u where u.id = c.user_id),
        floor(extract(epoch from c.hidden_at) * 1000)::int8,
        floor(extract(epoch from c.removed_at) * 1000)::int8,
        c.user_id in (${verifiedHolderIds(certificationId)})
      ) order by c.created_at, c.id
    )::text as rows
    from ${comments} c
    where c.certification_id = ${certificationId}`);
  const json = (result as unknown as { rows: { rows: string | null }[] }).rows[0]?.rows;
  if (!json) return [];
  type Packed = [
    number,
    number | null,
    string,
    boolean,
    number | null,
    number,
    number,
    string,
    number | null,
    number | null,
    boolean,
  ];
  return (JSON.parse(json) as Packed[]).map(
    ([id, parentId, content, isEdited, deletedAt, createdAt, updatedAt, username, hiddenAt, removedAt, holder]) => ({
      id,
      parentId,
      content,
      isEdited,
      deletedAt: deletedAt === null ? null : new Date(deletedAt),
      hiddenAt: hiddenAt === null ? null : new Date(hiddenAt),
      removedAt: removedAt === null ? null : new Date(removedAt),
      createdAt: new Date(createdAt),
      updatedAt: new Date(updatedAt),
      username,
      verifiedHolder: holder,
    }),
  );
}

/**
 * A comment and everything under it, oldest first. Depth is at most 3, so three levels of parent lookups
 * cover any subtree without a recursive query.
 */
export function findCommentSubtreeRows(db: Executor, id: number): Promise<CommentRow[]> {
  const children = (ids: SQL) => sql`(select ${comments.id} from ${comments} where ${comments.parentId} in ${ids})`;
  const level1 = sql`(${id})`;
  const level2 = children(level1);
  const level3 = children(level2);
  return db
    .select({
      ...commentColumns,
      verifiedHolder: sql<boolean>`${comments.userId} in (${verifiedHolderIds(comments.certificationId)})`,
    })
    .from(comments)
    .innerJoin(users, eq(users.id, comments.userId))
    .where(
      or(
        eq(comments.id, id),
        eq(comments.parentId, id),
        sql`${comments.parentId} in ${level2}`,
        sql`${comments.parentId} in ${level3}`,
      ),
    )
    .orderBy(asc(comments.createdAt), asc(comments.id));
}

/** One comment with what the rules need; `lock` holds the row against concurrent replies and deletes. */
export async function findComment(db: Executor, id: number, lock = false) {
  const query = db
    .select({
      id: comments.id,
      certificationId: comments.certificationId,
      userId: comments.userId,
      parentId: comments.parentId,
      depth: comments.depth,
      content: comments.content,
      deletedAt: comments.deletedAt,
      hiddenAt: comments.hiddenAt,
      removedAt: comments.removedAt,
      username: users.username,
    })
    .from(comments)
    .innerJoin(users, eq(users.id, comments.userId))
    .where(eq(comments.id, id))
    .limit(1);
  const rows = lock ? await query.for('update', { of: comments }) : await query;
  return rows[0];
}

/** Marks a change to the certification's discussion: copies of the tree made before it are no longer used. */
export async function bumpDiscussionVersion(db: Executor, certificationId: number) {
  await db
    .update(certifications)
    .set({ discussionVersion: sql`${certifications.discussionVersion} + 1` })
    .where(eq(certifications.id, certificationId));
}

export async function insertComment(db: Executor, values: typeof comments.$inferInsert) {
  const [row] = await db.insert(comments).values(values).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function updateCommentContent(db: Executor, id: number, content: string) {
  await db.update(comments).set({ content, isEdited: true, updatedAt: new Date() }).where(eq(comments.id, id));
}

export async function hasReplies(db: Executor, id: number): Promise<boolean> {
  const rows = await db.select({ id: comments.id }).from(comments).where(eq(comments.parentId, id)).limit(1);
  return rows.length > 0;
}

/** Keeps the row as a placeholder so its replies keep their place; the words themselves are gone. */
export async function markCommentDeleted(db: Executor, id: number) {
  await db.update(comments).set({ content: '', deletedAt: new Date() }).where(eq(comments.id, id));
}

export async function removeComment(db: Executor, id: number) {
  await db.delete(comments).where(eq(comments.id, id));
}

/** The placeholder parent of a removed comment, when it has no other reply left to hold in place. */
export async function findEmptyDeletedParent(db: Executor, parentId: number) {
  const rows = await db
    .select({ id: comments.id, parentId: comments.parentId })
    .from(comments)
    .where(
      and(
        eq(comments.id, parentId),
        isNotNull(comments.deletedAt),
        sql`not exists (select 1 from ${comments} c2 where c2.parent_id = ${comments.id})`,
      ),
    )
    .for('update')
    .limit(1);
  return rows[0];
}

export async function findUserCreatedAt(db: Executor, userId: number): Promise<Date | undefined> {
  const rows = await db.select({ createdAt: users.createdAt }).from(users).where(eq(users.id, userId)).limit(1);
  return rows[0]?.createdAt;
}
