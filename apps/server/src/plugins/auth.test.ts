import { eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/app.js';
import { buildUser } from '../../test/factories.js';
import { users } from '../db/schema/index.js';
import { requireAdmin, requireModerator } from './auth.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({
    extend: (app) => {
      app.get('/api/probe/viewer', async (request) => ({ viewer: request.viewer ?? null }));
      app.get('/api/probe/moderator', async (request) => ({ id: requireModerator(request).id }));
      app.get('/api/probe/admin', async (request) => ({ id: requireAdmin(request).id }));
    },
  });
});
afterAll(() => t.close());

const call = (url: string, token?: string) =>
  t.app.inject({ method: 'GET', url, headers: token ? { authorization: `Bearer ${token}` } : {} });

describe('bearer access tokens', () => {
  it('no token: a visitor', async () => {
    const res = await call('/api/probe/viewer');
    expect(res.json()).toEqual({ viewer: null });
  });

  it('a valid token names the member, read fresh from the database', async () => {
    const user = await buildUser(t.db.db, { role: 'MODERATOR' });
    const token = await t.app.accessTokens.sign({ userId: user.id, username: user.username, role: 'USER' });
    const res = await call('/api/probe/viewer', token);
    expect(res.statusCode).toBe(200);
    expect(res.json().viewer).toMatchObject({ id: user.id, username: user.username, role: 'MODERATOR' });
  });

  it.each([
    ['tampered', async (token: string) => token.slice(0, -2) + (token.endsWith('AA') ? 'BB' : 'AA')],
    [
      'signed with another secret',
      async () =>
        new SignJWT({ typ: 'access', username: 'x', role: 'ADMIN' })
          .setProtectedHeader({ alg: 'HS256' })
          .setSubject('1')
          .setIssuer('http://certitude.test')
          .setIssuedAt()
          .setExpirationTime('5m')
          .sign(new TextEncoder().encode('another-secret-another-secret-another')),
    ],
    [
      'alg none',
      async () => {
        const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
        return `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ sub: '1', typ: 'access', iss: 'http://certitude.test', iat: 1, exp: 9999999999 })}.`;
      },
    ],
    [
      'expired',
      async () => {
        const user = await buildUser(t.db.db);
        return t.app.accessTokens.sign(
          { userId: user.id, username: user.username, role: 'USER' },
          Date.now() - 6 * 60_000,
        );
      },
    ],
    ['garbage', async () => 'not-a-token'],
  ])('a %s token is 401', async (_name, make) => {
    const user = await buildUser(t.db.db);
    const good = await t.app.accessTokens.sign({ userId: user.id, username: user.username, role: 'USER' });
    const res = await call('/api/probe/viewer', await make(good));
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toMatch(/sign in again/);
  });

  it('a refused token still gets the security headers', async () => {
    const res = await call('/api/probe/viewer', 'not-a-token');
    expect(res.statusCode).toBe(401);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(String(res.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
  });

  it("a deleted account's token is 401", async () => {
    const user = await buildUser(t.db.db);
    const token = await t.app.accessTokens.sign({ userId: user.id, username: user.username, role: 'USER' });
    await t.db.db.delete(users).where(eq(users.id, user.id));
    expect((await call('/api/probe/viewer', token)).statusCode).toBe(401);
  });

  it('role checks: USER 403 for moderator and admin routes; demotion applies at once', async () => {
    const user = await buildUser(t.db.db, { role: 'ADMIN' });
    const token = await t.app.accessTokens.sign({ userId: user.id, username: user.username, role: 'ADMIN' });
    expect((await call('/api/probe/admin', token)).statusCode).toBe(200);
    await t.db.db.update(users).set({ role: 'MODERATOR' }).where(eq(users.id, user.id));
    expect((await call('/api/probe/admin', token)).statusCode).toBe(403);
    expect((await call('/api/probe/moderator', token)).statusCode).toBe(200);
    await t.db.db.update(users).set({ role: 'USER' }).where(eq(users.id, user.id));
    expect((await call('/api/probe/moderator', token)).statusCode).toBe(403);
    expect((await call('/api/probe/moderator')).statusCode).toBe(401);
  });
});
