import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { certificationWatches } from '../../db/schema/index.js';

const of = (userId: number, certificationId: number) =>
  and(eq(certificationWatches.userId, userId), eq(certificationWatches.certificationId, certificationId));

/** Watches the certification; watching it already changes nothing. */
export async function addWatch(db: Executor, userId: number, certificationId: number): Promise<void> {
  await db.insert(certificationWatches).values({ userId, certificationId }).onConflictDoNothing();
}

export async function removeWatch(db: Executor, userId: number, certificationId: number): Promise<void> {
  await db.delete(certificationWatches).where(of(userId, certificationId));
}

export async function isWatching(db: Executor, userId: number, certificationId: number): Promise<boolean> {
  const rows = await db
    .select({ userId: certificationWatches.userId })
    .from(certificationWatches)
    .where(of(userId, certificationId))
    .limit(1);
  return rows.length > 0;
}
