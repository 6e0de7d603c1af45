import { MSG, type TrackerEntry } from '@certitude/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/app.js';
import { buildCertification } from '../../../test/factories.js';
import { appWithMember, signedIn, type Member } from '../../../test/support/catalogue.js';
import { call } from '../../../test/support/members.js';
import { memberCertifications } from '../../db/schema/index.js';

let t: TestApp;
let member: Member;
beforeAll(async () => ({ t, member } = await appWithMember()));
afterAll(() => t.close());

const save = (who: Member | undefined, id: number | string, body: unknown) =>
  call(t, who, 'PUT', `/api/user/certifications/${id}`, body);
const list = async (who: Member) => (await call(t, who, 'GET', '/api/user/certifications')).json() as TrackerEntry[];
const daysFromToday = (days: number) => new Date(Date.now() + days * 24 * 3600_000).toISOString().slice(0, 10);

describe('PUT /api/user/certifications/{id}', () => {
  it('saves a held certification, its expiry computed from the validity, private unless made public', async () => {
    const cert = await buildCertification(t.db.db, { validityMonths: 36 });
    const res = await save(member, cert.slug, { status: 'HELD', earnedOn: '2024-05-17' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      certification: { id: cert.id, slug: cert.slug, name: cert.name, vendor: cert.vendor, certCode: cert.certCode },
      status: 'HELD',
      earnedOn: '2024-05-17',
      expiresOn: '2027-05-17',
      targetDate: null,
      public: false,
    });
  });

  it('keeps an expiry given, keeps the month end, and leaves the expiry empty when the validity is unknown', async () => {
    const given = await buildCertification(t.db.db, { validityMonths: 36 });
    expect(
      (await save(member, given.id, { status: 'HELD', earnedOn: '2024-05-17', expiresOn: '2026-01-01' })).json(),
    ).toMatchObject({ expiresOn: '2026-01-01' });
    const monthly = await buildCertification(t.db.db, { validityMonths: 1 });
    expect((await save(member, monthly.id, { status: 'HELD', earnedOn: '2024-01-31' })).json()).toMatchObject({
      expiresOn: '2024-02-29',
    });
    const unknown = await buildCertification(t.db.db, { validityMonths: null });
    expect((await save(member, unknown.id, { status: 'HELD', earnedOn: '2024-01-31' })).json()).toMatchObject({
      expiresOn: null,
    });
  });

  it('tells a validity not known yet from none, and follows a validity that an approved revision changes', async () => {
    const moderator = await signedIn(t, 'MODERATOR');
    const [ann, ben, author] = [await signedIn(t), await signedIn(t), await signedIn(t)];
    const cert = await buildCertification(t.db.db, { validityMonths: null, factsVerifiedAt: null });
    const lifetime = await buildCertification(t.db.db, { validityMonths: null, factsVerifiedAt: '2026-11-01' });
    expect((await save(ann, lifetime.id, { status: 'HELD', earnedOn: '2020-03-01' })).json()).toMatchObject({
      certification: { validity: 'UNLIMITED' },
      expiresOn: null,
    });
    expect((await save(ann, cert.id, { status: 'HELD', earnedOn: '2024-02-29', public: true })).json()).toMatchObject({
      certification: { validity: 'UNKNOWN' },
      expiresOn: null,
      expirySetByMember: false,
    });
    // Ben gave his expiry: the certification's validity never moves it.
    expect(
      (await save(ben, cert.id, { status: 'HELD', earnedOn: '2024-01-10', expiresOn: '2030-01-10' })).json(),
    ).toMatchObject({ expiresOn: '2030-01-10', expirySetByMember: true });

    const proposed = await call(t, author, 'POST', `/api/certification/${cert.id}/revisions`, {
      changes: { validityMonths: 36 },
      summary: 'Three years, says the vendor.',
    });
    expect(proposed.statusCode, proposed.body).toBe(201);
    const revisionId = (proposed.json() as { id: number }).id;
    // Nothing moves while the suggestion waits.
    expect((await list(ann)).find((e) => e.certification.id === cert.id)).toMatchObject({ expiresOn: null });
    expect((await call(t, moderator, 'POST', `/api/admin/revision/${revisionId}/approve`)).statusCode).toBe(200);

    const annEntry = (await list(ann)).find((e) => e.certification.id === cert.id);
    expect(annEntry).toMatchObject({ certification: { validity: 'LIMITED' }, expiresOn: '2027-02-28' });
    expect((await list(ben)).find((e) => e.certification.id === cert.id)).toMatchObject({ expiresOn: '2030-01-10' });
    const profile = (await call(t, undefined, 'GET', `/api/users/${ann.user.username}`)).json();
    expect(profile.held).toEqual([
      expect.objectContaining({
        certification: expect.objectContaining({ id: cert.id, validity: 'LIMITED' }),
        expiresOn: '2027-02-28',
      }),
    ]);

    // Reverting the change takes the expiry back to none.
    expect((await call(t, moderator, 'POST', `/api/admin/revision/${revisionId}/revert`)).statusCode).toBe(201);
    expect((await list(ann)).find((e) => e.certification.id === cert.id)).toMatchObject({
      certification: { validity: 'UNKNOWN' },
      expiresOn: null,
    });
  });

  it('replaces the entry with a new one: studying with a target date, public', async () => {
    const cert = await buildCertification(t.db.db, { validityMonths: 24 });
    await save(member, cert.id, { status: 'HELD', earnedOn: '2023-01-01', public: true });
    const res = await save(member, cert.id, { status: 'STUDYING', targetDate: '2031-09-30', public: true });
    expect(res.json()).toMatchObject({
      status: 'STUDYING',
      earnedOn: null,
      expiresOn: null,
      targetDate: '2031-09-30',
      public: true,
    });
    expect((await list(member)).filter((e) => e.certification.id === cert.id)).toHaveLength(1);
  });

  it.each([
    ['a date that is not YYYY-MM-DD', { status: 'HELD', earnedOn: '17/05/2024' }, MSG.trackerDateInvalid],
    ['a day that does not exist', { status: 'HELD', earnedOn: '2023-02-30' }, MSG.trackerDateInvalid],
    ['a date before 1970', { status: 'HELD', earnedOn: '1969-12-31' }, MSG.trackerDateInvalid],
    ['a target after 2100', { status: 'PLANNED', targetDate: '2101-01-01' }, MSG.trackerDateInvalid],
    ['a held one without its earned date', { status: 'HELD' }, MSG.trackerEarnedRequired],
    ['an earned date in the future', { status: 'HELD', earnedOn: daysFromToday(3) }, MSG.trackerEarnedInFuture],
    [
      'an expiry on the earned day',
      { status: 'HELD', earnedOn: '2024-01-01', expiresOn: '2024-01-01' },
      MSG.trackerExpiresBeforeEarned,
    ],
    [
      'a target date on a held one',
      { status: 'HELD', earnedOn: '2024-01-01', targetDate: '2030-01-01' },
      MSG.trackerTargetOnlyWhenNotHeld,
    ],
    ['an earned date on a planned one', { status: 'PLANNED', earnedOn: '2024-01-01' }, MSG.trackerDatesOnlyWhenHeld],
    ['an expiry on a studied one', { status: 'STUDYING', expiresOn: '2030-01-01' }, MSG.trackerDatesOnlyWhenHeld],
    ['an unknown status', { status: 'EXPIRED' }, 'The status must be one of HELD, STUDYING, PLANNED'],
    ['public that is not a boolean', { status: 'PLANNED', public: 'yes' }, 'public must be true or false'],
  ])('refuses %s with a clear 400', async (_label, body, message) => {
    const cert = await buildCertification(t.db.db);
    const res = await save(member, cert.id, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(message);
    expect((await list(member)).some((e) => e.certification.id === cert.id)).toBe(false);
  });

  it('accepts today as the earned day', async () => {
    const cert = await buildCertification(t.db.db);
    expect((await save(member, cert.id, { status: 'HELD', earnedOn: daysFromToday(0) })).statusCode).toBe(200);
  });

  it('is for members: 401 for visitors, before the body is looked at', async () => {
    const cert = await buildCertification(t.db.db);
    const res = await save(undefined, cert.id, { status: 'NOPE' });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe(MSG.mustLoginToTrack);
    expect((await call(t, undefined, 'GET', '/api/user/certifications')).statusCode).toBe(401);
    expect((await call(t, undefined, 'DELETE', `/api/user/certifications/${cert.id}`)).statusCode).toBe(401);
  });

  it('answers 404 for an unknown certification and for one not approved', async () => {
    const pending = await buildCertification(t.db.db, { status: 'PENDING' });
    for (const id of ['no-such-certification', '2147483647', String(pending.id)]) {
      const res = await save(member, id, { status: 'PLANNED' });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(MSG.certificationNotFound);
    }
  });

  it('the database refuses what the rules refuse, whoever writes', async () => {
    const cert = await buildCertification(t.db.db);
    await expect(
      t.db.db.insert(memberCertifications).values({ userId: member.user.id, certificationId: cert.id, status: 'HELD' }),
    ).rejects.toThrow();
  });
});

describe('DELETE /api/user/certifications/{id}', () => {
  it('takes the entry out: 204, and 204 again when there is none (a retry is no error)', async () => {
    const cert = await buildCertification(t.db.db);
    await save(member, cert.id, { status: 'PLANNED' });
    expect((await call(t, member, 'DELETE', `/api/user/certifications/${cert.slug}`)).statusCode).toBe(204);
    expect((await list(member)).some((e) => e.certification.id === cert.id)).toBe(false);
    const again = await call(t, member, 'DELETE', `/api/user/certifications/${cert.id}`);
    expect(again.statusCode).toBe(204);
    expect(again.body).toBe('');
  });

  it('leaves other members’ entries alone', async () => {
    const cert = await buildCertification(t.db.db);
    const other = await signedIn(t);
    await save(other, cert.id, { status: 'STUDYING' });
    expect((await call(t, member, 'DELETE', `/api/user/certifications/${cert.id}`)).statusCode).toBe(204);
    expect((await list(other)).map((e) => e.certification.id)).toContain(cert.id);
  });

  it('answers 404 for an unknown certification and for one not approved, as PUT does', async () => {
    const pending = await buildCertification(t.db.db, { status: 'PENDING' });
    for (const id of ['no-such-certification', '2147483647', String(pending.id)]) {
      const res = await call(t, member, 'DELETE', `/api/user/certifications/${id}`);
      expect(res.statusCode, id).toBe(404);
      expect(res.json().message).toBe(MSG.certificationNotFound);
    }
  });
});

describe('GET /api/user/certifications', () => {
  it('lists the member’s own entries, what needs attention first', async () => {
    const me = await signedIn(t);
    const someoneElse = await signedIn(t);
    const cert = (name: string, validityMonths: number | null = null) =>
      buildCertification(t.db.db, { name: `${name} ${Math.random()}`, validityMonths });
    const [late, soon, lapsed, forever, studyNear, studyOpen, planFar, planOpen] = await Promise.all([
      cert('Expires late'),
      cert('Expires soon'),
      cert('Lapsed'),
      cert('Never expires'),
      cert('Study near'),
      cert('Study open'),
      cert('Plan far'),
      cert('Plan open'),
    ]);
    await save(me, late!.id, { status: 'HELD', earnedOn: '2024-01-01', expiresOn: '2029-01-01' });
    await save(me, planOpen!.id, { status: 'PLANNED' });
    await save(me, soon!.id, { status: 'HELD', earnedOn: '2024-01-01', expiresOn: '2027-01-01' });
    await save(me, forever!.id, { status: 'HELD', earnedOn: '2020-01-01' });
    await save(me, studyOpen!.id, { status: 'STUDYING' });
    await save(me, lapsed!.id, { status: 'HELD', earnedOn: '2020-01-01', expiresOn: '2023-01-01' });
    await save(me, planFar!.id, { status: 'PLANNED', targetDate: '2032-01-01' });
    await save(me, studyNear!.id, { status: 'STUDYING', targetDate: '2026-12-01' });
    await save(someoneElse, late!.id, { status: 'PLANNED' });
    const ids = (await list(me)).map((e) => e.certification.id);
    expect(ids).toEqual([lapsed, soon, late, studyNear, studyOpen, planFar, planOpen, forever].map((c) => c!.id));
    expect((await list(someoneElse)).map((e) => e.certification.id)).toEqual([late!.id]);
  });
});
