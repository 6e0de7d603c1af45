import { and, asc, countDistinct, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { certifications, resources, users } from '../../db/schema/index.js';

const certificationColumns = {
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
};

export type CertificationRow = Awaited<ReturnType<typeof findApprovedCertifications>>[number];

export function findApprovedCertifications(db: Executor) {
  return db
    .select(certificationColumns)
    .from(certifications)
    .leftJoin(users, eq(users.id, certifications.submittedById))
    .where(eq(certifications.status, 'APPROVED'))
    .orderBy(asc(certifications.vendor), asc(certifications.name));
}

/** A certification by numeric id or slug, whatever its status; the service decides who may see it. */
export async function findCertification(db: Executor, idOrSlug: string): Promise<CertificationRow | undefined> {
  const where = /^\d+$/.test(idOrSlug)
    ? eq(certifications.id, Number(idOrSlug))
    : eq(certifications.slug, idOrSlug.toLowerCase());
  const rows = await db
    .select(certificationColumns)
    .from(certifications)
    .leftJoin(users, eq(users.id, certifications.submittedById))
    .where(where)
    .limit(1);
  return rows[0];
}

export async function countCatalogue(db: Executor) {
  const [certs] = await db
    .select({
      certifications: sql<number>`count(*)::int`,
      vendors: countDistinct(sql`lower(${certifications.vendor})`),
    })
    .from(certifications)
    .where(eq(certifications.status, 'APPROVED'));
  const [res] = await db
    .select({ resources: sql<number>`count(*)::int` })
    .from(resources)
    .innerJoin(certifications, eq(certifications.id, resources.certificationId))
    .where(and(eq(resources.status, 'APPROVED'), eq(certifications.status, 'APPROVED')));
  const [members] = await db
    .select({ members: sql<number>`count(*)::int` })
    .from(users)
    .where(eq(users.isSystem, false));
  return {
    certifications: Number(certs?.certifications ?? 0),
    vendors: Number(certs?.vendors ?? 0),
    resources: Number(res?.resources ?? 0),
    members: Number(members?.members ?? 0),
  };
}
