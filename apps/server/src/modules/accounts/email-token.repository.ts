import { and, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { emailTokens } from '../../db/schema/index.js';

export type EmailTokenRow = typeof emailTokens.$inferSelect;
export type EmailTokenPurpose = EmailTokenRow['purpose'];

export async function insertEmailToken(db: Executor, values: typeof emailTokens.$inferInsert) {
  await db.insert(emailTokens).values(values);
}

export async function findEmailToken(
  db: Executor,
  purpose: EmailTokenPurpose,
  tokenHash: string,
  options: { lock?: boolean } = {},
): Promise<EmailTokenRow | undefined> {
  const query = db
    .select()
    .from(emailTokens)
    .where(and(eq(emailTokens.tokenHash, tokenHash), eq(emailTokens.purpose, purpose)))
    .limit(1);
  const rows = options.lock ? await query.for('update') : await query;
  return rows[0];
}

/** Uses up every open token of that purpose for a member (a reset ends all reset links). */
export async function useEmailTokens(db: Executor, userId: number, purpose: EmailTokenPurpose, at: Date) {
  await db
    .update(emailTokens)
    .set({ usedAt: at })
    .where(and(eq(emailTokens.userId, userId), eq(emailTokens.purpose, purpose), isNull(emailTokens.usedAt)));
}

export async function markEmailTokenUsed(db: Executor, id: number, at: Date) {
  await db.update(emailTokens).set({ usedAt: at }).where(eq(emailTokens.id, id));
}

/**
 * Uses up a member's open links of the given purposes: after an email or password change no link mailed
 * before it may act on the account. `keepEmail`: verification links naming that address stay usable.
 */
export async function revokeOpenEmailTokens(
  db: Executor,
  userId: number,
  purposes: EmailTokenPurpose[],
  at: Date,
  keepEmail?: string,
) {
  await db
    .update(emailTokens)
    .set({ usedAt: at })
    .where(
      and(
        eq(emailTokens.userId, userId),
        inArray(emailTokens.purpose, purposes),
        isNull(emailTokens.usedAt),
        keepEmail === undefined ? undefined : ne(sql`lower(${emailTokens.email})`, keepEmail.toLowerCase()),
      ),
    );
}
