import type { Role } from '@certitude/shared';
import type { TestApp } from '../../../test/app.js';
import { buildUser } from '../../../test/factories.js';

/** A signed-in member for `inject`: the row, and headers carrying a fresh access token. */
export async function signedIn(t: TestApp, role: Role = 'USER') {
  const user = await buildUser(t.db.db, { role });
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
