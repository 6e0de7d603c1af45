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
