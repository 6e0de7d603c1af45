import { MSG } from '@certitude/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectedRedis, REDIS_URL } from '../../../test/support/redis.js';
import { createTestDatabase, type TestDatabase } from '../../../test/database.js';
import { LOGIN_FAILURES_PER_ACCOUNT_HOURLY, loginDelayMs } from './account-limits.js';
import { accountsAppAndCaller, type AccountsTestApp, type JsonCall } from '../../../test/support/accounts.js';
import { buildAccountsApp, createMember, freshIp, json, PASSWORD, unique } from '../../../test/support/accounts.js';

async function redisReachable(): Promise<boolean> {
  const redis = await connectedRedis();
  if (!redis) return false;
  try {
    return (await redis.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    redis.disconnect();
  }
}

const wrongLogin = (username: string) => ({ username, password: 'Wrong-password-1' });

describe('rate limits, one instance (memory store)', () => {
  let t: AccountsTestApp;
  let call: JsonCall;
  beforeAll(async () => ({ t, call } = await accountsAppAndCaller()));
  afterAll(() => t.close());

  it('login: 6 failures a minute from one address, then 429 with the text of the rule and Retry-After', async () => {
    const ip = freshIp();
    for (let i = 0; i < 6; i++) {
      expect((await call('POST', '/auth/login', wrongLogin(`ghost_${unique()}`), { ip })).statusCode).toBe(401);
    }
    const blocked = await call('POST', '/auth/login', wrongLogin(`ghost_${unique()}`), { ip });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toBe(MSG.loginTooMany);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(blocked.headers['retry-after'])).toBeLessThanOrEqual(60);
    // Another address is not concerned.
    expect((await call('POST', '/auth/login', wrongLogin(`ghost_${unique()}`))).statusCode).toBe(401);
  });

  it('login: 5 failures a minute on one account from one address, then 429 for that address only', async () => {
    const member = await createMember(t.db.db);
    const ip = freshIp();
    for (let i = 0; i < 5; i++) {
      expect((await call('POST', '/auth/login', wrongLogin(member.username), { ip })).statusCode).toBe(401);
    }
    const right = { username: member.username.toUpperCase(), password: PASSWORD };
    const blocked = await call('POST', '/auth/login', right, { ip });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toBe(MSG.loginTooMany);
    // The owner elsewhere is not refused.
    expect((await call('POST', '/auth/login', right)).statusCode).toBe(200);
  });

  it('an unknown username is limited exactly like a known one (no enumeration through the limit)', async () => {
    const ghost = `ghost_${unique()}`;
    const ip = freshIp();
    const codes = [];
    for (let i = 0; i < 6; i++) codes.push((await call('POST', '/auth/login', wrongLogin(ghost), { ip })).statusCode);
    expect(codes).toEqual([401, 401, 401, 401, 401, 429]);
  });

  it('login: failures on one account from anywhere slow its sign-ins down, never refuse them', async () => {
    const member = await createMember(t.db.db);
    for (let i = 0; i < 5; i++) await t.app.rateLimiter.record(LOGIN_FAILURES_PER_ACCOUNT_HOURLY, member.username);
    let started = performance.now();
    expect((await call('POST', '/auth/login', { username: member.username, password: PASSWORD })).statusCode).toBe(200);
    const free = performance.now() - started;
    for (let i = 0; i < 10; i++) await t.app.rateLimiter.record(LOGIN_FAILURES_PER_ACCOUNT_HOURLY, member.username);
    started = performance.now();
    const res = await call('POST', '/auth/login', { username: member.username, password: PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(loginDelayMs(15) - 20);
    expect(loginDelayMs(15)).toBeGreaterThan(free);
    expect(loginDelayMs(5)).toBe(0);
    expect(loginDelayMs(10_000)).toBe(2_000);
  });

  it('successful sign-ins do not count: an office behind one address keeps signing in', async () => {
    const ip = freshIp();
    const member = await createMember(t.db.db);
    for (let i = 0; i < 8; i++) {
      expect(
        (await call('POST', '/auth/login', { username: member.username, password: PASSWORD }, { ip })).statusCode,
      ).toBe(200);
    }
  });

  it('a wrong password when changing password or email counts against the account at that address', async () => {
    const member = await createMember(t.db.db);
    const token = await t.app.accessTokens.sign({ userId: member.id, username: member.username, role: 'USER' });
    const ip = freshIp();
    const codes = [];
    for (let i = 0; i < 6; i++) {
      const res = await call(
        'PUT',
        '/api/user/change-email',
        { newEmail: `x_${unique()}@example.org`, password: 'Wrong-1!' },
        { token, ip },
      );
      codes.push(res.statusCode);
    }
    expect(codes).toEqual([401, 401, 401, 401, 401, 429]);
  });

  it('register: 20 an hour from one address, 5 an hour for one email', async () => {
    const ip = freshIp();
    const taken = await createMember(t.db.db);
    const codes = [];
    for (let i = 0; i < 21; i++) {
      const name = `reg_${unique()}`;
      // Refused attempts count too: each one probes whether a name is taken.
      const body = {
        username: taken.username,
        email: `${name}@example.org`,
        password: 'long-enough',
        confirmPassword: 'long-enough',
      };
      codes.push((await call('POST', '/auth/register', body, { ip })).statusCode);
    }
    expect(codes.slice(0, 20).every((c) => c === 409)).toBe(true);
    expect(codes[20]).toBe(429);

    const email = `target_${unique()}@example.org`;
    const perEmail = [];
    for (let i = 0; i < 6; i++) {
      const body = { username: taken.username, email, password: 'long-enough', confirmPassword: 'long-enough' };
      perEmail.push((await call('POST', '/auth/register', body)).statusCode);
    }
    expect(perEmail).toEqual([409, 409, 409, 409, 409, 429]);
  });

  it('forgot-password: 3 an hour per address, known or not, and 10 an hour from one client address', async () => {
    const member = await createMember(t.db.db);
    for (const email of [member.email, `nobody_${unique()}@example.org`]) {
      const codes = [];
      for (let i = 0; i < 4; i++) codes.push((await call('POST', '/auth/forgot-password', { email })).statusCode);
      expect(codes).toEqual([200, 200, 200, 429]);
    }
    const blocked = await call('POST', '/auth/forgot-password', { email: member.email });
    expect(blocked.json().message).toBe(MSG.forgotTooMany);

    const ip = freshIp();
    const codes = [];
    for (let i = 0; i < 11; i++) {
      codes.push(
        (await call('POST', '/auth/forgot-password', { email: `n_${unique()}@example.org` }, { ip })).statusCode,
      );
    }
    expect(codes.filter((c) => c === 429)).toHaveLength(1);
    expect(codes[10]).toBe(429);
  });

  it('resend: 3 an hour per address, 10 an hour from one client address', async () => {
    const email = `nobody_${unique()}@example.org`;
    const codes = [];
    for (let i = 0; i < 4; i++)
      codes.push((await call('POST', '/api/email-verification/resend', { email })).statusCode);
    expect(codes).toEqual([200, 200, 200, 429]);
    const ip = freshIp();
    const perIp = [];
    for (let i = 0; i < 11; i++) {
      perIp.push(
        (await call('POST', '/api/email-verification/resend', { email: `n_${unique()}@example.org` }, { ip }))
          .statusCode,
      );
    }
    expect(perIp[9]).toBe(200);
    expect(perIp[10]).toBe(429);
  });

  it('tokens: 20 wrong verification or reset tokens an hour from one address, then 429 even for a good one', async () => {
    const ip = freshIp();
    for (let i = 0; i < 10; i++) {
      expect((await call('POST', `/api/email-verification/verify?token=guess${i}`, undefined, { ip })).statusCode).toBe(
        400,
      );
      expect((await call('GET', `/auth/validate-reset-token?token=guess${i}`, undefined, { ip })).statusCode).toBe(400);
    }
    const blocked = await call('POST', '/api/email-verification/verify?token=guess', undefined, { ip });
    expect(blocked.statusCode).toBe(429);
    expect(
      (
        await call(
          'POST',
          '/auth/reset-password',
          { token: 'guess', password: 'Aa1!aaaa', confirmPassword: 'Aa1!aaaa' },
          { ip },
        )
      ).statusCode,
    ).toBe(429);
    expect((await call('POST', '/api/email-verification/verify?token=guess')).statusCode).toBe(400);
  });
});

describe('rate limits shared by two instances through Redis', async () => {
  const available = await redisReachable();
  let database: TestDatabase;
  let a: AccountsTestApp;
  let b: AccountsTestApp;

  beforeAll(async () => {
    if (!available) return;
    database = await createTestDatabase();
    a = await buildAccountsApp({ REDIS_URL }, database);
    b = await buildAccountsApp({ REDIS_URL }, database);
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await database?.destroy();
  });

  it.skipIf(!available && !process.env.CI)('login failures from one address add up across instances', async () => {
    expect(available, `Redis is required at ${REDIS_URL} in CI`).toBe(true);
    const ip = freshIp();
    const codes = [];
    for (let i = 0; i < 7; i++) {
      const app = i % 2 === 0 ? a : b;
      codes.push((await json(app.app)('POST', '/auth/login', wrongLogin(`ghost_${unique()}`), { ip })).statusCode);
    }
    expect(codes).toEqual([401, 401, 401, 401, 401, 401, 429]);
  });

  it.skipIf(!available && !process.env.CI)(
    'failures on one account from one address add up across instances, and block that address only',
    async () => {
      const member = await createMember(database.db);
      const ip = freshIp();
      for (let i = 0; i < 5; i++) {
        const app = i % 2 === 0 ? a : b;
        expect((await json(app.app)('POST', '/auth/login', wrongLogin(member.username), { ip })).statusCode).toBe(401);
      }
      for (const app of [a, b]) {
        const res = await json(app.app)(
          'POST',
          '/auth/login',
          { username: member.username, password: PASSWORD },
          { ip },
        );
        expect(res.statusCode).toBe(429);
        const elsewhere = await json(app.app)('POST', '/auth/login', { username: member.username, password: PASSWORD });
        expect(elsewhere.statusCode).toBe(200);
      }
    },
  );

  it.skipIf(!available && !process.env.CI)('forgot-password per address is shared too', async () => {
    const email = `nobody_${unique()}@example.org`;
    const codes = [];
    for (const app of [a, b, a, b])
      codes.push((await json(app.app)('POST', '/auth/forgot-password', { email })).statusCode);
    expect(codes).toEqual([200, 200, 200, 429]);
  });
});
