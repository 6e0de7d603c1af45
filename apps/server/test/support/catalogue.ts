import type { Role } from '@certitude/shared';
import { buildTestApp, type TestApp } from '../app.js';
import { accessToken, buildUser, type UserOptions } from '../factories.js';

/**
 * A signed-in member for `inject`: the row, and headers carrying a fresh access token. `overrides` sets columns of the
 * row, such as `daysOld` for an account past its first week.
 */
export async function signedIn(t: TestApp, role: Role = 'USER', overrides: UserOptions = {}) {
  const user = await buildUser(t.db.db, { ...overrides, role });
  return { user, headers: { authorization: `Bearer ${await accessToken(t.app, user)}` } };
}

export type Member = Awaited<ReturnType<typeof signedIn>>;

/** The whole app over a fresh database (buildTestApp) and one signed-in member, for a file's `beforeAll`. */
export async function appWithMember() {
  const t = await buildTestApp();
  return { t, member: await signedIn(t) };
}

export const validCertification = (suffix: string) => ({
  name: `Certified Test Engineer ${suffix}`,
  certCode: `CTE-${suffix}`,
  vendor: 'Test Vendor',
  description: 'A **test** certification.',
  url: 'https://example.com/cte',
});
