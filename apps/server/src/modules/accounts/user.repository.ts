import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { socialAccounts, users } from '../../db/schema/index.js';

export type UserRow = typeof users.$inferSelect;

export async function findUserByUsername(db: Executor, username: string): Promise<UserRow | undefined> {
  const rows = await db
    .select()
    .from(users)
    .where(sql`lower(${users.username}) = lower(${username})`)
    .limit(1);
  return rows[0];
}

export async function findUserByEmail(db: Executor, email: string): Promise<UserRow | undefined> {
  const rows = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email})`)
    .limit(1);
  return rows[0];
}

/**
 * An account whose address is proven is a proven account for good: `accountVerified` follows every write of
 * `emailVerified: true` here, and nothing ever sets it back (sign-in asks only it).
 */
const proven = (values: { emailVerified?: boolean }) => (values.emailVerified ? { accountVerified: true } : {});

export async function insertUser(db: Executor, values: typeof users.$inferInsert): Promise<UserRow> {
  const [row] = await db
    .insert(users)
    .values({ ...values, ...proven(values) })
    .returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function updateUserRole(db: Executor, id: number, role: UserRow['role']): Promise<UserRow | undefined> {
  const [row] = await db.update(users).set({ role, updatedAt: new Date() }).where(eq(users.id, id)).returning();
  return row;
}

export async function findUserById(db: Executor, id: number): Promise<UserRow | undefined> {
  const rows = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return rows[0];
}

/** Changes the given columns of an account; updatedAt follows. */
export async function updateUser(
  db: Executor,
  id: number,
  values: Partial<Pick<UserRow, 'passwordHash' | 'email' | 'emailVerified' | 'accountVerified'>>,
): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set({ ...values, ...proven(values), updatedAt: new Date() })
    .where(eq(users.id, id))
    .returning();
  return row;
}

export type SocialAccountRow = typeof socialAccounts.$inferSelect;

export async function findSocialAccount(
  db: Executor,
  provider: SocialAccountRow['provider'],
  providerUserId: string,
): Promise<SocialAccountRow | undefined> {
  const rows = await db
    .select()
    .from(socialAccounts)
    .where(and(eq(socialAccounts.provider, provider), eq(socialAccounts.providerUserId, providerUserId)))
    .limit(1);
  return rows[0];
}

export async function insertSocialAccount(db: Executor, values: typeof socialAccounts.$inferInsert) {
  await db.insert(socialAccounts).values(values);
}
