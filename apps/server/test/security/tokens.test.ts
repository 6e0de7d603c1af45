/*
 * Attacks on the bearer and refresh tokens that src/plugins/auth.test.ts and the accounts tests leave out:
 * payloads and headers changed under a kept signature, tokens signed right but of the wrong kind, a token
 * or refresh token of an account demoted, deleted or shut out (the system account), the refresh token of a
 * rotated-then-logged-out session, and random bearer values on every call of the OpenAPI document. Every
 * refusal is 401 on any route (docs/decisions/0004), or 403 when a valid member lacks the role.
 */
import { MSG } from '@certitude/shared';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { SignJWT } from 'jose';
import { afterAll, describe, expect, it } from 'vitest';
import { users } from '../../src/db/schema/index.js';
import { buildTestApp } from '../app.js';
import { FUZZ_SEED } from './arbitraries.js';
import {
  buildAccount,
  buildCertification,
  expectErrorShape,
  freshIp,
  openApiOperations,
  PASSWORD,
  type Member,
} from './support.js';
import { accessToken } from '../factories.js';

const t = await buildTestApp();
afterAll(() => t.close());

const ISSUER = t.config.publicUrl;
const KEY = new TextEncoder().encode(t.config.jwtSecret);

const call = (method: 'GET' | 'POST' | 'PUT', url: string, token?: string, payload?: object) =>
  t.app.inject({
    method,
    url,
    headers: token === undefined ? {} : { authorization: `Bearer ${token}` },
    ...(payload ? { payload } : {}),
    remoteAddress: freshIp(),
  });

/** A public call, a member's call and a moderators' call: a bad token is 401 on each (decision 0004). */
const PROBES: [string, 'GET' | 'POST', string][] = [
  ['public list', 'GET', '/api/certification'],
  ['profile', 'GET', '/api/user/profile'],
  ['moderators', 'GET', '/api/admin/pending'],
];

async function expectRefusedEverywhere(token: string) {
  for (const [name, method, url] of PROBES) {
    const res = await call(method, url, token);
    expect(res.statusCode, name).toBe(401);
    expect(res.json().message, name).toBe(MSG.sessionInvalid);
    expectErrorShape(res);
  }
}

const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
const parts = (token: string) => {
  const [header, payload, signature] = token.split('.') as [string, string, string];
  return {
    header: JSON.parse(Buffer.from(header, 'base64url').toString()) as Record<string, unknown>,
    payload: JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>,
    signature,
  };
};

/** A token signed with the app's own secret, with the claims given (so only the claims are wrong). */
function signed(claims: Record<string, unknown>, alg = 'HS256') {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ typ: 'access', username: 'x', role: 'USER', ...claims })
    .setProtectedHeader({ alg, typ: 'JWT' })
    .setIssuer(typeof claims.iss === 'string' ? claims.iss : ISSUER)
    .setIssuedAt(now)
    .setExpirationTime(typeof claims.exp === 'number' ? claims.exp : now + 300)
    .sign(KEY);
}

describe('access tokens changed or forged', () => {
  it('a member token whose payload is raised to ADMIN, signature kept, is 401', async () => {
    const member = await buildAccount(t.db.db);
    const good = await accessToken(t.app, member);
    const { payload, signature } = parts(good);
    const [h] = good.split('.');
    await expectRefusedEverywhere(`${h}.${b64({ ...payload, role: 'ADMIN' })}.${signature}`);
  });

  it("a member token pointed at an admin's id, signature kept, is 401", async () => {
    const member = await buildAccount(t.db.db);
    const admin = await buildAccount(t.db.db, 'ADMIN');
    const { payload, signature } = parts(await accessToken(t.app, member));
    const forged = `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64({ ...payload, sub: String(admin.id) })}.${signature}`;
    await expectRefusedEverywhere(forged);
  });

  it('a token whose expiry is pushed back, signature kept, is 401', async () => {
    const member = await buildAccount(t.db.db);
    const { payload, signature } = parts(
      await t.app.accessTokens.sign(
        { userId: member.id, username: member.username, role: member.role },
        Date.now() - 10 * 60_000,
      ),
    );
    const extended = { ...payload, exp: Math.floor(Date.now() / 1000) + 3600 };
    await expectRefusedEverywhere(`${b64({ alg: 'HS256', typ: 'JWT' })}.${b64(extended)}.${signature}`);
  });

  it('a header switched to another algorithm, signature kept, is 401', async () => {
    const member = await buildAccount(t.db.db);
    const { payload, signature } = parts(await accessToken(t.app, member));
    for (const alg of ['HS512', 'none', 'RS256', 'ES256']) {
      await expectRefusedEverywhere(`${b64({ alg, typ: 'JWT' })}.${b64(payload)}.${signature}`);
    }
  });

  it('a token signed with the right secret but HS384 or HS512 is 401: the algorithm is pinned', async () => {
    const member = await buildAccount(t.db.db);
    for (const alg of ['HS384', 'HS512']) {
      await expectRefusedEverywhere(await signed({ sub: String(member.id) }, alg));
    }
  });

  it.each([
    ['of another type', { typ: 'refresh' }],
    ['without a type', { typ: undefined }],
    ['of another issuer', { iss: 'https://evil.example' }],
    ['expired a second ago', { exp: Math.floor(Date.now() / 1000) - 1 }],
  ])('a token signed with the right secret but %s is 401', async (_name, claims) => {
    const member = await buildAccount(t.db.db);
    await expectRefusedEverywhere(await signed({ sub: String(member.id), ...claims }));
  });

  it.each(['0', '-1', '1.5', 'abc', '', '99999999999999999999', ' 1'])(
    'a token signed right for the subject %j is 401',
    async (sub) => {
      await expectRefusedEverywhere(await signed({ sub }));
    },
  );

  it('a refresh token sent as a bearer token is 401', async () => {
    const member = await buildAccount(t.db.db);
    const { refreshToken } = await t.app.services.accounts.sessions.start(member);
    await expectRefusedEverywhere(refreshToken);
  });

  it('an access token sent as a refresh token is refused', async () => {
    const member = await buildAccount(t.db.db);
    const res = await call('POST', '/auth/refresh', undefined, { refreshToken: await accessToken(t.app, member) });
    // Longer than any refresh token: the schema refuses it (400) before the lookup would (401).
    expect([400, 401]).toContain(res.statusCode);
    expectErrorShape(res);
  });

  it('any other scheme or a malformed header is 401, never a visitor', async () => {
    const member = await buildAccount(t.db.db);
    const token = await accessToken(t.app, member);
    for (const authorization of [`Basic ${token}`, `Token ${token}`, 'Bearer', 'Bearer ', `Bearer ${token} x`, token]) {
      const res = await t.app.inject({ method: 'GET', url: '/api/certification', headers: { authorization } });
      expect(res.statusCode, authorization.slice(0, 20)).toBe(401);
      expectErrorShape(res);
    }
  });
});

describe('random bearer values on every call of the OpenAPI document', () => {
  it('are 401 with the error shape, on public calls too', async () => {
    const operations = await openApiOperations(t.app);
    const cert = await buildCertification(t.db.db);
    const fill = (path: string) =>
      path
        .replace('{type}', 'certification')
        .replace('{provider}', 'github')
        .replace('{slug}', 'some-article')
        .replace('{id}', String(cert.id));
    const bearerText = fc.oneof(
      fc.stringMatching(/^[A-Za-z0-9._~+/-]{1,300}=*$/),
      fc
        .tuple(fc.base64String(), fc.base64String(), fc.base64String())
        .map((p) => p.join('.').replace(/=+(?=.)/g, '') || 'x'),
      fc.constantFrom('null', 'undefined', 'a.b.c', '..', 'eyJhbGciOiJub25lIn0.e30.'),
    );
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...operations), bearerText, async (op, token) => {
        const res = await t.app.inject({
          method: op.method,
          url: fill(op.path),
          headers: { authorization: `Bearer ${token}` },
          remoteAddress: freshIp(),
        });
        expect(res.statusCode, `${op.key} with ${token.slice(0, 60)}`).toBe(401);
        expectErrorShape(res, op.key);
      }),
      { seed: FUZZ_SEED, numRuns: 200, endOnFailure: true },
    );
  });
});

describe('the account behind a valid token changes', () => {
  async function signIn(member: Member) {
    const res = await call('POST', '/auth/login', undefined, { username: member.username, password: PASSWORD });
    expect(res.statusCode).toBe(200);
    return res.json() as { token: string; refreshToken: string };
  }

  it('an admin demoted through the admin call loses admin calls at once; a refresh carries the new role', async () => {
    const admin = await buildAccount(t.db.db, 'ADMIN');
    const demoted = await buildAccount(t.db.db, 'ADMIN');
    const session = await signIn(demoted);
    expect((await call('GET', '/api/admin/users', session.token)).statusCode).toBe(200);

    const res = await call('PUT', `/api/admin/users/${demoted.id}/role`, await accessToken(t.app, admin), {
      role: 'USER',
    });
    expect(res.statusCode).toBe(200);

    // The old token still says ADMIN; the account says USER, and the account decides.
    expect(parts(session.token).payload.role).toBe('ADMIN');
    for (const [method, url, body] of [
      ['GET', '/api/admin/users', undefined],
      ['GET', '/api/admin/pending', undefined],
      ['PUT', `/api/admin/users/${admin.id}/role`, { role: 'USER' }],
    ] as const) {
      const refused = await call(method, url, session.token, body);
      expect(refused.statusCode, url).toBe(403);
      expectErrorShape(refused);
    }
    const [adminRow] = await t.db.db.select().from(users).where(eq(users.id, admin.id));
    expect(adminRow!.role).toBe('ADMIN');
    expect((await call('GET', '/api/user/profile', session.token)).json().role).toBe('USER');

    const renewed = await call('POST', '/auth/refresh', undefined, { refreshToken: session.refreshToken });
    expect(renewed.statusCode).toBe(200);
    expect(renewed.json().user.role).toBe('USER');
    expect(parts(renewed.json().token).payload.role).toBe('USER');
  });

  it("a deleted account's access and refresh tokens are 401 everywhere", async () => {
    const member = await buildAccount(t.db.db);
    const session = await signIn(member);
    await t.db.db.delete(users).where(eq(users.id, member.id));
    await expectRefusedEverywhere(session.token);
    const cert = await buildCertification(t.db.db);
    const post = await call('POST', `/api/certification/${cert.id}/comments`, session.token, {
      content: 'Still here?',
    });
    expect(post.statusCode).toBe(401);
    const refresh = await call('POST', '/auth/refresh', undefined, { refreshToken: session.refreshToken });
    expect(refresh.statusCode).toBe(401);
    expect(refresh.json().message).toBe(MSG.refreshInvalid);
  });

  it('the system account (which may never sign in) is refused with a token minted for it', async () => {
    const system = await buildAccount(t.db.db, 'ADMIN', { isSystem: true });
    await expectRefusedEverywhere(await accessToken(t.app, system));
    const { refreshToken } = await t.app.services.accounts.sessions.start(system);
    expect((await call('POST', '/auth/refresh', undefined, { refreshToken })).statusCode).toBe(401);
  });
});

describe('refresh tokens after rotation', () => {
  it('logging out with an already-rotated token ends the session it belonged to', async () => {
    const member = await buildAccount(t.db.db);
    const { refreshToken: first } = await t.app.services.accounts.sessions.start(member);
    const second = (await call('POST', '/auth/refresh', undefined, { refreshToken: first })).json().refreshToken;
    expect((await call('POST', '/auth/logout', undefined, { refreshToken: first })).statusCode).toBe(204);
    const res = await call('POST', '/auth/refresh', undefined, { refreshToken: second });
    expect(res.statusCode).toBe(401);
    expectErrorShape(res);
  });

  it('reuse of a token two rotations old revokes every token of the family', async () => {
    const member = await buildAccount(t.db.db);
    const { refreshToken: first } = await t.app.services.accounts.sessions.start(member);
    const second = (await call('POST', '/auth/refresh', undefined, { refreshToken: first })).json();
    const third = (await call('POST', '/auth/refresh', undefined, { refreshToken: second.refreshToken })).json();
    // The stolen first token comes back: refused, and the family with it.
    const reuse = await call('POST', '/auth/refresh', undefined, { refreshToken: first });
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json().message).toBe(MSG.refreshInvalid);
    expect((await call('POST', '/auth/refresh', undefined, { refreshToken: third.refreshToken })).statusCode).toBe(401);
    expect((await call('POST', '/auth/refresh', undefined, { refreshToken: second.refreshToken })).statusCode).toBe(
      401,
    );
  });

  it('a refresh token changed by one character is 401', async () => {
    const member = await buildAccount(t.db.db);
    const { refreshToken } = await t.app.services.accounts.sessions.start(member);
    const flipped = refreshToken.slice(0, -1) + (refreshToken.endsWith('A') ? 'B' : 'A');
    const res = await call('POST', '/auth/refresh', undefined, { refreshToken: flipped });
    expect(res.statusCode).toBe(401);
    expect((await call('POST', '/auth/refresh', undefined, { refreshToken })).statusCode).toBe(200);
  });
});
