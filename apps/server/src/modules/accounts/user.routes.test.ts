import { MSG } from '@certitude/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index.js';
import { accountsAppAndCaller, type AccountsTestApp, type JsonCall } from '../../../test/support/accounts.js';
import { createMember, mailedToken, outbox, PASSWORD, unique } from '../../../test/support/accounts.js';

let t: AccountsTestApp;
let call: JsonCall;
beforeAll(async () => ({ t, call } = await accountsAppAndCaller()));
afterAll(() => t.close());

async function signIn(overrides: Parameters<typeof createMember>[1] = {}) {
  const member = await createMember(t.db.db, overrides);
  const res = await call('POST', '/auth/login', { username: member.username, password: PASSWORD });
  expect(res.statusCode).toBe(200);
  return { member, ...(res.json() as { token: string; refreshToken: string }) };
}

describe('GET /api/user/profile', () => {
  it('401 without a token, or with a bad one', async () => {
    expect((await call('GET', '/api/user/profile')).statusCode).toBe(401);
    const bad = await call('GET', '/api/user/profile', undefined, { token: 'not.a.jwt' });
    expect(bad.statusCode).toBe(401);
    expect(bad.json().message).toBe(MSG.sessionInvalid);
  });

  it('shows the role as stored now', async () => {
    const { member, token } = await signIn({ role: 'ADMIN' });
    const res = await call('GET', '/api/user/profile', undefined, { token });
    expect(res.json()).toMatchObject({ id: member.id, role: 'ADMIN', emailVerified: true });
  });
});

describe('a visitor', () => {
  it('is told to sign in, whatever the body held (found by test/security/authorization-matrix.test.ts)', async () => {
    for (const [url, body] of [
      ['/api/user/change-password', { newPassword: 'weak' }],
      ['/api/user/change-email', { newEmail: 'not-an-address' }],
    ] as const) {
      const res = await call('PUT', url, body);
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe(MSG.unauthorized);
    }
  });
});

describe('PUT /api/user/change-password', () => {
  it.each([
    ['shorter than 8', 'Abc123', MSG.passwordTooShort],
    ['without a lowercase letter', 'ABCDEFG123', MSG.passwordNeedsLowercase],
    ['without an uppercase letter', 'abcdefg123', MSG.passwordNeedsUppercase],
    ['without a number', 'Abcdefghij', MSG.passwordNeedsNumber],
  ])('refuses a new password %s with its own text', async (_case, newPassword, message) => {
    const { token } = await signIn();
    const res = await call('PUT', '/api/user/change-password', { currentPassword: PASSWORD, newPassword }, { token });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });

  it('names every rule a password breaks', async () => {
    const { token } = await signIn();
    const res = await call(
      'PUT',
      '/api/user/change-password',
      { currentPassword: PASSWORD, newPassword: 'abc' },
      { token },
    );
    expect(res.json().message).toContain(MSG.passwordTooShort);
    expect(res.json().message).toContain(MSG.passwordNeedsUppercase);
    expect(res.json().message).toContain(MSG.passwordNeedsNumber);
  });

  it('requires the current password: 400 when missing, 401 when wrong', async () => {
    const { token } = await signIn();
    const missing = await call('PUT', '/api/user/change-password', { newPassword: 'NewPassw0rd' }, { token });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe(MSG.currentPasswordRequired);
    const wrong = await call(
      'PUT',
      '/api/user/change-password',
      { currentPassword: 'Not-the-password-1', newPassword: 'NewPassw0rd' },
      { token },
    );
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().message).toBe(MSG.currentPasswordIncorrect);
    expect(
      (await call('PUT', '/api/user/change-password', { currentPassword: PASSWORD, newPassword: 'NewPassw0rd' }))
        .statusCode,
    ).toBe(401);
  });

  it('changes the password, keeps this session and signs out the others', async () => {
    const { member, token, refreshToken } = await signIn();
    const other = (await call('POST', '/auth/login', { username: member.username, password: PASSWORD })).json();
    const res = await call(
      'PUT',
      '/api/user/change-password',
      { currentPassword: PASSWORD, newPassword: 'NewPassw0rd' },
      { token },
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: MSG.passwordChanged });
    expect((await call('POST', '/auth/refresh', { refreshToken })).statusCode).toBe(200);
    expect((await call('POST', '/auth/refresh', { refreshToken: other.refreshToken })).statusCode).toBe(401);
    expect((await call('POST', '/auth/login', { username: member.username, password: PASSWORD })).statusCode).toBe(401);
    expect((await call('POST', '/auth/login', { username: member.username, password: 'NewPassw0rd' })).statusCode).toBe(
      200,
    );
    const notices = (await outbox(t.db.db, t.app)).filter(
      (m) => m.toAddress === member.email && m.kind === 'password-changed',
    );
    expect(notices).toHaveLength(1);
  });

  it('an account without a password is told how to set one', async () => {
    const member = await createMember(t.db.db, { passwordHash: null });
    const token = await t.app.accessTokens.sign({ userId: member.id, username: member.username, role: 'USER' });
    const res = await call(
      'PUT',
      '/api/user/change-password',
      { currentPassword: 'whatever', newPassword: 'NewPassw0rd' },
      { token },
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(MSG.noPasswordSet);
  });
});

describe('PUT /api/user/change-email', () => {
  it('re-authenticates: 400 without the password, 401 with a wrong one', async () => {
    const { token } = await signIn();
    const missing = await call('PUT', '/api/user/change-email', { newEmail: `n_${unique()}@example.org` }, { token });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe(MSG.currentPasswordRequired);
    const wrong = await call(
      'PUT',
      '/api/user/change-email',
      { newEmail: `n_${unique()}@example.org`, password: 'Wrong-pass-1' },
      { token },
    );
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().message).toBe(MSG.passwordIncorrect);
  });

  it.each([
    ['missing', undefined, MSG.newEmailRequired],
    ['empty', ' ', MSG.newEmailRequired],
    ['malformed', 'not-an-email', MSG.emailInvalid],
  ])('refuses a %s new email with the text of the rule', async (_case, newEmail, message) => {
    const { token } = await signIn();
    const res = await call('PUT', '/api/user/change-email', { newEmail, password: PASSWORD }, { token });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
  });

  it('an address of another account answers like a free one and changes nothing; 400 when it is the current one', async () => {
    const { member, token } = await signIn();
    const other = await createMember(t.db.db);
    const taken = await call(
      'PUT',
      '/api/user/change-email',
      { newEmail: other.email.toUpperCase(), password: PASSWORD },
      { token },
    );
    expect(taken.statusCode).toBe(200);
    expect(taken.json()).toMatchObject({ id: member.id, email: other.email.toUpperCase(), emailVerified: false });
    expect((await call('GET', '/api/user/profile', undefined, { token })).json().email).toBe(member.email);
    const same = await call('PUT', '/api/user/change-email', { newEmail: member.email, password: PASSWORD }, { token });
    expect(same.statusCode).toBe(400);
    expect(same.json().message).toBe(MSG.emailUnchanged);
  });

  it('answers the user with the new email; the old address gets a notice, the new one a verification link', async () => {
    const { member, token } = await signIn();
    const newEmail = `renamed_${unique()}@example.org`;
    const res = await call('PUT', '/api/user/change-email', { newEmail, password: PASSWORD }, { token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: member.id,
      username: member.username,
      email: newEmail,
      role: 'USER',
      emailVerified: false,
      createdAt: member.createdAt.toISOString(),
    });
    const mails = (await outbox(t.db.db, t.app)).filter((m) => [member.email, newEmail].includes(m.toAddress));
    expect(mails.map((m) => [m.toAddress, m.kind])).toEqual([
      [member.email, 'email-changed'],
      [newEmail, 'verify-email'],
    ]);
    expect(mails[0]!.textBody).toContain(newEmail);
    // The old address is told how to confirm the change, not that there is nothing to do.
    expect(mails[0]!.textBody).not.toContain('nothing more to do');
    expect(mails[0]!.textBody).toContain('you can still sign in');

    // The session goes on, and so does signing in: the account was verified, only its new address is not yet.
    const profile = (await call('GET', '/api/user/profile', undefined, { token })).json();
    expect(profile).toMatchObject({ email: newEmail, emailVerified: false });
    const login = await call('POST', '/auth/login', { username: member.username, password: PASSWORD });
    expect(login.statusCode).toBe(200);
    // The profile's "Send the link again" mails the new address a fresh link, which verifies it.
    expect((await call('POST', '/api/email-verification/resend', { email: newEmail })).statusCode).toBe(200);
    const link = await mailedToken(t, newEmail, '/verify-email');
    expect((await call('POST', `/api/email-verification/verify?token=${link}`)).statusCode).toBe(200);
    expect((await call('GET', '/api/user/profile', undefined, { token })).json().emailVerified).toBe(true);
  });

  it('an account that never verified an address is still refused sign-in after moving to a new one', async () => {
    const member = await createMember(t.db.db, { emailVerified: false });
    const token = await t.app.accessTokens.sign({ userId: member.id, username: member.username, role: 'USER' });
    const newEmail = `unproven_${unique()}@example.org`;
    expect((await call('PUT', '/api/user/change-email', { newEmail, password: PASSWORD }, { token })).statusCode).toBe(
      200,
    );
    const login = await call('POST', '/auth/login', { username: member.username, password: PASSWORD });
    expect(login.statusCode).toBe(403);
    expect(login.json().message).toBe(MSG.emailNotVerified);
  });

  it('a verification link for the old address cannot verify the new one', async () => {
    const member = await createMember(t.db.db, { emailVerified: false });
    await call('POST', '/api/email-verification/resend', { email: member.email });
    const oldLink = await mailedToken(t, member.email, '/verify-email');
    const token = await t.app.accessTokens.sign({ userId: member.id, username: member.username, role: 'USER' });
    const newEmail = `moved_${unique()}@example.org`;
    expect((await call('PUT', '/api/user/change-email', { newEmail, password: PASSWORD }, { token })).statusCode).toBe(
      200,
    );
    expect((await call('POST', `/api/email-verification/verify?token=${oldLink}`)).statusCode).toBe(400);
    const [row] = await t.db.db.select().from(users).where(eq(users.id, member.id));
    expect(row!.emailVerified).toBe(false);
  });
});
