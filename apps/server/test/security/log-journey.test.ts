/*
 * Finding 1 of the outside review: tokens were written to the request log. One member's whole journey runs
 * with the server's own logger options at trace level (register, verify through the mailed link, sign in,
 * refresh, forgot and reset the password, change the email and the password, an admin's search by address, a
 * Google sign-in against a local OAuth server), mail written to files as without SMTP; then every log line is
 * searched for every secret the journey handled: no token, password, reset or verification link, OAuth code or
 * state, and no email address at all.
 */
import type { OAuth2Server } from 'oauth2-mock-server';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import app, { fastifyOptions } from '../../src/app.js';
import { logDestination, loggerOptions } from '../../src/lib/logging.js';
import { mailedToken } from '../support/accounts.js';
import { startOAuthProvider } from '../support/oauth-env.js';
import { testConfig } from '../app.js';
import { createTestDatabase, type TestDatabase } from '../database.js';
import { buildAccount, freshIp, unique } from './support.js';
import { accessToken } from '../factories.js';

let provider: OAuth2Server;
let db: TestDatabase;
let server: FastifyInstance;
const lines: string[] = [];
let googleUser: Record<string, unknown>;

beforeAll(async () => {
  provider = await startOAuthProvider(() => googleUser);
  const issuer = provider.issuer.url!;
  db = await createTestDatabase();
  const config = testConfig({
    LOG_LEVEL: 'trace',
    MAIL_WORKER_INTERVAL_MS: '0',
    GOOGLE_CLIENT_ID: 'google-client',
    GOOGLE_CLIENT_SECRET: 'google-secret',
    OAUTH_GOOGLE_AUTHORIZATION_URL: `${issuer}/authorize`,
    OAUTH_GOOGLE_TOKEN_URL: `${issuer}/token`,
    OAUTH_GOOGLE_USERINFO_URL: `${issuer}/userinfo`,
  });
  const collect = { write: (line: string) => lines.push(...line.split('\n').filter(Boolean)) };
  server = Fastify(fastifyOptions(config, loggerOptions('trace', logDestination(collect))));
  await server.register(app, { config, database: db, web: false });
  await server.ready();
});
afterAll(async () => {
  await server?.close();
  await db?.destroy();
  await provider?.stop();
});

describe('1. no token, password, link or email address in any log line, at any level', () => {
  it('a whole journey leaves none of its secrets in the log', async () => {
    const secrets = new Set<string>();
    const ip = freshIp();
    const call = async (method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown, token?: string) => {
      const res = await server.inject({
        method,
        url,
        remoteAddress: ip,
        headers: token ? { authorization: `Bearer ${token}` } : {},
        ...(body === undefined ? {} : { payload: body as object }),
      });
      return res;
    };
    const keep = (...values: (string | undefined)[]) => values.forEach((v) => v && secrets.add(v));
    const sendMail = () => server.services.mail.runOnce();
    const t = { db: { db: db.db }, app: server };

    const username = `journey_${unique()}`;
    const email = `${username}@mail.example`;
    const password = 'First-password-1!';
    keep(email, password);
    expect(
      (await call('POST', '/auth/register', { username, email, password, confirmPassword: password })).statusCode,
    ).toBe(201);
    const verifyToken = await mailedToken(t, email, '/verify-email');
    keep(verifyToken);
    await sendMail();
    expect((await call('POST', `/api/email-verification/verify?token=${verifyToken}`)).statusCode).toBe(200);
    // A page load of the link (answered 404 here, without the web app) is logged like any request.
    await call('GET', `/verify-email?token=${verifyToken}`);

    const login = (await call('POST', '/auth/login', { username, password })).json();
    keep(login.token, login.refreshToken);
    const refreshed = (await call('POST', '/auth/refresh', { refreshToken: login.refreshToken })).json();
    keep(refreshed.token, refreshed.refreshToken);
    expect((await call('GET', '/api/user/profile', undefined, refreshed.token)).statusCode).toBe(200);
    // A wrong password, and a bad token, are logged too (as 401/400).
    await call('POST', '/auth/login', { username, password: 'Wrong-password-9' });
    keep('Wrong-password-9');

    expect((await call('POST', '/auth/forgot-password', { email })).statusCode).toBe(200);
    const resetToken = await mailedToken(t, email, '/reset-password');
    keep(resetToken);
    await sendMail();
    await call('GET', `/reset-password?token=${resetToken}`);
    expect((await call('GET', `/auth/validate-reset-token?token=${resetToken}`)).statusCode).toBe(200);
    const second = 'Second-password-2!';
    keep(second);
    expect(
      (await call('POST', '/auth/reset-password', { token: resetToken, password: second, confirmPassword: second }))
        .statusCode,
    ).toBe(200);

    const session = (await call('POST', '/auth/login', { username, password: second })).json();
    keep(session.token, session.refreshToken);
    const third = 'Third-password-3';
    keep(third);
    expect(
      (await call('PUT', '/api/user/change-password', { currentPassword: second, newPassword: third }, session.token))
        .statusCode,
    ).toBe(200);
    const newEmail = `moved_${unique()}@mail.example`;
    keep(newEmail);
    expect((await call('PUT', '/api/user/change-email', { newEmail, password: third }, session.token)).statusCode).toBe(
      200,
    );
    const newVerify = await mailedToken(t, newEmail, '/verify-email');
    keep(newVerify);
    await sendMail();
    await call('POST', `/api/email-verification/verify?token=${newVerify}`);
    await call('POST', '/auth/logout', { refreshToken: session.refreshToken });

    const admin = await buildAccount(db.db, 'ADMIN');
    keep(admin.email);
    const adminToken = await accessToken(server, admin);
    keep(adminToken);
    await call('GET', `/api/admin/users?q=${encodeURIComponent(newEmail)}`, undefined, adminToken);

    // Google sign-in against the local OAuth server: start, the provider's page, our callback, the exchange.
    googleUser = { sub: `g-${unique()}`, email: `social_${unique()}@gmail.example`, email_verified: true, name: 'Ada' };
    keep(googleUser.email as string);
    const start = await call('GET', '/auth/oauth/google');
    const stateCookie = String(start.headers['set-cookie']).split(';')[0]!;
    const atProvider = await fetch(start.headers.location as string, { redirect: 'manual' });
    const back = new URL(atProvider.headers.get('location')!);
    keep(back.searchParams.get('code') ?? undefined, back.searchParams.get('state') ?? undefined);
    const done = await server.inject({
      method: 'GET',
      url: back.pathname + back.search,
      headers: { cookie: stateCookie },
      remoteAddress: ip,
    });
    const signIn = ([] as string[])
      .concat(done.headers['set-cookie'] ?? [])
      .find((c) => c.startsWith('certitude_signin=') && !c.startsWith('certitude_signin=;'))!
      .split(';')[0]!;
    keep(signIn.slice('certitude_signin='.length));
    const social = await server.inject({ method: 'POST', url: '/auth/oauth/session', headers: { cookie: signIn } });
    expect(social.statusCode).toBe(200);
    keep(social.json().token, social.json().refreshToken);
    await server.services.accounts.settle();
    await sendMail();

    expect(lines.length).toBeGreaterThan(40);
    // Every level was written (trace is the lowest), and the requests are there, by route.
    expect(server.log.level).toBe('trace');
    expect(lines.some((l) => l.includes('"url":"/auth/validate-reset-token?token=~"'))).toBe(true);
    expect(lines.some((l) => l.includes('mail written to a file'))).toBe(true);
    const leaks: string[] = [];
    for (const line of lines) {
      for (const secret of secrets)
        if (line.includes(secret)) leaks.push(`${secret.slice(0, 12)}… in ${line.slice(0, 200)}`);
      if (/[\w.+-]+@[\w-]+\.[\w.-]+/.test(line)) leaks.push(`an email address in ${line.slice(0, 200)}`);
      if (/(reset-password|verify-email)\?token=(?!~)/.test(line)) leaks.push(`a mailed link in ${line.slice(0, 200)}`);
    }
    expect(leaks).toEqual([]);
  });

  it('a client cannot set the request id of the log (no forged correlation)', async () => {
    const res = await server.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': 'forged-id-1' } });
    expect(res.headers['x-request-id']).not.toBe('forged-id-1');
    expect(lines.some((l) => l.includes('forged-id-1'))).toBe(false);
  });
});
