import type { ModerationEntry, User } from '@certitude/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/app.js';
import { users } from '../../db/schema/index.js';
import { appWithCast, buildRole, call, type Member } from '../../../test/support/moderation.js';

let t: TestApp, member: Member, moderator: Member, admin: Member;
beforeAll(async () => ({ t, member, moderator, admin } = await appWithCast({ seed: true })));
afterAll(() => t.close());

const roleOf = async (id: number) => (await t.db.db.select().from(users).where(eq(users.id, id)))[0]!.role;

describe('GET /api/admin/users', () => {
  it('is for admins only', async () => {
    expect((await call(t, undefined, 'GET', '/api/admin/users')).statusCode).toBe(401);
    expect((await call(t, member, 'GET', '/api/admin/users')).statusCode).toBe(403);
    expect((await call(t, moderator, 'GET', '/api/admin/users')).statusCode).toBe(403);
  });

  it('finds members by part of the username or email, any case, never the system account', async () => {
    const res = await call(t, admin, 'GET', `/api/admin/users?q=${member.username.slice(-6).toUpperCase()}`);
    expect(res.statusCode).toBe(200);
    const found = res.json() as User[];
    expect(found.map((u) => u.id)).toEqual([member.id]);
    expect(Object.keys(found[0]!).sort()).toEqual([
      'createdAt',
      'email',
      'emailVerified',
      'id',
      'role',
      'suspension',
      'username',
    ]);
    expect(found[0]!).toMatchObject({ suspension: null });
    const all = (await call(t, admin, 'GET', '/api/admin/users')).json() as User[];
    expect(all.map((u) => u.username)).not.toContain('certitude');
    expect(all.length).toBeGreaterThanOrEqual(3);
    expect((await call(t, admin, 'GET', '/api/admin/users?q=%25')).json()).toEqual([]);
    expect((await call(t, admin, 'GET', `/api/admin/users?q=${'x'.repeat(101)}`)).statusCode).toBe(400);
  });
});

describe('PUT /api/admin/users/{id}/role', () => {
  it('lets an admin promote a member to moderator, on the record', async () => {
    const target = await buildRole(t, 'USER');
    const res = await call(t, admin, 'PUT', `/api/admin/users/${target.id}/role`, { role: 'MODERATOR' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: target.id, role: 'MODERATOR' });
    expect(await roleOf(target.id)).toBe('MODERATOR');
    // The new moderator's rights apply at once: the role is read per request.
    expect((await call(t, { ...target, role: 'USER' }, 'GET', '/api/admin/pending-counts')).statusCode).toBe(200);
    const log = (await call(t, admin, 'GET', '/api/admin/audit-log')).json() as ModerationEntry[];
    expect(log[0]).toMatchObject({
      action: 'CHANGE_ROLE',
      moderator: admin.username,
      itemType: 'user',
      itemId: target.id,
      itemLabel: target.username,
      reason: 'USER -> MODERATOR',
    });
  });

  it('refuses moderators and members', async () => {
    const target = await buildRole(t, 'USER');
    expect(
      (await call(t, moderator, 'PUT', `/api/admin/users/${target.id}/role`, { role: 'MODERATOR' })).statusCode,
    ).toBe(403);
    expect((await call(t, member, 'PUT', `/api/admin/users/${target.id}/role`, { role: 'ADMIN' })).statusCode).toBe(
      403,
    );
    expect((await call(t, undefined, 'PUT', `/api/admin/users/${target.id}/role`, { role: 'ADMIN' })).statusCode).toBe(
      401,
    );
    expect(await roleOf(target.id)).toBe('USER');
  });

  it('refuses a change of one’s own role', async () => {
    const res = await call(t, admin, 'PUT', `/api/admin/users/${admin.id}/role`, { role: 'USER' });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('You cannot change your own role');
    expect(await roleOf(admin.id)).toBe('ADMIN');
  });

  it('keeps an admin when the last two demote each other at the same time', async () => {
    const a = await buildRole(t, 'ADMIN');
    const b = await buildRole(t, 'ADMIN');
    await t.db.db.update(users).set({ role: 'MODERATOR' }).where(eq(users.id, admin.id));
    const results = await Promise.all([
      call(t, a, 'PUT', `/api/admin/users/${b.id}/role`, { role: 'USER' }),
      call(t, b, 'PUT', `/api/admin/users/${a.id}/role`, { role: 'USER' }),
    ]);
    const admins = await t.db.db.select().from(users).where(eq(users.role, 'ADMIN'));
    await t.db.db.update(users).set({ role: 'ADMIN' }).where(eq(users.id, admin.id));
    expect(admins.length).toBe(1);
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, expect.any(Number)]);
    expect(results.some((r) => r.statusCode === 400 || r.statusCode === 403)).toBe(true);
  });

  it('refuses to demote the last admin (service rule)', async () => {
    const others = await t.db.db.select().from(users).where(eq(users.role, 'ADMIN'));
    for (const o of others)
      if (o.id !== admin.id) await t.db.db.update(users).set({ role: 'USER' }).where(eq(users.id, o.id));
    const ghost = {
      id: moderator.id,
      username: moderator.username,
      email: moderator.email,
      role: 'ADMIN' as const,
      createdAt: moderator.createdAt,
    };
    await expect(t.app.services.userAdmin.changeRole(admin.id, 'MODERATOR', ghost)).rejects.toMatchObject({
      statusCode: 400,
      message: 'The last admin cannot be demoted',
    });
    expect(await roleOf(admin.id)).toBe('ADMIN');
  });

  it('answers 400 to a bad role or id, 404 to an unknown member, 400 for the system account', async () => {
    const target = await buildRole(t, 'USER');
    const bad = await call(t, admin, 'PUT', `/api/admin/users/${target.id}/role`, { role: 'OWNER' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('The role must be USER, MODERATOR or ADMIN');
    expect((await call(t, admin, 'PUT', `/api/admin/users/${target.id}/role`, {})).statusCode).toBe(400);
    expect((await call(t, admin, 'PUT', '/api/admin/users/abc/role', { role: 'USER' })).statusCode).toBe(400);
    const unknown = await call(t, admin, 'PUT', '/api/admin/users/999999/role', { role: 'USER' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('User not found');
    const [system] = await t.db.db.select().from(users).where(eq(users.isSystem, true));
    expect((await call(t, admin, 'PUT', `/api/admin/users/${system!.id}/role`, { role: 'ADMIN' })).statusCode).toBe(
      400,
    );
  });
});
