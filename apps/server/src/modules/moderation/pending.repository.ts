import { and, asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { certificationEdits, certifications, flagHolds, resources, users } from '../../db/schema/index.js';
import type { CertificationRow } from '../catalogue/certification.service.js';
import { factColumns } from '../catalogue/fact-columns.js';
import type { ResourceRow } from '../catalogue/resource.service.js';

export async function countPending(db: Executor) {
  const [c] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(certifications)
    .where(eq(certifications.status, 'PENDING'));
  const [r] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(resources)
    .where(eq(resources.status, 'PENDING'));
  const [e] = await db.select({ n: sql<number>`count(*)::int` }).from(certificationEdits);
  return { certifications: Number(c?.n ?? 0) + Number(e?.n ?? 0), resources: Number(r?.n ?? 0) };
}

/** Whether members' flags, not a submitter, put the item in the queue (a `flag_holds` row, decision 30). */
const heldByFlags = (type: 'certification' | 'resource', id: typeof certifications.id | typeof resources.id) =>
  sql<boolean>`exists (select 1 from ${flagHolds} where ${and(eq(flagHolds.targetType, type), eq(flagHolds.targetId, id))})`;

/**
 * Members' edits of approved certifications, each as the certification would read once approved (the edit's
 * author and time stand for the submitter's), oldest first; `certificationId`: that certification's edit only.
 */
export function findPendingEdits(db: Executor, certificationId?: number): Promise<CertificationRow[]> {
  return db
    .select({
      id: certifications.id,
      slug: certifications.slug,
      name: certificationEdits.name,
      certCode: certificationEdits.certCode,
      vendor: certificationEdits.vendor,
      description: certificationEdits.description,
      url: certificationEdits.url,
      status: certifications.status,
      submittedByUserId: certificationEdits.authorId,
      submittedBy: users.username,
      upvoteCount: certifications.upvoteCount,
      downvoteCount: certifications.downvoteCount,
      createdAt: certificationEdits.createdAt,
      updatedAt: certificationEdits.createdAt,
      ...factColumns,
    })
    .from(certificationEdits)
    .innerJoin(certifications, eq(certifications.id, certificationEdits.certificationId))
    .leftJoin(users, eq(users.id, certificationEdits.authorId))
    .where(certificationId === undefined ? undefined : eq(certificationEdits.certificationId, certificationId))
    .orderBy(asc(certificationEdits.createdAt), asc(certificationEdits.id));
}

/** PENDING certifications, oldest first, each with whether flags hid it (`held`); `id`: that one only. */
export function findPendingCertifications(
  db: Executor,
  id?: number,
): Promise<(CertificationRow & { held: boolean })[]> {
  return db
    .select({
      id: certifications.id,
      slug: certifications.slug,
      name: certifications.name,
      certCode: certifications.certCode,
      vendor: certifications.vendor,
      description: certifications.description,
      url: certifications.url,
      status: certifications.status,
      submittedByUserId: certifications.submittedById,
      submittedBy: users.username,
      upvoteCount: certifications.upvoteCount,
      downvoteCount: certifications.downvoteCount,
      createdAt: certifications.createdAt,
      updatedAt: certifications.updatedAt,
      ...factColumns,
      held: heldByFlags('certification', certifications.id),
    })
    .from(certifications)
    .leftJoin(users, eq(users.id, certifications.submittedById))
    .where(and(eq(certifications.status, 'PENDING'), id === undefined ? undefined : eq(certifications.id, id)))
    .orderBy(asc(certifications.createdAt), asc(certifications.id));
}

export type PendingResourceRow = ResourceRow & { certificationName: string; certificationSlug: string; held: boolean };

/** PENDING resources, oldest first, each with whether flags hid it (`held`); `id`: that one only. */
export function findPendingResources(db: Executor, id?: number): Promise<PendingResourceRow[]> {
  return db
    .select({
      id: resources.id,
      name: resources.name,
      description: resources.description,
      url: resources.url,
      type: resources.type,
      isPaid: resources.isPaid,
      upvoteCount: resources.upvoteCount,
      downvoteCount: resources.downvoteCount,
      certificationId: resources.certificationId,
      status: resources.status,
      submittedByUserId: resources.submittedById,
      submittedBy: users.username,
      createdAt: resources.createdAt,
      certificationName: certifications.name,
      certificationSlug: certifications.slug,
      held: heldByFlags('resource', resources.id),
    })
    .from(resources)
    .innerJoin(certifications, eq(certifications.id, resources.certificationId))
    .leftJoin(users, eq(users.id, resources.submittedById))
    .where(and(eq(resources.status, 'PENDING'), id === undefined ? undefined : eq(resources.id, id)))
    .orderBy(asc(resources.createdAt), asc(resources.id));
}

export type ReviewTable = 'certification' | 'resource';

/** The item to review, locked until the transaction ends so two moderators cannot both decide it. */
export async function lockSubmission(db: Executor, kind: ReviewTable, id: number) {
  const table = kind === 'certification' ? certifications : resources;
  const rows = await db
    .select({ id: table.id, status: table.status, label: table.name, submittedById: table.submittedById })
    .from(table)
    .where(eq(table.id, id))
    .limit(1)
    .for('update');
  const row = rows[0];
  if (!row) return undefined;
  const submitter =
    row.submittedById === null
      ? undefined
      : (
          await db
            .select({ username: users.username, email: users.email, isSystem: users.isSystem })
            .from(users)
            .where(eq(users.id, row.submittedById))
            .limit(1)
        )[0];
  return { ...row, submitter };
}

export async function setSubmissionStatus(
  db: Executor,
  kind: ReviewTable,
  id: number,
  values: { status: 'APPROVED' | 'REJECTED'; reviewedById: number; rejectionReason: string | null },
) {
  const table = kind === 'certification' ? certifications : resources;
  await db
    .update(table)
    .set({ ...values, reviewedAt: sql`now()`, updatedAt: sql`now()` })
    .where(eq(table.id, id));
}
