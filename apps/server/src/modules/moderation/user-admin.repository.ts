import { and, asc, eq, ilike, or } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { users } from '../../db/schema/index.js';

const SEARCH_LIMIT = 50;

/** Members whose username or email contains `q` (any case); the system account is not a member. */
export function searchUsers(db: Executor, q: string | undefined) {
  const term = q?.trim();
  const pattern = term ? `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
  const notSystem = eq(users.isSystem, false);
  return db
    .select()
    .from(users)
    .where(pattern ? and(notSystem, or(ilike(users.username, pattern), ilike(users.email, pattern))) : notSystem)
    .orderBy(asc(users.username))
    .limit(SEARCH_LIMIT);
}

/** Locks every admin row, so that two demotions cannot both see "another admin remains". */
export async function lockAdmins(db: Executor): Promise<number[]> {
  const rows = await db.select({ id: users.id }).from(users).where(eq(users.role, 'ADMIN')).for('update');
  return rows.map((r) => r.id);
}

/** The account, locked until the transaction ends when `lock` (two suspensions of one member then take turns). */
export async function lockUser(db: Executor, id: number, lock: boolean) {
  const query = db.select().from(users).where(eq(users.id, id)).limit(1);
  const rows = lock ? await query.for('update') : await query;
  return rows[0];
}

/**
 * The account, held until the transaction ends against a change of its role, a suspension or its deletion, yet not
 * against its votes: a vote's foreign key check takes a key-share lock on the account, which this lock lets through
 * (a reversal that blocked it would wait in a circle with a vote that already holds its item).
 */
export async function holdUser(db: Executor, id: number) {
  const rows = await db.select().from(users).where(eq(users.id, id)).limit(1).for('no key update');
  return rows[0];
}
