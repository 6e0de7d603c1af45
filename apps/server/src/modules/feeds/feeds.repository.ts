import { desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { certifications } from '../../db/schema/index.js';

/**
 * When a certification joined the public catalogue: the moderator's approval, or its creation for those approved
 * at once (a moderator's own submission, the seeded catalogue), which have no review time.
 */
const approvedAt = sql<Date>`coalesce(${certifications.reviewedAt}, ${certifications.createdAt})`.mapWith(
  certifications.createdAt,
);

/** The latest `limit` certifications to join the public catalogue, newest first. */
export function findNewestApprovedCertifications(db: Executor, limit: number) {
  return db
    .select({
      id: certifications.id,
      slug: certifications.slug,
      name: certifications.name,
      certCode: certifications.certCode,
      vendor: certifications.vendor,
      description: certifications.description,
      approvedAt,
      updatedAt: certifications.updatedAt,
    })
    .from(certifications)
    .where(eq(certifications.status, 'APPROVED'))
    .orderBy(desc(approvedAt), desc(certifications.id))
    .limit(limit);
}
