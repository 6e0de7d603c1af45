/* Helpers for the moderation and article tests (imported by *.test.ts only). */
import type { Role } from '@certitude/shared';
import { buildTestApp, type TestApp } from '../app.js';
import { buildUser } from '../factories.js';
import { injectWith, type Method } from './inject.js';

export type Member = Awaited<ReturnType<typeof buildUser>>;

export function buildRole(t: TestApp, role: Role) {
  return buildUser(t.db.db, { role });
}

/** The app over a fresh database (buildTestApp, with its options) with a member, a moderator and an admin, for a file's `beforeAll`. */
export async function appWithCast(options: Parameters<typeof buildTestApp>[0] = {}) {
  const t = await buildTestApp(options);
  const member = await buildRole(t, 'USER');
  const moderator = await buildRole(t, 'MODERATOR');
  return { t, member, moderator, admin: await buildRole(t, 'ADMIN') };
}

async function bearer(t: TestApp, user: Member | undefined): Promise<Record<string, string>> {
  if (!user) return {};
  const token = await t.app.accessTokens.sign({ userId: user.id, username: user.username, role: user.role });
  return { authorization: `Bearer ${token}` };
}

/** A call as `user` (a visitor when undefined). */
export async function call(t: TestApp, user: Member | undefined, method: Method, url: string, payload?: unknown) {
  return injectWith(t, await bearer(t, user), method, url, payload);
}
