import { and, desc, eq, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.js';
import { certificationRevisions, certifications, users } from '../../db/schema/index.js';
import type { SourceInput } from '@certitude/shared';
import type { StoredChange } from './facts.js';

/** The moderator (or the system account) who applied or rejected a revision. */
const deciders = alias(users, 'revision_decider');

const revisionColumns = {
  id: certificationRevisions.id,
  certificationId: certificationRevisions.certificationId,
  certificationSlug: certifications.slug,
  certificationName: certifications.name,
  authorId: certificationRevisions.authorId,
  author: users.username,
  summary: certificationRevisions.summary,
  changes: sql<StoredChange[]>`${certificationRevisions.changes}`,
  status: certificationRevisions.status,
  reason: certificationRevisions.reason,
  baseRevision: certificationRevisions.baseRevision,
  revertOf: certificationRevisions.revertOf,
  source: certificationRevisions.source,
  createdAt: certificationRevisions.createdAt,
  decidedAt: certificationRevisions.decidedAt,
  decidedBy: deciders.username,
};

export type RevisionRow = Awaited<ReturnType<typeof findRevisions>>[number];

const selectRevisions = (db: Executor) =>
  db
    .select(revisionColumns)
    .from(certificationRevisions)
    .innerJoin(certifications, eq(certifications.id, certificationRevisions.certificationId))
    .leftJoin(users, eq(users.id, certificationRevisions.authorId))
    .leftJoin(deciders, eq(deciders.id, certificationRevisions.decidedById));

/**
 * A certification's revisions, newest first: the applied and rejected ones, and the pending ones only for
 * their author (`viewerId`) or for moderators (`allPending`).
 */
export function findRevisions(
  db: Executor,
  certificationId: number,
  options: { viewerId?: number; allPending?: boolean },
) {
  const visible = options.allPending
    ? undefined
    : or(
        sql`${certificationRevisions.status} <> 'PENDING'`,
        options.viewerId === undefined ? sql`false` : eq(certificationRevisions.authorId, options.viewerId),
      );
  return selectRevisions(db)
    .where(and(eq(certificationRevisions.certificationId, certificationId), visible))
    .orderBy(desc(certificationRevisions.createdAt), desc(certificationRevisions.id));
}

export async function findRevision(db: Executor, id: number, options: { lock?: boolean } = {}) {
  const query = selectRevisions(db).where(eq(certificationRevisions.id, id)).limit(1);
  return (options.lock ? await query.for('update', { of: certificationRevisions }) : await query)[0];
}

/** Pending revisions of every certification, oldest first: the review queue's Revisions list. */
export function findPendingRevisions(db: Executor) {
  return selectRevisions(db)
    .where(eq(certificationRevisions.status, 'PENDING'))
    .orderBy(certificationRevisions.createdAt, certificationRevisions.id);
}

export async function countPendingRevisions(db: Executor): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(certificationRevisions)
    .where(eq(certificationRevisions.status, 'PENDING'));
  return Number(row?.n ?? 0);
}

/** A revision to record (`insertRevision`). */
export interface NewRevision {
  certificationId: number;
  authorId: number | null;
  summary: string;
  changes: StoredChange[];
  status: 'PENDING' | 'APPLIED' | 'REJECTED';
  baseRevision: number;
  revertOf?: number | null;
  decidedById?: number | null;
  reason?: string | null;
  /** Where the change was read: added to the certification's sources when applied. */
  source?: SourceInput | null;
}

export async function insertRevision(db: Executor, values: NewRevision): Promise<number> {
  const decided = values.status !== 'PENDING';
  const [row] = await db
    .insert(certificationRevisions)
    .values({ ...values, decidedAt: decided ? sql`now()` : null })
    .returning({ id: certificationRevisions.id });
  if (!row) throw new Error('insert returned no row');
  return row.id;
}

/** Many revisions in a few statements, in their order (an import's). */
export async function insertRevisions(db: Executor, values: NewRevision[]): Promise<void> {
  for (let i = 0; i < values.length; i += 500) {
    await db
      .insert(certificationRevisions)
      .values(values.slice(i, i + 500).map((v) => ({ ...v, decidedAt: v.status !== 'PENDING' ? sql`now()` : null })));
  }
}

export async function decideRevision(
  db: Executor,
  id: number,
  values: { status: 'APPLIED' | 'REJECTED'; reason: string | null; decidedById: number },
): Promise<void> {
  await db
    .update(certificationRevisions)
    .set({ ...values, decidedAt: sql`now()` })
    .where(eq(certificationRevisions.id, id));
}
