import { randomBytes } from 'node:crypto';
import {
  MSG,
  suspendedErrorSchema,
  suspendedMessage,
  suspensionStateSchema,
  type AdminUser,
  type ModerationEntry,
  type SuspensionState,
} from '@certitude/shared';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/app.js';
import { buildUser } from '../../../test/factories.js';
import { createMember, freshIp, PASSWORD } from '../../../test/support/accounts.js';
import { appWithCast, buildRole, call, type Member } from '../../../test/support/moderation.js';
import { refreshTokens, users, userSuspensions } from '../../db/schema/index.js';
import { SignInCodeCookies, SIGN_IN_COOKIE, SIGN_IN_PATH } from '../accounts/oauth-state.js';

const DAY = 24 * 3_600_000;
/** The app's clock: tests move it forward instead of waiting. */
let offset = 0;
const now = () => new Date(Date.now() + offset);

let t: TestApp, member: Member, moderator: Member, admin: Member;
beforeAll(async () => ({ t, member, moderator, admin } = await appWithCast({ now })));
afterAll(() => t.close());

const suspend = (by: Member | undefined, id: number | string, body: unknown) =>
  call(t, by, 'POST', `/api/admin/users/${id}/suspend`, body);
const lift = (by: Member | undefined, id: number | string) => call(t, by, 'DELETE', `/api/admin/users/${id}/suspend`);
const history = (by: Member | undefined, id: number | string) =>
  call(t, by, 'GET', `/api/admin/users/${id}/suspensions`);

const login = (username: string) =>
  t.app.inject({
    method: 'POST',
    url: '/auth/login',
    payload: { username, password: PASSWORD },
    remoteAddress: freshIp(),
  });

async function lastLog(): Promise<ModerationEntry> {
  return ((await call(t, admin, 'GET', '/api/admin/audit-log')).json() as ModerationEntry[])[0]!;
}

describe('POST /api/admin/users/{id}/suspend: who may suspend whom', () => {
  it('lets a moderator suspend a member for some days, on the record with the reason', async () => {
    const target = await buildRole(t, 'USER');
    const res = await suspend(moderator, target.id, { days: 7, reason: '  Spam in comments  ' });
    expect(res.statusCode).toBe(200);
    const state = suspensionStateSchema.parse(res.json());
    expect(state).toMatchObject({ userId: target.id, username: target.username });
    expect(state.current).toMatchObject({ reason: 'Spam in comments', moderator: moderator.username, active: true });
    const ends = Date.parse(state.current!.endsAt!) - Date.parse(state.current!.createdAt);
    expect(ends).toBe(7 * DAY);
    expect(state.history).toHaveLength(1);
    expect(await lastLog()).toMatchObject({
      action: 'SUSPEND_USER',
      moderator: moderator.username,
      itemType: 'user',
      itemId: target.id,
      itemLabel: target.username,
      reason: 'Spam in comments',
    });
  });

  it('suspends until lifted when days is left out', async () => {
    const target = await buildRole(t, 'USER');
    const state = (await suspend(admin, target.id, { reason: 'Abuse' })).json() as SuspensionState;
    expect(state.current).toMatchObject({ endsAt: null, active: true });
  });

  it('refuses a moderator suspending a moderator or an admin (403), and members and visitors', async () => {
    const otherModerator = await buildRole(t, 'MODERATOR');
    const res = await suspend(moderator, otherModerator.id, { reason: 'No' });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(MSG.moderatorSuspendsMembersOnly);
    expect((await suspend(moderator, admin.id, { reason: 'No' })).statusCode).toBe(403);
    const target = await buildRole(t, 'USER');
    expect((await suspend(member, target.id, { reason: 'No' })).statusCode).toBe(403);
    expect((await suspend(undefined, target.id, { reason: 'No' })).statusCode).toBe(401);
    expect((await history(admin, target.id)).json().history).toEqual([]);
  });

  it('lets an admin suspend a moderator and another admin', async () => {
    const otherModerator = await buildRole(t, 'MODERATOR');
    expect((await suspend(admin, otherModerator.id, { days: 1, reason: 'Cool down' })).statusCode).toBe(200);
    const otherAdmin = await buildRole(t, 'ADMIN');
    expect((await suspend(admin, otherAdmin.id, { days: 1, reason: 'Cool down' })).statusCode).toBe(200);
  });

  it('refuses one’s own account (403), the system account (400) and an unknown one (404)', async () => {
    const own = await suspend(moderator, moderator.id, { reason: 'Me' });
    expect(own.statusCode).toBe(403);
    expect(own.json().message).toBe(MSG.cannotSuspendSelf);
    expect((await suspend(admin, admin.id, { reason: 'Me' })).statusCode).toBe(403);
    const system = await buildUser(t.db.db, { isSystem: true });
    const sys = await suspend(admin, system.id, { reason: 'No' });
    expect(sys.statusCode).toBe(400);
    expect(sys.json().message).toBe(MSG.cannotSuspendSystem);
    const unknown = await suspend(admin, 999_999, { reason: 'No' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(MSG.userNotFound);
    expect((await lift(admin, 999_999)).statusCode).toBe(404);
    expect((await history(admin, 999_999)).statusCode).toBe(404);
  });

  it('keeps the last admin who is not suspended (400), also when two admins suspend each other at once', async () => {
    const a = await buildRole(t, 'ADMIN');
    const b = await buildRole(t, 'ADMIN');
    // Only a and b are admins for this test.
    const others = await t.db.db.select().from(users).where(eq(users.role, 'ADMIN'));
    const demoted = others.filter((o) => o.id !== a.id && o.id !== b.id).map((o) => o.id);
    for (const id of demoted) await t.db.db.update(users).set({ role: 'MODERATOR' }).where(eq(users.id, id));
    const results = await Promise.all([
      suspend(a, b.id, { days: 1, reason: 'Race' }),
      suspend(b, a.id, { days: 1, reason: 'Race' }),
    ]);
    for (const id of demoted) await t.db.db.update(users).set({ role: 'ADMIN' }).where(eq(users.id, id));
    // One wins; the other is refused: by the rule (400), or, when the winner committed before its request was read,
    // because its own access token now belongs to a suspended account (401).
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes[0]).toBe(200);
    expect([400, 401]).toContain(codes[1]);
    const loser = results.find((r) => r.statusCode === 400);
    if (loser) expect(loser.json().message).toBe(MSG.lastAdminSuspend);
    const states = await Promise.all([history(admin, a.id), history(admin, b.id)]);
    expect(states.filter((s) => (s.json() as SuspensionState).current !== null)).toHaveLength(1);
  });

  it('answers 400 with a readable message to bad input, never 500', async () => {
    const target = await buildRole(t, 'USER');
    const cases: [unknown, RegExp][] = [
      [{}, /A reason is required/],
      [{ reason: '   ' }, /A reason is required/],
      [{ reason: 'x'.repeat(1001) }, /at most 1000 characters/],
      [{ reason: 'ok', days: 0 }, /at least 1/],
      [{ reason: 'ok', days: 1.5 }, /whole number/],
      [{ reason: 'ok', days: 3651 }, /at most 3650/],
      [{ reason: 'ok', days: '3' }, /whole number/],
      [{ reason: 'nul\u0000' }, /./],
    ];
    for (const [body, message] of cases) {
      const res = await suspend(admin, target.id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toMatch(message);
    }
    expect((await suspend(admin, 'abc', { reason: 'ok' })).statusCode).toBe(400);
    expect((await suspend(admin, 0, { reason: 'ok' })).statusCode).toBe(400);
    expect((await history(admin, target.id)).json().history).toEqual([]);
  });

  it('replaces the suspension in force: the old one ends, both stay in the history', async () => {
    const target = await buildRole(t, 'USER');
    await suspend(moderator, target.id, { days: 3, reason: 'First' });
    const state = (await suspend(admin, target.id, { reason: 'Second' })).json() as SuspensionState;
    expect(state.current).toMatchObject({ reason: 'Second', endsAt: null, active: true });
    expect(state.history.map((s) => [s.reason, s.active, s.liftedBy])).toEqual([
      ['Second', true, null],
      ['First', false, admin.username],
    ]);
    const open = await t.db.db
      .select()
      .from(userSuspensions)
      .where(and(eq(userSuspensions.userId, target.id), isNull(userSuspensions.liftedAt)));
    expect(open).toHaveLength(1);
  });
});

describe('what a suspension does', () => {
  it('refuses the sign-in with 403, the reason and the end date; the message comes from the shared builder', async () => {
    const target = await createMember(t.db.db);
    expect((await login(target.username)).statusCode).toBe(200);
    const state = (await suspend(moderator, target.id, { days: 10, reason: 'Harassment' })).json() as SuspensionState;
    const res = await login(target.username);
    expect(res.statusCode).toBe(403);
    const body = suspendedErrorSchema.parse(res.json());
    expect(body).toMatchObject({ reason: 'Harassment', endsAt: state.current!.endsAt });
    expect(body.message).toBe(suspendedMessage('Harassment', state.current!.endsAt));
    expect(body.message).toMatch(
      /^Your account is suspended until \d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2} UTC: Harassment$/,
    );
    expect(res.json().statusCode).toBe(403);

    const forever = await createMember(t.db.db);
    await suspend(moderator, forever.id, { reason: 'Spam' });
    const refused = await login(forever.username);
    expect(refused.json()).toMatchObject({
      statusCode: 403,
      message: 'Your account is suspended until a moderator lifts it: Spam',
      reason: 'Spam',
      endsAt: null,
    });
    // A wrong password still says nothing of the suspension.
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/auth/login',
      payload: { username: forever.username, password: 'Wrong-Horse-9' },
      remoteAddress: freshIp(),
    });
    expect(wrong.statusCode).toBe(401);
  });

  it('refuses the social sign-in’s session the same way', async () => {
    const target = await createMember(t.db.db);
    await suspend(moderator, target.id, { days: 2, reason: 'Spam' });
    const codes = new SignInCodeCookies(t.config.jwtSecret, false);
    const cookie = codes
      .setHeader({ userId: target.id, nonce: randomBytes(8).toString('hex'), expiresAt: Date.now() / 1000 + 60 })
      .split(';')[0]!;
    expect(cookie.startsWith(`${SIGN_IN_COOKIE}=`)).toBe(true);
    const res = await t.app.inject({ method: 'POST', url: SIGN_IN_PATH, headers: { cookie } });
    expect(res.statusCode).toBe(403);
    expect(suspendedErrorSchema.parse(res.json())).toMatchObject({ reason: 'Spam' });
  });

  it('ends every session at once: refresh tokens are refused, and so is an access token', async () => {
    const target = await createMember(t.db.db);
    const session = (await login(target.username)).json() as { token: string; refreshToken: string };
    const headers = { authorization: `Bearer ${session.token}` };
    expect((await t.app.inject({ method: 'GET', url: '/api/user/profile', headers })).statusCode).toBe(200);
    await suspend(moderator, target.id, { days: 1, reason: 'Spam' });
    const live = await t.db.db
      .select()
      .from(refreshTokens)
      .where(and(eq(refreshTokens.userId, target.id), isNull(refreshTokens.revokedAt)));
    expect(live).toEqual([]);
    const refresh = await t.app.inject({
      method: 'POST',
      url: '/auth/refresh',
      payload: { refreshToken: session.refreshToken },
    });
    expect(refresh.statusCode).toBe(401);
    // The access token is refused from the next request on (decision 27), well within its 5 minutes.
    const refused = await t.app.inject({ method: 'GET', url: '/api/user/profile', headers });
    expect(refused.statusCode).toBe(401);
    expect(refused.json().message).toBe(MSG.sessionInvalid);
  });

  it('hides the profile: /u/{username} data says suspended, the API answers 404; content and votes stay', async () => {
    const target = await buildRole(t, 'USER');
    expect((await call(t, undefined, 'GET', `/api/users/${target.username}`)).statusCode).toBe(200);
    await suspend(moderator, target.id, { days: 1, reason: 'Spam' });
    const api = await call(t, undefined, 'GET', `/api/users/${target.username}`);
    expect(api.statusCode).toBe(404);
    expect(api.json().message).toBe(MSG.memberSuspended);
    expect(await t.app.pageData.publicProfile(target.username)).toEqual({
      username: target.username,
      unavailable: 'suspended',
    });
    await lift(moderator, target.id);
    expect(await t.app.pageData.publicProfile(target.username)).toMatchObject({ username: target.username, held: [] });
  });

  it('ends by itself at its end date: sign-in works again, nothing to lift', async () => {
    const target = await createMember(t.db.db);
    await suspend(moderator, target.id, { days: 2, reason: 'Cool down' });
    expect((await login(target.username)).statusCode).toBe(403);
    offset = 2 * DAY - 60_000;
    expect((await login(target.username)).statusCode).toBe(403);
    offset = 2 * DAY + 1_000;
    try {
      const res = await login(target.username);
      expect(res.statusCode).toBe(200);
      const headers = { authorization: `Bearer ${res.json().token}` };
      expect((await t.app.inject({ method: 'GET', url: '/api/user/profile', headers })).statusCode).toBe(200);
      const state = (await history(moderator, target.id)).json() as SuspensionState;
      expect(state.current).toBeNull();
      expect(state.history[0]).toMatchObject({ active: false, liftedAt: null });
      const again = await lift(moderator, target.id);
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe(MSG.notSuspended);
    } finally {
      offset = 0;
    }
  });
});

describe('DELETE /api/admin/users/{id}/suspend and the history', () => {
  it('lifts by hand: 200 with the state, on the record, sign-in works again', async () => {
    const target = await createMember(t.db.db);
    await suspend(moderator, target.id, { reason: 'Spam' });
    expect((await lift(member, target.id)).statusCode).toBe(403);
    expect((await lift(undefined, target.id)).statusCode).toBe(401);
    const res = await lift(moderator, target.id);
    expect(res.statusCode).toBe(200);
    const state = suspensionStateSchema.parse(res.json());
    expect(state.current).toBeNull();
    expect(state.history[0]).toMatchObject({ reason: 'Spam', active: false, liftedBy: moderator.username });
    expect(state.history[0]!.liftedAt).not.toBeNull();
    expect(await lastLog()).toMatchObject({ action: 'LIFT_SUSPENSION', itemId: target.id, reason: null });
    expect((await login(target.username)).statusCode).toBe(200);
    const twice = await lift(moderator, target.id);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(MSG.notSuspended);
  });

  it('lets a moderator lift only what they may suspend', async () => {
    const otherModerator = await buildRole(t, 'MODERATOR');
    await suspend(admin, otherModerator.id, { reason: 'Cool down' });
    expect((await lift(moderator, otherModerator.id)).statusCode).toBe(403);
    expect((await lift(admin, otherModerator.id)).statusCode).toBe(200);
    const never = await buildRole(t, 'USER');
    expect((await lift(moderator, never.id)).statusCode).toBe(409);
  });

  it('answers the history to moderators and admins only, newest first', async () => {
    const target = await buildRole(t, 'USER');
    await suspend(moderator, target.id, { days: 1, reason: 'One' });
    await lift(moderator, target.id);
    await suspend(admin, target.id, { days: 5, reason: 'Two' });
    for (const who of [moderator, admin]) {
      const res = await history(who, target.id);
      expect(res.statusCode).toBe(200);
      const state = suspensionStateSchema.parse(res.json());
      expect(state.history.map((s) => s.reason)).toEqual(['Two', 'One']);
      expect(state.current?.reason).toBe('Two');
    }
    expect((await history(member, target.id)).statusCode).toBe(403);
    expect((await history(undefined, target.id)).statusCode).toBe(401);
  });

  it('shows the suspension in force in the admin member list', async () => {
    const target = await buildRole(t, 'USER');
    const clean = await buildRole(t, 'USER');
    await suspend(moderator, target.id, { days: 3, reason: 'Listed' });
    const list = (await call(t, admin, 'GET', '/api/admin/users?q=member_')).json() as AdminUser[];
    expect(list.find((u) => u.id === target.id)!.suspension).toMatchObject({ reason: 'Listed', active: true });
    expect(list.find((u) => u.id === clean.id)!.suspension).toBeNull();
  });
});
