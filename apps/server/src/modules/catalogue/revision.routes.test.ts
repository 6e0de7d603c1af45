import { MSG, type Revision } from '@certitude/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.js';
import { buildCertification } from '../../../test/factories.js';
import { mailOutbox, moderationLog } from '../../db/schema/index.js';
import { signedIn, type Member } from '../../../test/support/catalogue.js';

let t: TestApp;
let member: Member;
let other: Member;
let moderator: Member;
beforeAll(async () => {
  t = await buildTestApp();
  member = await signedIn(t);
  other = await signedIn(t);
  moderator = await signedIn(t, 'MODERATOR');
});
afterAll(() => t.close());

const propose = (who: Member | undefined, certId: number | string, payload: unknown) =>
  t.app.inject({
    method: 'POST',
    url: `/api/certification/${certId}/revisions`,
    headers: who?.headers ?? {},
    payload: payload as Record<string, unknown>,
  });
const history = (who: Member | undefined, certId: number | string) =>
  t.app.inject({ method: 'GET', url: `/api/certification/${certId}/revisions`, headers: who?.headers ?? {} });
const decide = (who: Member, id: number, action: 'approve' | 'reject' | 'revert', payload?: unknown) =>
  t.app.inject({
    method: 'POST',
    url: `/api/admin/revision/${id}/${action}`,
    headers: who.headers,
    ...(payload ? { payload: payload as Record<string, unknown> } : {}),
  });
const certification = async (id: number) =>
  (await t.app.inject({ method: 'GET', url: `/api/certification/${id}` })).json();

describe('proposing a revision', () => {
  it('a member’s proposal waits for review: the public sees neither it nor its values', async () => {
    const cert = await buildCertification(t.db.db);
    const res = await propose(member, cert.id, {
      changes: { exam: { durationMinutes: 90, questionCount: 65 }, level: 'ASSOCIATE' },
      summary: 'Length and questions from the exam guide',
    });
    expect(res.statusCode).toBe(201);
    const revision = res.json() as Revision;
    expect(revision).toMatchObject({ status: 'PENDING', author: member.user.username, reason: null });
    expect(revision.changes).toEqual([
      { field: 'level', before: null, after: 'ASSOCIATE' },
      {
        field: 'exam',
        before: {
          costUsd: null,
          durationMinutes: null,
          questionCount: null,
          questionCountMax: null,
          passingScore: null,
          formats: [],
          delivery: [],
        },
        after: {
          costUsd: null,
          durationMinutes: 90,
          questionCount: 65,
          questionCountMax: null,
          passingScore: null,
          formats: [],
          delivery: [],
        },
      },
    ]);
    expect((await certification(cert.id)).exam.durationMinutes).toBeNull();
    expect((await history(undefined, cert.id)).json()).toEqual([]);
    expect((await history(other, cert.id)).json()).toEqual([]);
    expect((await history(member, cert.id)).json()).toMatchObject([{ status: 'PENDING', decidedBy: null }]);
    expect((await history(moderator, cert.id)).json()).toHaveLength(1);
  });

  it('a moderator’s proposal, and the submitter’s of a still-pending item, apply at once', async () => {
    const cert = await buildCertification(t.db.db);
    const res = await propose(moderator, cert.id, { changes: { validityMonths: 36 }, summary: 'Three years' });
    expect(res.json()).toMatchObject({ status: 'APPLIED' });
    expect(await certification(cert.id)).toMatchObject({ validityMonths: 36, revision: 1 });

    const pending = await buildCertification(t.db.db, { status: 'PENDING', submittedById: member.user.id });
    const own = await propose(member, pending.id, { changes: { renewal: 'Pass the current exam.' }, summary: 'x' });
    expect(own.json()).toMatchObject({ status: 'APPLIED' });
    const seen = await t.app.inject({
      method: 'GET',
      url: `/api/certification/${pending.id}`,
      headers: member.headers,
    });
    expect(seen.json()).toMatchObject({ renewal: 'Pass the current exam.' });
    // Another member cannot see a pending item, so cannot propose against it.
    expect((await propose(other, pending.id, { changes: { renewal: 'y' }, summary: 'x' })).statusCode).toBe(404);
  });

  it('asks a visitor to log in, and refuses what changes nothing with 409', async () => {
    const cert = await buildCertification(t.db.db, { name: 'Unchanged Name' });
    const visitor = await propose(undefined, cert.id, { changes: { level: 'EXPERT' }, summary: 'x' });
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json().message).toBe(MSG.mustLoginToSuggestEdit);
    const same = await propose(member, cert.id, { changes: { name: 'Unchanged Name', domains: [] }, summary: 'x' });
    expect(same.statusCode).toBe(409);
    expect(same.json().message).toBe(MSG.revisionChangesNothing);
  });

  it('names each bad field and an unknown one with 400', async () => {
    const cert = await buildCertification(t.db.db);
    const bad = await propose(member, cert.id, {
      changes: { level: 'GURU', validityMonths: -3, domains: ['cooking'], color: 'blue' },
      summary: 'x',
    });
    expect(bad.statusCode).toBe(400);
    const message = bad.json().message as string;
    expect(message).toContain('level: The level must be one of');
    expect(message).toContain('validityMonths: The validity must be at least 1 month');
    expect(message).toContain('domains.0: The domain must be one of');
    expect(message).toContain('Unrecognized key: "color"');
    const noSummary = await propose(member, cert.id, { changes: { level: 'EXPERT' }, summary: ' ' });
    expect(noSummary.statusCode).toBe(400);
    expect(noSummary.json().message).toMatch(/what you changed/);
    const badDate = await propose(member, cert.id, { changes: { retiresOn: '2026-02-30' }, summary: 'x' });
    expect(badDate.statusCode).toBe(400);
    expect(badDate.json().message).toMatch(/does not exist/);
    const unknownLink = await propose(member, cert.id, {
      changes: { supersededBy: 'no-such-certification' },
      summary: 'x',
    });
    expect(unknownLink.statusCode).toBe(400);
    expect(unknownLink.json().message).toMatch(/supersededBy: there is no certification "no-such-certification"/);
    const self = await propose(member, cert.id, { changes: { supersededBy: cert.slug }, summary: 'x' });
    expect(self.statusCode).toBe(400);
    expect(self.json().message).toMatch(/cannot succeed itself/);
    const undated = await propose(member, cert.id, { changes: { lifecycle: 'RETIRED' }, summary: 'x' });
    expect(undated.statusCode).toBe(400);
    expect(undated.json().message).toMatch(/retirement date/);
  });

  it('refuses a cycle of required prerequisites with 400 that names it; recommended links may loop', async () => {
    const a = await buildCertification(t.db.db, { name: 'Cycle A' });
    const b = await buildCertification(t.db.db, { name: 'Cycle B' });
    const c = await buildCertification(t.db.db, { name: 'Cycle C' });
    const link = (from: { id: number }, to: { slug: string }, kind = 'REQUIRED') =>
      propose(moderator, from.id, { changes: { prerequisites: [{ certification: to.slug, kind }] }, summary: 'x' });
    expect((await link(a, b)).statusCode).toBe(201);
    expect((await link(b, c)).statusCode).toBe(201);
    const cycle = await link(c, a);
    expect(cycle.statusCode).toBe(400);
    expect(cycle.json().message).toBe(
      'prerequisites: these required prerequisites would form a cycle: Cycle C → Cycle A → Cycle B → Cycle C',
    );
    expect((await link(c, a, 'RECOMMENDED')).statusCode).toBe(201);
    expect((await certification(a.id)).prerequisites).toEqual([
      { certification: { id: b.id, slug: b.slug, name: 'Cycle B' }, kind: 'REQUIRED' },
    ]);
  });

  it('refuses a proposal made against a state that has changed since (409), never merging it', async () => {
    const cert = await buildCertification(t.db.db);
    const opened = (await certification(cert.id)).revision as number;
    await propose(moderator, cert.id, { changes: { validityMonths: 24 }, summary: 'x' });
    const stale = await propose(member, cert.id, {
      changes: { validityMonths: 36 },
      summary: 'x',
      baseRevision: opened,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(MSG.revisionStale);
    expect((await certification(cert.id)).validityMonths).toBe(24);
  });

  it('stops a flood of proposals with 429 and a message', async () => {
    const flooder = await signedIn(t);
    const cert = await buildCertification(t.db.db);
    const statuses: number[] = [];
    for (let i = 1; i <= 11; i++) {
      const res = await propose(flooder, cert.id, { changes: { validityMonths: i }, summary: 'x' });
      statuses.push(res.statusCode);
      if (res.statusCode === 429) expect(res.json().message).toBe(MSG.revisionTooFast);
    }
    expect(statuses.filter((s) => s === 201)).toHaveLength(10);
    expect(statuses.at(-1)).toBe(429);
  });
});

describe('reviewing revisions', () => {
  it('approving applies the values, counts the revision and is on the moderation record', async () => {
    const cert = await buildCertification(t.db.db, { description: 'An exam about clouds.' });
    const proposed = (
      await propose(member, cert.id, {
        changes: { description: 'A hands-on exam about clouds.', exam: { costUsd: 150 } },
        summary: 'From the vendor page',
      })
    ).json() as Revision;
    const counts = await t.app.inject({ method: 'GET', url: '/api/admin/pending-counts', headers: moderator.headers });
    expect(counts.json().revisions).toBeGreaterThanOrEqual(1);
    expect(counts.json().total).toBe(counts.json().certifications + counts.json().resources + counts.json().revisions);
    const queue = await t.app.inject({ method: 'GET', url: '/api/admin/pending', headers: moderator.headers });
    expect((queue.json().revisions as Revision[]).map((r) => r.id)).toContain(proposed.id);

    const approved = await decide(moderator, proposed.id, 'approve');
    expect(approved.statusCode).toBe(200);
    expect(approved.json()).toMatchObject({ status: 'APPLIED' });
    expect(approved.json().decidedAt).toEqual(expect.any(String));
    expect(await certification(cert.id)).toMatchObject({
      description: 'A hands-on exam about clouds.',
      exam: { costUsd: 150 },
      revision: 1,
    });
    const shown = (await history(undefined, cert.id)).json() as Revision[];
    expect(shown).toMatchObject([{ author: member.user.username, decidedBy: moderator.user.username }]);
    const log = await t.db.db.select().from(moderationLog).where(eq(moderationLog.itemId, cert.id));
    expect(log.map((l) => l.action)).toContain('APPROVE_REVISION');
    const mails = await t.db.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, member.user.email));
    const told = mails.find((m) => m.kind === 'revision-decided' && m.subject.includes(cert.name));
    expect(told?.subject).toBe(`Your edit of "${cert.name}" was applied`);
    expect(told?.textBody).toContain(`http://certitude.test/certification/${cert.slug}/history`);
    const again = await decide(moderator, proposed.id, 'approve');
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(MSG.revisionNotPending);
  });

  it('rejecting keeps the certification as it is and shows the reason in the history', async () => {
    const cert = await buildCertification(t.db.db);
    const proposed = (
      await propose(member, cert.id, { changes: { level: 'EXPERT' }, summary: 'x' })
    ).json() as Revision;
    const noReason = await decide(moderator, proposed.id, 'reject', { reason: '' });
    expect(noReason.statusCode).toBe(400);
    const rejected = await decide(moderator, proposed.id, 'reject', { reason: 'The vendor calls it Associate.' });
    expect(rejected.json()).toMatchObject({ status: 'REJECTED', reason: 'The vendor calls it Associate.' });
    expect((await certification(cert.id)).level).toBeNull();
    expect((await history(undefined, cert.id)).json()).toMatchObject([
      { status: 'REJECTED', decidedBy: moderator.user.username },
    ]);
    const mails = await t.db.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, member.user.email));
    const told = mails.find((m) => m.subject === `Your edit of "${cert.name}" was not applied`);
    expect(told?.textBody).toContain('Reason: The vendor calls it Associate.');
  });

  it('refuses to apply a proposal whose field changed since it was made (409 naming the field)', async () => {
    const cert = await buildCertification(t.db.db);
    const first = (await propose(member, cert.id, { changes: { validityMonths: 24 }, summary: 'x' })).json();
    const second = (await propose(other, cert.id, { changes: { validityMonths: 36 }, summary: 'x' })).json();
    expect((await decide(moderator, second.id, 'approve')).statusCode).toBe(200);
    const outdated = await decide(moderator, first.id, 'approve');
    expect(outdated.statusCode).toBe(409);
    expect(outdated.json().message).toBe(MSG.revisionOutdated.replace('{fields}', 'validityMonths'));
    expect((await certification(cert.id)).validityMonths).toBe(36);
  });

  it('reverting restores the values before, as a new applied revision; a later change on top blocks it', async () => {
    const cert = await buildCertification(t.db.db, { renewal: 'Old renewal.' });
    const applied = (await propose(moderator, cert.id, { changes: { renewal: 'New renewal.' }, summary: 'x' })).json();
    const reverted = await decide(moderator, applied.id, 'revert');
    expect(reverted.statusCode).toBe(201);
    expect(reverted.json()).toMatchObject({
      status: 'APPLIED',
      revertOf: applied.id,
      changes: [{ field: 'renewal', before: 'New renewal.', after: 'Old renewal.' }],
    });
    expect(await certification(cert.id)).toMatchObject({ renewal: 'Old renewal.', revision: 2 });

    const later = (await propose(moderator, cert.id, { changes: { renewal: 'Newer renewal.' }, summary: 'x' })).json();
    expect(later.status).toBe('APPLIED');
    const blocked = await decide(moderator, applied.id, 'revert');
    expect(blocked.statusCode).toBe(409);
    expect(blocked.json().message).toBe(MSG.revisionRevertConflict.replace('{fields}', 'renewal'));
  });

  it('leaves decisions to moderators', async () => {
    const cert = await buildCertification(t.db.db);
    const proposed = (await propose(member, cert.id, { changes: { level: 'EXPERT' }, summary: 'x' })).json();
    expect((await decide(member, proposed.id, 'approve')).statusCode).toBe(403);
    expect((await decide(moderator, 2_000_000_000, 'approve')).statusCode).toBe(404);
  });
});

describe('edits through the certification form', () => {
  it('are kept in the history: applied at once for a moderator, and when a member’s waiting edit is decided', async () => {
    const cert = await buildCertification(t.db.db, { submittedById: member.user.id, name: 'Form Edit Cert' });
    const body = (name: string) => ({
      name,
      certCode: cert.certCode,
      vendor: cert.vendor,
      description: cert.description,
      url: cert.url,
    });
    const own = await t.app.inject({
      method: 'PUT',
      url: `/api/certification/${cert.id}`,
      headers: member.headers,
      payload: body('Form Edit Cert v2'),
    });
    expect(own.json().pendingEdit).toBe(true);
    await t.app.inject({
      method: 'POST',
      url: `/api/admin/certification/${cert.id}/approve`,
      headers: moderator.headers,
    });
    await t.app.inject({
      method: 'PUT',
      url: `/api/certification/${cert.id}`,
      headers: moderator.headers,
      payload: body('Form Edit Cert v3'),
    });
    const revisions = (await history(undefined, cert.id)).json() as Revision[];
    expect(revisions.map((r) => [r.author, r.status, r.changes])).toEqual([
      [
        moderator.user.username,
        'APPLIED',
        [{ field: 'name', before: 'Form Edit Cert v2', after: 'Form Edit Cert v3' }],
      ],
      [member.user.username, 'APPLIED', [{ field: 'name', before: 'Form Edit Cert', after: 'Form Edit Cert v2' }]],
    ]);
    expect((await certification(cert.id)).revision).toBe(2);
  });
});
