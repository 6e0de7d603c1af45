import type { Role } from '@certitude/shared';
import type { users } from '../../src/db/schema/index.js';
import type { TestApp } from '../app.js';
import { buildUser } from '../factories.js';

/**
 * A signed-in member for `inject`: the row, and headers carrying a fresh access token. `overrides` sets columns of the
 * row, such as `createdAt` for an account past its first week.
 */
export async function signedIn(t: TestApp, role: Role = 'USER', overrides: Partial<typeof users.$inferInsert> = {}) {
  const user = await buildUser(t.db.db, { ...overrides, role });
  const token = await t.app.accessTokens.sign({ userId: user.id, username: user.username, role });
  return { user, headers: { authorization: `Bearer ${token}` } };
}

export type Member = Awaited<ReturnType<typeof signedIn>>;

export const validCertification = (suffix: string) => ({
  name: `Certified Test Engineer ${suffix}`,
  certCode: `CTE-${suffix}`,
  vendor: 'Test Vendor',
  description: 'A **test** certification.',
  url: 'https://example.com/cte',
});
