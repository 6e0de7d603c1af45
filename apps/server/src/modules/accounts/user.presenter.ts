import type { User } from '@certitude/shared';
import type { UserRow } from './user.repository.js';

/** The User of docs/api.md#shapes, and nothing more: no hash, no system flag. */
export function presentUser(row: UserRow): User {
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    role: row.role,
    emailVerified: row.emailVerified,
    createdAt: row.createdAt.toISOString(),
  };
}
