import { MSG, userSchema } from '@certitude/shared';
import { eq } from 'drizzle-orm';
import { decodeJwt, decodeProtectedHeader } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailTokens, refreshTokens, users } from '../../db/schema/index.js';
import { accountsAppAndCaller, type AccountsTestApp, type JsonCall } from '../../../test/support/accounts.js';
import { createMember, mailedToken, outbox, PASSWORD, unique } from '../../../test/support/accounts.js';

let t: AccountsTestApp;
let call: JsonCall;
beforeAll(async () => ({ t, call } = await accountsAppAndCaller()));
afterAll(() => t.close());

const registration = (name = `new_${unique()}`) => ({
  username: name,
  email: `${name}@example.org`,
  password: 'a-long-password',
  confirmPassword: 'a-long-password',
});

describe('POST /auth/register', () => {
  it('creates an unverified account and queues a verification link, in text and HTML', async () => {
    const body = registration();
    const res = await call('POST', '/auth/register', body);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ message: MSG.registered });
    const [row] = await t.db.db.select().from(users).where(eq(users.username, body.username));
    expect(row).toMatchObject({ email: body.email, emailVerified: false, role: 'USER' });
    expect(row!.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    const mail = (await outbox(t.db.db, t.app)).find((m) => m.toAddress === body.email)!;
    expect(mail).toMatchObject({ kind: 'verify-email', status: 'PENDING' });
    expect(mail.textBody).toMatch(/http:\/\/certitude\.test\/verify-email\?token=[\w-]{43}\n/);
    expect(mail.htmlBody).toMatch(/href="http:\/\/certitude\.test\/verify-email\?token=[\w-]{43}"/);
    expect(mail.htmlBody).toContain(body.username);
  });

  it.each([
    ['no username', { username: undefined }, MSG.usernameRequired],
    ['an empty username', { username: '' }, MSG.usernameRequired],
    ['a 2-character username', { username: 'ab' }, MSG.usernameLength],
    ['a 51-character username', { username: 'a'.repeat(51) }, MSG.usernameLength],
    ['no email', { email: undefined }, MSG.emailRequired],
    ['an empty email', { email: '  ' }, MSG.emailRequired],
    ['a malformed email', { email: 'not-an-email' }, MSG.emailInvalid],
    ['no password', { password: undefined }, MSG.passwordRequired],
    ['an empty password', { password: '', confirmPassword: '' }, MSG.passwordRequired],
    ['a 7-character password', { password: 'short12', confirmPassword: 'short12' }, MSG.registerPasswordMin],
    ['a different confirmation', { confirmPassword: 'another-password' }, MSG.passwordsDoNotMatch],
  ])('refuses %s with the text of the rule', async (_case, change, message) => {
    const res = await call('POST', '/auth/register', { ...registration(), ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ statusCode: 400, error: 'Bad Request', message });
  });

  it('accepts usernames of exactly 3 and 50 characters', async () => {
    for (const name of [`u${unique()}`.slice(0, 3), `x${unique()}`.padEnd(50, 'y')]) {
      const res = await call('POST', '/auth/register', {
        ...registration(),
        username: name,
        email: `${name}@example.org`,
      });
      expect(res.statusCode, name).toBe(201);
    }
  });

  it('answers 409 for a taken username or email, whatever their case', async () => {
    const body = registration();
    expect((await call('POST', '/auth/register', body)).statusCode).toBe(201);
    const sameName = await call('POST', '/auth/register', {
      ...registration(),
      username: body.username.toUpperCase(),
    });
    expect(sameName.statusCode).toBe(409);
    expect(sameName.json().message).toBe(MSG.usernameTaken);
    const sameEmail = await call('POST', '/auth/register', { ...registration(), email: body.email.toUpperCase() });
    expect(sameEmail.statusCode).toBe(409);
    expect(sameEmail.json().message).toBe(MSG.emailTaken);
  });
});

describe('sign-in needs a verified address', () => {
  it('403 before verification, then 200 with tokens and the user of the contract', async () => {
    const body = registration();
    await call('POST', '/auth/register', body);
    const early = await call('POST', '/auth/login', { username: body.username, password: body.password });
    expect(early.statusCode).toBe(403);
    expect(early.json().message).toBe(MSG.emailNotVerified);

    const token = await mailedToken(t, body.email, '/verify-email');
    const verified = await call('POST', `/api/email-verification/verify?token=${token}`);
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toEqual({ success: true, message: MSG.emailVerifiedDone });

    const res = await call('POST', '/auth/login', { username: body.username, password: body.password });
    expect(res.statusCode).toBe(200);
    const auth = res.json();
    expect(Object.keys(auth).sort()).toEqual(['refreshToken', 'token', 'user']);
    expect(Object.keys(auth.user).sort()).toEqual(['createdAt', 'email', 'emailVerified', 'id', 'role', 'username']);
    expect(userSchema.parse(auth.user)).toMatchObject({ username: body.username, role: 'USER', emailVerified: true });
    expect(new Date(auth.user.createdAt).toISOString()).toBe(auth.user.createdAt);
  });

  it('the verify link works once; a used, unknown, expired or missing token is a 400 with success: false', async () => {
    const body = registration();
    await call('POST', '/auth/register', body);
    const token = await mailedToken(t, body.email, '/verify-email');
    expect((await call('POST', `/api/email-verification/verify?token=${token}`)).statusCode).toBe(200);
    const again = await call('POST', `/api/email-verification/verify?token=${token}`);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      message: MSG.verificationFailed,
      success: false,
    });
    const unknown = await call('POST', `/api/email-verification/verify?token=${'x'.repeat(43)}`);
    expect(unknown.json()).toMatchObject({ success: false, message: MSG.verificationFailed });
    const missing = await call('POST', '/api/email-verification/verify');
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ success: false, message: MSG.noVerificationToken });

    const late = registration();
    await call('POST', '/auth/register', late);
    const lateToken = await mailedToken(t, late.email, '/verify-email');
    await t.db.db.update(emailTokens).set({ expiresAt: new Date(Date.now() - 1000) });
    const expired = await call('POST', `/api/email-verification/verify?token=${lateToken}`);
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toMatchObject({ success: false, message: MSG.verificationFailed });
  });

  it('the verification link lives 24 hours', async () => {
    const body = registration();
    await call('POST', '/auth/register', body);
    const [user] = await t.db.db.select().from(users).where(eq(users.username, body.username));
    const [row] = await t.db.db.select().from(emailTokens).where(eq(emailTokens.userId, user!.id));
    const hours = (row!.expiresAt.getTime() - row!.createdAt.getTime()) / 3_600_000;
    expect(hours).toBeCloseTo(24, 1);
    expect(row!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe('POST /auth/login', () => {
  it.each([
    ['no username', { username: undefined }, MSG.usernameRequired],
    ['a 2-character username', { username: 'ab' }, MSG.usernameLength],
    ['no password', { password: undefined }, MSG.passwordRequired],
    ['an empty password', { password: '' }, MSG.passwordRequired],
    ['a 5-character password', { password: '12345' }, MSG.loginPasswordMin],
  ])('refuses %s with the text of the rule', async (_case, change, message) => {
    const res = await call('POST', '/auth/login', { username: 'someone', password: 'secret-enough', ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });

  it('answers an unknown user and a wrong password with the same 401', async () => {
    const member = await createMember(t.db.db);
    const wrong = await call('POST', '/auth/login', { username: member.username, password: 'Wrong-password-1' });
    const unknown = await call('POST', '/auth/login', { username: `ghost_${unique()}`, password: 'Wrong-password-1' });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ statusCode: 401, error: 'Unauthorized', message: MSG.loginInvalid });
    expect(unknown.json()).toEqual(wrong.json());
  });

  it('refuses accounts without a password and the system account with that same 401', async () => {
    const social = await createMember(t.db.db, { passwordHash: null });
    const system = await createMember(t.db.db, { isSystem: true });
    for (const username of [social.username, system.username]) {
      const res = await call('POST', '/auth/login', { username, password: PASSWORD });
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe(MSG.loginInvalid);
    }
  });

  it('finds the username whatever its case, and signs a 5-minute HS256 access token', async () => {
    const member = await createMember(t.db.db, { username: `Mixed_${unique()}` });
    const res = await call('POST', '/auth/login', { username: member.username.toLowerCase(), password: PASSWORD });
    expect(res.statusCode).toBe(200);
    const { token } = res.json();
    expect(decodeProtectedHeader(token).alg).toBe('HS256');
    const claims = decodeJwt(token);
    expect(claims.exp! - claims.iat!).toBe(300);
    expect(claims.sub).toBe(String(member.id));
    const profile = await call('GET', '/api/user/profile', undefined, { token });
    expect(profile.statusCode).toBe(200);
    expect(profile.json()).toEqual({
      id: member.id,
      username: member.username,
      email: member.email,
      role: 'USER',
      emailVerified: true,
      createdAt: member.createdAt.toISOString(),
    });
  });
});

describe('refresh tokens', () => {
  async function signIn() {
    const member = await createMember(t.db.db);
    const res = await call('POST', '/auth/login', { username: member.username, password: PASSWORD });
    return { member, ...(res.json() as { token: string; refreshToken: string }) };
  }

  it('are stored hashed, live 90 days and rotate on every use', async () => {
    const { member, refreshToken } = await signIn();
    const [row] = await t.db.db.select().from(refreshTokens).where(eq(refreshTokens.userId, member.id));
    expect(row!.tokenHash).not.toContain(refreshToken);
    expect(row!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect((row!.expiresAt.getTime() - row!.createdAt.getTime()) / 86_400_000).toBeCloseTo(90, 1);

    const res = await call('POST', '/auth/refresh', { refreshToken });
    expect(res.statusCode).toBe(200);
    const next = res.json();
    expect(next.refreshToken).not.toBe(refreshToken);
    expect(next.user.id).toBe(member.id);
    expect((await call('GET', '/api/user/profile', undefined, { token: next.token })).statusCode).toBe(200);
    // The new token keeps the family's absolute end: 90 days from sign-in, not from the refresh.
    const rows = await t.db.db.select().from(refreshTokens).where(eq(refreshTokens.userId, member.id));
    expect(new Set(rows.map((r) => r.expiresAt.getTime())).size).toBe(1);
  });

  it('reuse of a rotated token is refused and revokes the whole family', async () => {
    const { refreshToken: first } = await signIn();
    const second = (await call('POST', '/auth/refresh', { refreshToken: first })).json().refreshToken;
    const reuse = await call('POST', '/auth/refresh', { refreshToken: first });
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json().message).toBe(MSG.refreshInvalid);
    // The thief or the owner, whoever holds the newest token, is signed out too.
    expect((await call('POST', '/auth/refresh', { refreshToken: second })).statusCode).toBe(401);
  });

  it('reuse revokes only that family: another sign-in of the same member goes on', async () => {
    const { member, refreshToken: first } = await signIn();
    const other = (await call('POST', '/auth/login', { username: member.username, password: PASSWORD })).json();
    await call('POST', '/auth/refresh', { refreshToken: first });
    await call('POST', '/auth/refresh', { refreshToken: first });
    expect((await call('POST', '/auth/refresh', { refreshToken: other.refreshToken })).statusCode).toBe(200);
  });

  it('an expired or unknown token is refused', async () => {
    const { member, refreshToken } = await signIn();
    await t.db.db
      .update(refreshTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(refreshTokens.userId, member.id));
    expect((await call('POST', '/auth/refresh', { refreshToken })).statusCode).toBe(401);
    expect((await call('POST', '/auth/refresh', { refreshToken: 'unknown-token' })).statusCode).toBe(401);
    expect((await call('POST', '/auth/refresh', {})).statusCode).toBe(400);
  });

  it('logout: 204, and the token (and its family) stops working; unknown tokens are fine', async () => {
    const { refreshToken } = await signIn();
    const next = (await call('POST', '/auth/refresh', { refreshToken })).json().refreshToken;
    const res = await call('POST', '/auth/logout', { refreshToken: next });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect((await call('POST', '/auth/refresh', { refreshToken: next })).statusCode).toBe(401);
    expect((await call('POST', '/auth/logout', { refreshToken: 'never-issued' })).statusCode).toBe(204);
  });

  it('two refreshes racing with one token: one wins, the other counts as reuse', async () => {
    const { refreshToken } = await signIn();
    const results = await Promise.all([
      call('POST', '/auth/refresh', { refreshToken }),
      call('POST', '/auth/refresh', { refreshToken }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 401]);
  });
});

describe('POST /api/email-verification/resend', () => {
  it('answers the same for unknown, verified and unverified addresses; only the last gets mail', async () => {
    const waiting = registration();
    await call('POST', '/auth/register', waiting);
    const verified = await createMember(t.db.db);
    const before = (await outbox(t.db.db, t.app)).length;
    const answers = [];
    for (const email of [`nobody_${unique()}@example.org`, verified.email, waiting.email.toUpperCase()]) {
      const res = await call('POST', '/api/email-verification/resend', { email });
      answers.push([res.statusCode, res.body]);
    }
    expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);
    expect(answers[0]).toEqual([200, JSON.stringify({ message: MSG.verificationLinkSent })]);
    const mails = (await outbox(t.db.db, t.app)).slice(before);
    expect(mails.map((m) => [m.toAddress, m.kind])).toEqual([[waiting.email, 'verify-email']]);
    // The new link works.
    const token = await mailedToken(t, waiting.email, '/verify-email');
    expect((await call('POST', `/api/email-verification/verify?token=${token}`)).statusCode).toBe(200);
  });

  it('refuses a malformed address with the text of the rule', async () => {
    const res = await call('POST', '/api/email-verification/resend', { email: 'nope' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(MSG.emailInvalid);
  });
});

describe('the OpenAPI document', () => {
  it('describes every accounts call', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/auth/register',
        '/auth/login',
        '/auth/refresh',
        '/auth/logout',
        '/auth/forgot-password',
        '/auth/validate-reset-token',
        '/auth/reset-password',
        '/auth/oauth/{provider}',
        '/auth/oauth/{provider}/callback',
        '/api/user/profile',
        '/api/user/change-password',
        '/api/user/change-email',
        '/api/email-verification/verify',
        '/api/email-verification/resend',
      ]),
    );
    expect(doc.paths['/auth/login'].post.responses['401']).toBeDefined();
    expect(doc.paths['/auth/register'].post.responses['201']).toBeDefined();
  });
});
