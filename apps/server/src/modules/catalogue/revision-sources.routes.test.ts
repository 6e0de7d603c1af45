import { MSG, type Revision } from '@certitude/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.js';
import { buildCertification } from '../../../test/factories.js';
import { signedIn, type Member } from '../../../test/support/catalogue.js';
import { certifications } from '../../db/schema/index.js';

/** Revisions of aliases, badge classes and sources (docs/catalogue.md#where-a-fact-comes-from). */
let t: TestApp;
let member: Member;
let moderator: Member;
beforeAll(async () => {
  t = await buildTestApp();
  member = await signedIn(t);
  moderator = await signedIn(t, 'MODERATOR');
});
afterAll(() => t.close());

const propose = (who: Member, certId: number, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: `/api/certification/${certId}/revisions`, headers: who.headers, payload });
const approve = (id: number) =>
  t.app.inject({ method: 'POST', url: `/api/admin/revision/${id}/approve`, headers: moderator.headers });
const certification = async (id: number) =>
  (await t.app.inject({ method: 'GET', url: `/api/certification/${id}` })).json();

const source = { url: 'https://vendor.example.com/exam', kind: 'VENDOR', retrievedOn: '2026-11-20' };

describe('revisions with a source', () => {
  it('records the source of a member’s proposal in the certification’s sources once a moderator applies it', async () => {
    const cert = await buildCertification(t.db.db);
    const res = await propose(member, cert.id, {
      changes: {
        exam: { costUsd: 300, questionCount: 50, questionCountMax: 60 },
        aliases: ['TCE', 'TCE', 'Test Cert'],
      },
      summary: 'Cost and questions from the exam page',
      source,
    });
    expect(res.statusCode).toBe(201);
    const revision = res.json() as Revision;
    expect(revision.source).toEqual(source);
    expect((await certification(cert.id)).sources).toEqual([]);

    expect((await approve(revision.id)).statusCode).toBe(200);
    const after = await certification(cert.id);
    expect(after.exam).toMatchObject({ costUsd: 300, questionCount: 50, questionCountMax: 60 });
    expect(after.aliases).toEqual(['TCE', 'Test Cert']);
    expect(after.sources).toEqual([
      {
        ...source,
        fields: [
          'exam.costUsd',
          'exam.durationMinutes',
          'exam.questionCount',
          'exam.questionCountMax',
          'exam.passingScore',
          'exam.formats',
          'exam.delivery',
          'aliases',
        ],
      },
    ]);
    expect(after).toMatchObject({ factsSource: source.url, factsVerifiedAt: source.retrievedOn });

    // Search finds it by an alias.
    const search = await t.app.inject({ url: `/api/certification?q=${encodeURIComponent('Test Cert')}` });
    expect(JSON.stringify(search.json())).toContain(cert.slug);
  });

  it('takes a fact changed without a source off the sources that no longer support it', async () => {
    const cert = await buildCertification(t.db.db);
    const first = await propose(moderator, cert.id, {
      changes: { validityMonths: 36, renewal: 'Renew every three years.' },
      summary: 'From the vendor',
      source,
    });
    expect(first.statusCode).toBe(201);
    expect((await certification(cert.id)).sources).toEqual([{ ...source, fields: ['validityMonths', 'renewal'] }]);
    const second = await propose(moderator, cert.id, { changes: { validityMonths: 24 }, summary: 'As I remember it' });
    expect(second.statusCode).toBe(201);
    expect((await certification(cert.id)).sources).toEqual([{ ...source, fields: ['renewal'] }]);
  });

  it('lets only moderators change the badge classes', async () => {
    const cert = await buildCertification(t.db.db);
    const badge = 'https://www.credly.com/org/example/badge/test-certified-engineer';
    const refused = await propose(member, cert.id, { changes: { badgeClasses: [badge] }, summary: 'Badge' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(MSG.badgeClassesModeratorsOnly);
    const done = await propose(moderator, cert.id, { changes: { badgeClasses: [badge] }, summary: 'Badge' });
    expect(done.statusCode).toBe(201);
    const [row] = await t.db.db.select().from(certifications).where(eq(certifications.id, cert.id));
    expect(row?.badgeClasses).toEqual([badge]);
  });

  it('refuses a bad source or alias with a readable 400', async () => {
    const cert = await buildCertification(t.db.db);
    const badKind = await propose(member, cert.id, {
      changes: { renewal: 'x' },
      summary: 'x',
      source: { ...source, kind: 'BLOG' },
    });
    expect(badKind.statusCode).toBe(400);
    expect(badKind.json().message).toContain('VENDOR or THIRD_PARTY');
    const longAlias = await propose(member, cert.id, { changes: { aliases: ['x'.repeat(41)] }, summary: 'x' });
    expect(longAlias.statusCode).toBe(400);
    expect(longAlias.json().message).toContain('at most 40 characters');
  });
});
