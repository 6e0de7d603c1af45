import { and, eq, gt, isNull, ne } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { refreshTokens } from '../../db/schema/index.js';

export type RefreshTokenRow = typeof refreshTokens.$inferSelect;

export async function insertRefreshToken(db: Executor, values: typeof refreshTokens.$inferInsert) {
  await db.insert(refreshTokens).values(values);
}

/** The token row, locked until the transaction ends, so that two uses of one token are seen one after the other. */
export async function lockRefreshToken(db: Executor, tokenHash: string): Promise<RefreshTokenRow | undefined> {
  const rows = await db
    .select()
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, tokenHash))
    .limit(1)
    .for('update');
  return rows[0];
}

export async function findRefreshToken(db: Executor, tokenHash: string): Promise<RefreshTokenRow | undefined> {
  const rows = await db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, tokenHash)).limit(1);
  return rows[0];
}

export async function markRefreshTokenRotated(db: Executor, id: number, at: Date) {
  await db.update(refreshTokens).set({ rotatedAt: at }).where(eq(refreshTokens.id, id));
}

/** Whether the session (a refresh family) still has a token that is neither revoked nor past its end. */
export async function isRefreshFamilyLive(db: Executor, familyId: string, now: Date): Promise<boolean> {
  const [row] = await db
    .select({ id: refreshTokens.id })
    .from(refreshTokens)
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt), gt(refreshTokens.expiresAt, now)))
    .limit(1);
  return row !== undefined;
}

/** Ends one session: every token of the family, whichever is current. */
export async function revokeRefreshFamily(db: Executor, familyId: string, at: Date) {
  await db
    .update(refreshTokens)
    .set({ revokedAt: at })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
}

/** Ends every session of a member, or every one but `keepFamilyId` (the session that asked). */
export async function revokeUserRefreshTokens(db: Executor, userId: number, at: Date, keepFamilyId?: string) {
  await db
    .update(refreshTokens)
    .set({ revokedAt: at })
    .where(
      and(
        eq(refreshTokens.userId, userId),
        isNull(refreshTokens.revokedAt),
        keepFamilyId ? ne(refreshTokens.familyId, keepFamilyId) : undefined,
      ),
    );
}
