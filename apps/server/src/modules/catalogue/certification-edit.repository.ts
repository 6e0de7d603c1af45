import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { certificationEdits } from '../../db/schema/index.js';

/* A member's edit of an approved certification's names and links, waiting for a moderator (one per certification). */

export type CertificationEditRow = typeof certificationEdits.$inferSelect;
export type EditValues = Pick<CertificationEditRow, 'name' | 'certCode' | 'vendor' | 'description' | 'url'>;

/** Stores a member's edit of an approved certification for review, replacing the one waiting, if any. */
export async function saveCertificationEdit(
  db: Executor,
  certificationId: number,
  authorId: number,
  values: EditValues,
) {
  await db
    .insert(certificationEdits)
    .values({ certificationId, authorId, ...values })
    .onConflictDoUpdate({
      target: certificationEdits.certificationId,
      set: { authorId, ...values, createdAt: sql`now()` },
    });
}

export async function findCertificationEdit(
  db: Executor,
  certificationId: number,
  options: { lock?: boolean } = {},
): Promise<CertificationEditRow | undefined> {
  const query = db
    .select()
    .from(certificationEdits)
    .where(eq(certificationEdits.certificationId, certificationId))
    .limit(1);
  return (options.lock ? await query.for('update') : await query)[0];
}

export async function deleteCertificationEdit(db: Executor, certificationId: number) {
  await db.delete(certificationEdits).where(eq(certificationEdits.certificationId, certificationId));
}
