import { MSG } from '@certitude/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.js';
import { createMember, freshIp, PASSWORD } from '../../../test/support/accounts.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

async function signIn(username: string, password = PASSWORD) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/auth/login',
    payload: { username, password },
    remoteAddress: freshIp(),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { token: string; refreshToken: string };
}

const profile = (token: string) =>
  t.app.inject({ method: 'GET', url: '/api/user/profile', headers: { authorization: `Bearer ${token}` } });

describe('an access token ends with its session, not 5 minutes later', () => {
  it('stops at once after a sign-out, on the next request, while other sessions go on', async () => {
    const member = await createMember(t.db.db);
    const mine = await signIn(member.username);
    const other = await signIn(member.username);
    // Seen live first, so that the answer would come from memory if nothing told it otherwise.
    expect((await profile(mine.token)).statusCode).toBe(200);
    const out = await t.app.inject({
      method: 'POST',
      url: '/auth/logout',
      payload: { refreshToken: mine.refreshToken },
    });
    expect(out.statusCode).toBe(204);
    const after = await profile(mine.token);
    expect(after.statusCode).toBe(401);
    expect(after.json().message).toBe(MSG.sessionInvalid);
    expect((await profile(other.token)).statusCode).toBe(200);
  });

  it('stops every other session at once after a password change; the session that changed it goes on', async () => {
    const member = await createMember(t.db.db);
    const here = await signIn(member.username);
    const elsewhere = await signIn(member.username);
    expect((await profile(elsewhere.token)).statusCode).toBe(200);
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/user/change-password',
      headers: { authorization: `Bearer ${here.token}` },
      payload: { currentPassword: PASSWORD, newPassword: 'Another-Secret-42', confirmPassword: 'Another-Secret-42' },
      remoteAddress: freshIp(),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await profile(elsewhere.token)).statusCode).toBe(401);
    expect((await profile(here.token)).statusCode).toBe(200);
  });

  it('stops after a replayed refresh token revokes its family', async () => {
    const member = await createMember(t.db.db);
    const session = await signIn(member.username);
    const refresh = (refreshToken: string) =>
      t.app.inject({ method: 'POST', url: '/auth/refresh', payload: { refreshToken }, remoteAddress: freshIp() });
    const renewed = (await refresh(session.refreshToken)).json() as { token: string };
    expect((await profile(renewed.token)).statusCode).toBe(200);
    // The first refresh token, used again: someone else holds it.
    expect((await refresh(session.refreshToken)).statusCode).toBe(401);
    expect((await profile(renewed.token)).statusCode).toBe(401);
    expect((await profile(session.token)).statusCode).toBe(401);
  });
});
