/* Helpers for the accounts and mail tests (imported by *.test.ts only). */
import { randomBytes } from 'node:crypto';
import { asc } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Executor } from '../../src/db/client.js';
import { mailOutbox } from '../../src/db/schema/index.js';
import { createTestDatabase, type TestDatabase } from '../database.js';
import { buildInstance, testApp, type TestApp } from '../app.js';
import { buildUser, PASSWORD, type UserOptions } from '../factories.js';

export type AccountsTestApp = TestApp;

/**
 * The whole app over a fresh database, like buildTestApp, with extra environment (OAuth endpoints, SMTP,
 * Redis). The mail worker is off unless the environment turns it on: tests read the outbox themselves.
 */
export async function buildAccountsApp(
  env: Record<string, string> = {},
  database?: TestDatabase,
): Promise<AccountsTestApp> {
  const db = database ?? (await createTestDatabase());
  return testApp(db, await buildInstance(db, { MAIL_WORKER_INTERVAL_MS: '0', ...env }), !database);
}

export const unique = () => randomBytes(4).toString('hex');
/** A fresh client address, so that one test's rate limits do not touch another's. */
export const freshIp = () =>
  `10.${1 + (randomBytes(1)[0] ?? 0)}.${randomBytes(1)[0] ?? 0}.${1 + ((randomBytes(1)[0] ?? 0) % 250)}`;

export { PASSWORD };

/** A member with a password (PASSWORD unless told otherwise), verified unless told otherwise. */
export function createMember(db: Executor, overrides: Omit<UserOptions, 'password'> & { password?: string } = {}) {
  return buildUser(db, { password: PASSWORD, ...overrides });
}

/** The queued mail, once the work deferred past the answers (forgot-password, resend) has finished. */
export async function outbox(db: Executor, app?: FastifyInstance) {
  await app?.services.accounts.settle();
  return db.select().from(mailOutbox).orderBy(asc(mailOutbox.id));
}

/** The token of the last link to `path` mailed to `to` (read from the queued text body). */
export async function mailedToken(
  t: { db: { db: Executor }; app: FastifyInstance },
  to: string,
  path: '/verify-email' | '/reset-password',
) {
  const rows = (await outbox(t.db.db, t.app)).filter((m) => m.toAddress.toLowerCase() === to.toLowerCase());
  for (const row of rows.reverse()) {
    const match = new RegExp(`${path.replace('/', '\\/')}\\?token=([A-Za-z0-9_-]+)`).exec(row.textBody);
    if (match?.[1]) return match[1];
  }
  throw new Error(`no ${path} link mailed to ${to}`);
}

export type JsonCall = ReturnType<typeof json>;

/** An accounts app (buildAccountsApp) and its JSON caller, for a file's `beforeAll`. */
export async function accountsAppAndCaller(env: Record<string, string> = {}) {
  const t = await buildAccountsApp(env);
  return { t, call: json(t.app) };
}

export function json(app: FastifyInstance) {
  return (method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown, opts: { token?: string; ip?: string } = {}) =>
    app.inject({
      method,
      url,
      payload: body === undefined ? undefined : (body as object),
      headers: opts.token ? { authorization: `Bearer ${opts.token}` } : {},
      remoteAddress: opts.ip ?? freshIp(),
    });
}
