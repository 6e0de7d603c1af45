import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { resources, users } from '../../db/schema/index.js';

const resourceColumns = {
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
};

export type ResourceRow = Awaited<ReturnType<typeof findResource>> & object;

/** The APPROVED resources of one certification, best scored first. */
export function findApprovedResources(db: Executor, certificationId: number) {
  return db
    .select(resourceColumns)
    .from(resources)
    .leftJoin(users, eq(users.id, resources.submittedById))
    .where(and(eq(resources.certificationId, certificationId), eq(resources.status, 'APPROVED')))
    .orderBy(desc(sql`${resources.upvoteCount} - ${resources.downvoteCount}`), asc(resources.name), asc(resources.id));
}

export async function findResource(db: Executor, id: number) {
  const rows = await db
    .select(resourceColumns)
    .from(resources)
    .leftJoin(users, eq(users.id, resources.submittedById))
    .where(eq(resources.id, id))
    .limit(1);
  return rows[0];
}

export async function insertResource(db: Executor, values: typeof resources.$inferInsert): Promise<number> {
  const [row] = await db.insert(resources).values(values).returning({ id: resources.id });
  if (!row) throw new Error('insert returned no row');
  return row.id;
}
