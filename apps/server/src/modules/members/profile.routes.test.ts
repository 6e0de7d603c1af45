import { MSG, type PublicProfile } from '@certitude/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/app.js';
import { buildCertification, buildUser } from '../../../test/factories.js';
import { appWithMember, signedIn, type Member } from '../../../test/support/catalogue.js';
import { postComment } from '../../../test/support/discussion.js';
import { call } from '../../../test/support/members.js';
import { users } from '../../db/schema/index.js';

let t: TestApp;
let member: Member;
beforeAll(async () => ({ t, member } = await appWithMember()));
afterAll(() => t.close());

const profile = (username: string) => call(t, undefined, 'GET', `/api/users/${encodeURIComponent(username)}`);

describe('GET /api/users/{username}', () => {
  it('shows public held certifications, counts and the join date to anyone, never private entries or an email', async () => {
    const [shown, hidden, studying, older] = await Promise.all([
      buildCertification(t.db.db, { validityMonths: 36 }),
      buildCertification(t.db.db),
      buildCertification(t.db.db),
      buildCertification(t.db.db),
    ]);
    const put = (id: number, body: unknown) => call(t, member, 'PUT', `/api/user/certifications/${id}`, body);
    await put(shown!.id, { status: 'HELD', earnedOn: '2024-06-01', public: true });
    await put(older!.id, { status: 'HELD', earnedOn: '2019-06-01', expiresOn: '2022-06-01', public: true });
    await put(hidden!.id, { status: 'HELD', earnedOn: '2024-06-01' });
    await put(studying!.id, { status: 'STUDYING', targetDate: '2030-01-01', public: true });
    await call(t, member, 'PUT', `/api/certification/${shown!.id}/rating`, { difficulty: 3, value: 3, recognition: 3 });
    expect((await postComment(t, member.user, shown!.id, { content: 'Passed it.' })).statusCode).toBe(201);

    const res = await profile(member.user.username);
    expect(res.statusCode).toBe(200);
    const body = res.json() as PublicProfile;
    expect(body).toEqual({
      username: member.user.username,
      joinedAt: member.user.createdAt.toISOString(),
      held: [
        {
          certification: {
            id: shown!.id,
            slug: shown!.slug,
            name: shown!.name,
            vendor: shown!.vendor,
            certCode: shown!.certCode,
            validity: 'LIMITED',
          },
          earnedOn: '2024-06-01',
          expiresOn: '2027-06-01',
        },
        expect.objectContaining({ earnedOn: '2019-06-01', expiresOn: '2022-06-01' }),
      ],
      ahead: [
        {
          certification: expect.objectContaining({ id: studying!.id, slug: studying!.slug }),
          status: 'STUDYING',
          targetDate: '2030-01-01',
        },
      ],
      ratingCount: 1,
      commentCount: 1,
      badges: [],
    });
    expect(res.body).not.toContain(member.user.email);
    expect(res.body).not.toContain('email');

    // Made private again, it leaves the profile.
    await put(shown!.id, { status: 'HELD', earnedOn: '2024-06-01', public: false });
    expect(((await profile(member.user.username)).json() as PublicProfile).held.map((h) => h.earnedOn)).toEqual([
      '2019-06-01',
    ]);
  });

  it('shows the public plan still to take, studying first, then by target day; private entries never', async () => {
    const planner = await signedIn(t);
    const certs = await Promise.all([1, 2, 3, 4].map(() => buildCertification(t.db.db)));
    const put = (id: number, body: unknown) => call(t, planner, 'PUT', `/api/user/certifications/${id}`, body);
    await put(certs[0]!.id, { status: 'PLANNED', targetDate: '2031-01-01', public: true });
    await put(certs[1]!.id, { status: 'PLANNED', targetDate: '2030-01-01', public: true });
    await put(certs[2]!.id, { status: 'STUDYING', public: true });
    // Off by default: an entry saved without `public` is never shown.
    await put(certs[3]!.id, { status: 'PLANNED', targetDate: '2029-01-01' });
    const body = (await profile(planner.user.username)).json() as PublicProfile;
    expect(body.ahead.map((a) => [a.certification.id, a.status, a.targetDate])).toEqual([
      [certs[2]!.id, 'STUDYING', null],
      [certs[1]!.id, 'PLANNED', '2030-01-01'],
      [certs[0]!.id, 'PLANNED', '2031-01-01'],
    ]);
    expect(JSON.stringify(body)).not.toContain(certs[3]!.slug);
    await put(certs[1]!.id, { status: 'PLANNED', targetDate: '2030-01-01', public: false });
    expect(
      ((await profile(planner.user.username)).json() as PublicProfile).ahead.map((a) => a.certification.id),
    ).toEqual([certs[2]!.id, certs[0]!.id]);
  });

  it('finds the member whatever the case of the name', async () => {
    const res = await profile(member.user.username.toUpperCase());
    expect(res.statusCode).toBe(200);
    expect(res.json().username).toBe(member.user.username);
  });

  it('answers 404 for an unknown name, a name no account can have, and the system account', async () => {
    const system = await buildUser(t.db.db, { isSystem: true });
    for (const name of ['nobody_here', 'x'.repeat(60), 'a\u0000b', system.username]) {
      const res = await profile(name);
      expect(res.statusCode, name).toBe(404);
      expect(res.json().message, name).toBe(MSG.memberNotFound);
    }
    // A path segment longer than the router takes is no route at all: 404 too.
    expect((await profile('x'.repeat(300))).statusCode).toBe(404);
  });

  it('counts nothing for a new member', async () => {
    const fresh = await buildUser(t.db.db);
    await t.db.db
      .update(users)
      .set({ createdAt: new Date('2025-01-02T03:04:05Z') })
      .where(eq(users.id, fresh.id));
    expect((await profile(fresh.username)).json()).toEqual({
      username: fresh.username,
      joinedAt: '2025-01-02T03:04:05.000Z',
      held: [],
      ahead: [],
      ratingCount: 0,
      commentCount: 0,
      badges: [],
    });
  });
});
