import { MSG } from '@certitude/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailTokens, refreshTokens, users } from '../../db/schema/index.js';
import { accountsAppAndCaller, type AccountsTestApp, type JsonCall } from '../../../test/support/accounts.js';
import { createMember, mailedToken, outbox, PASSWORD, unique } from '../../../test/support/accounts.js';

let t: AccountsTestApp;
let call: JsonCall;
beforeAll(async () => ({ t, call } = await accountsAppAndCaller()));
afterAll(() => t.close());

const NEW_PASSWORD = 'Brand-new-Pass1!';

async function resetLinkFor(email: string) {
  const res = await call('POST', '/auth/forgot-password', { email });
  expect(res.statusCode).toBe(200);
  return mailedToken(t, email, '/reset-password');
}

describe('POST /auth/forgot-password', () => {
  it('answers the same for a known and an unknown address; only the known one gets a link', async () => {
    const member = await createMember(t.db.db);
    const before = (await outbox(t.db.db, t.app)).length;
    const known = await call('POST', '/auth/forgot-password', { email: member.email.toUpperCase() });
    const unknown = await call('POST', '/auth/forgot-password', { email: `nobody_${unique()}@example.org` });
    expect(known.statusCode).toBe(200);
    expect(known.body).toBe(unknown.body);
    expect(unknown.statusCode).toBe(unknown.statusCode);
    expect(known.json()).toEqual({ message: MSG.resetLinkSent });
    const mails = (await outbox(t.db.db, t.app)).slice(before);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ toAddress: member.email, kind: 'reset-password' });
    expect(mails[0]!.textBody).toMatch(/http:\/\/certitude\.test\/reset-password\?token=[\w-]{43}/);
    expect(mails[0]!.htmlBody).toMatch(/href="http:\/\/certitude\.test\/reset-password\?token=[\w-]{43}"/);
  });

  it('refuses a malformed address with the text of the rule', async () => {
    const res = await call('POST', '/auth/forgot-password', { email: 'not an address' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(MSG.emailInvalid);
  });
});

describe('GET /auth/validate-reset-token', () => {
  it('200 { valid: true } for a fresh link; 400 with the text of the rule for unknown, missing, expired and used ones', async () => {
    const member = await createMember(t.db.db);
    const token = await resetLinkFor(member.email);
    const ok = await call('GET', `/auth/validate-reset-token?token=${token}`);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ valid: true });

    for (const url of ['/auth/validate-reset-token?token=nope', '/auth/validate-reset-token']) {
      const res = await call('GET', url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().message).toBe(MSG.resetInvalidToken);
    }

    await call('POST', '/auth/reset-password', { token, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD });
    expect((await call('GET', `/auth/validate-reset-token?token=${token}`)).statusCode).toBe(400);

    const other = await createMember(t.db.db);
    const late = await resetLinkFor(other.email);
    await t.db.db
      .update(emailTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(emailTokens.userId, other.id));
    expect((await call('GET', `/auth/validate-reset-token?token=${late}`)).statusCode).toBe(400);
  });

  it('a reset link lives one hour', async () => {
    const member = await createMember(t.db.db);
    await resetLinkFor(member.email);
    const [row] = await t.db.db.select().from(emailTokens).where(eq(emailTokens.userId, member.id));
    expect((row!.expiresAt.getTime() - row!.createdAt.getTime()) / 3_600_000).toBeCloseTo(1, 2);
  });
});

describe('POST /auth/reset-password', () => {
  it.each([
    ['too short', 'Ab1!xyz'],
    ['no uppercase letter', 'lower-case-1!'],
    ['no lowercase letter', 'UPPER-CASE-1!'],
    ['no digit', 'No-digits-here!'],
    ['no special character', 'NoSpecial123'],
  ])('refuses a password with %s with the text of the rule', async (_case, password) => {
    const member = await createMember(t.db.db);
    const token = await resetLinkFor(member.email);
    const res = await call('POST', '/auth/reset-password', { token, password, confirmPassword: password });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(MSG.resetPasswordRule);
  });

  it('refuses a different confirmation with the text of the rule', async () => {
    const member = await createMember(t.db.db);
    const token = await resetLinkFor(member.email);
    const res = await call('POST', '/auth/reset-password', { token, password: NEW_PASSWORD, confirmPassword: 'X' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(MSG.passwordsDoNotMatch);
  });

  it('sets the password, signs out every session, works once, and tells the owner', async () => {
    const member = await createMember(t.db.db);
    const session = (await call('POST', '/auth/login', { username: member.username, password: PASSWORD })).json();
    const token = await resetLinkFor(member.email);
    const res = await call('POST', '/auth/reset-password', {
      token,
      password: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: MSG.passwordResetDone });

    expect((await call('POST', '/auth/refresh', { refreshToken: session.refreshToken })).statusCode).toBe(401);
    const rows = await t.db.db.select().from(refreshTokens).where(eq(refreshTokens.userId, member.id));
    expect(rows.every((r) => r.revokedAt)).toBe(true);
    expect((await call('POST', '/auth/login', { username: member.username, password: PASSWORD })).statusCode).toBe(401);
    expect((await call('POST', '/auth/login', { username: member.username, password: NEW_PASSWORD })).statusCode).toBe(
      200,
    );
    const again = await call('POST', '/auth/reset-password', {
      token,
      password: 'Other-Pass-2!',
      confirmPassword: 'Other-Pass-2!',
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(MSG.resetInvalidToken);
    const notice = (await outbox(t.db.db, t.app)).filter(
      (m) => m.toAddress === member.email && m.kind === 'password-changed',
    );
    expect(notice).toHaveLength(1);
  });

  it('one reset ends every other reset link of the account', async () => {
    const member = await createMember(t.db.db);
    const first = await resetLinkFor(member.email);
    const second = await resetLinkFor(member.email);
    expect(first).not.toBe(second);
    const body = { token: second, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD };
    expect((await call('POST', '/auth/reset-password', body)).statusCode).toBe(200);
    expect((await call('POST', '/auth/reset-password', { ...body, token: first })).statusCode).toBe(400);
  });

  it('refuses an expired link', async () => {
    const member = await createMember(t.db.db);
    const token = await resetLinkFor(member.email);
    await t.db.db
      .update(emailTokens)
      .set({ expiresAt: new Date(Date.now() - 1) })
      .where(eq(emailTokens.userId, member.id));
    const res = await call('POST', '/auth/reset-password', {
      token,
      password: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(MSG.resetInvalidToken);
  });

  it('proves the address of an unverified account, and gives a social-only account a password', async () => {
    const unverified = await createMember(t.db.db, { emailVerified: false });
    const social = await createMember(t.db.db, { passwordHash: null });
    for (const member of [unverified, social]) {
      const token = await resetLinkFor(member.email);
      const body = { token, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD };
      expect((await call('POST', '/auth/reset-password', body)).statusCode).toBe(200);
      const login = await call('POST', '/auth/login', { username: member.username, password: NEW_PASSWORD });
      expect(login.statusCode, member.username).toBe(200);
    }
    const [row] = await t.db.db.select().from(users).where(eq(users.id, unverified.id));
    expect(row!.emailVerified).toBe(true);
  });
});
