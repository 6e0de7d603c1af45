import type { Certification, ModerationEntry, PendingCounts, PendingResource, Resource } from '@certitude/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/app.js';
import { buildCertification } from '../../../test/factories.js';
import { certifications, mailOutbox } from '../../db/schema/index.js';
import { appWithCast, call, type Member } from '../../../test/support/moderation.js';

let t: TestApp, member: Member, moderator: Member, admin: Member;
beforeAll(async () => ({ t, member, moderator, admin } = await appWithCast()));
afterAll(() => t.close());

let seq = 0;
async function submitCertification(by: Member = member): Promise<Certification> {
  seq++;
  const res = await call(t, by, 'POST', '/api/certification', {
    name: `Queued Cert ${seq} ${by.username}`,
    certCode: `QC-${seq}`,
    vendor: 'Queue Vendor',
    description: 'Waiting for a moderator.',
    url: 'https://example.com/q',
  });
  expect(res.statusCode).toBe(201);
  return res.json();
}

async function submitResource(certificationId: number, by: Member = member): Promise<Resource> {
  seq++;
  const res = await call(t, by, 'POST', '/api/resource', {
    name: `Queued Resource ${seq}`,
    description: 'A study guide.',
    url: 'https://example.com/r',
    type: 'book',
    isPaid: false,
    certificationId,
  });
  expect(res.statusCode).toBe(201);
  return res.json();
}

const mailsTo = (to: string) => t.db.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, to));

describe('who may use the review calls', () => {
  it.each([
    ['GET', '/api/admin/pending-counts'],
    ['GET', '/api/admin/pending'],
    ['GET', '/api/admin/audit-log'],
    ['POST', '/api/admin/certification/1/approve'],
    ['POST', '/api/admin/resource/1/approve'],
  ] as const)('%s %s: 401 for a visitor, 403 for a member', async (method, url) => {
    expect((await call(t, undefined, method, url)).statusCode).toBe(401);
    const res = await call(t, member, method, url);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('You do not have permission to do that');
  });

  it('a member cannot reject either', async () => {
    const cert = await submitCertification();
    const res = await call(t, member, 'POST', `/api/admin/certification/${cert.id}/reject`, { reason: 'no' });
    expect(res.statusCode).toBe(403);
    const [row] = await t.db.db.select().from(certifications).where(eq(certifications.id, cert.id));
    expect(row!.status).toBe('PENDING');
  });
});

describe('the review queue', () => {
  it('counts and lists pending items, oldest first, for moderators and admins', async () => {
    const first = await submitCertification();
    const second = await submitCertification();
    const base = await buildCertification(t.db.db);
    const res1 = await submitResource(base.id);
    for (const who of [moderator, admin]) {
      const counts = (await call(t, who, 'GET', '/api/admin/pending-counts')).json() as PendingCounts;
      expect(counts.certifications).toBeGreaterThanOrEqual(2);
      expect(counts.resources).toBeGreaterThanOrEqual(1);
      expect(counts.total).toBe(counts.certifications + counts.resources);
      const pending = (await call(t, who, 'GET', '/api/admin/pending')).json() as {
        certifications: Certification[];
        resources: PendingResource[];
      };
      const ids = pending.certifications.map((c) => c.id);
      expect(ids.indexOf(first.id)).toBeLessThan(ids.indexOf(second.id));
      expect(pending.certifications.every((c) => c.status === 'PENDING')).toBe(true);
      expect(pending.resources.map((r) => r.id)).toContain(res1.id);
      expect(pending.resources.find((r) => r.id === res1.id)).toMatchObject({
        certificationName: base.name,
        certificationSlug: base.slug,
      });
      expect(pending.certifications.find((c) => c.id === first.id)!.submittedById).toBe(member.username);
    }
  });

  it("approves a certification: public list at once, the log, and the submitter's mail", async () => {
    const cert = await submitCertification();
    const before = await call(t, undefined, 'GET', '/api/certification');
    expect((before.json() as Certification[]).map((c) => c.id)).not.toContain(cert.id);
    const res = await call(t, moderator, 'POST', `/api/admin/certification/${cert.id}/approve`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: cert.id, status: 'APPROVED' });
    const after = await call(t, undefined, 'GET', '/api/certification');
    expect((after.json() as Certification[]).map((c) => c.id)).toContain(cert.id);
    const log = (await call(t, admin, 'GET', '/api/admin/audit-log')).json() as ModerationEntry[];
    expect(log[0]).toMatchObject({
      action: 'APPROVE_CERTIFICATION',
      moderator: moderator.username,
      itemType: 'certification',
      itemId: cert.id,
      itemLabel: cert.name,
      reason: null,
    });
    const mails = (await mailsTo(member.email)).filter((m) => m.kind === 'submission-approved');
    expect(mails.some((m) => m.subject.includes(cert.name) && m.textBody.includes(`/certification/${cert.id}`))).toBe(
      true,
    );
  });

  it('rejects a certification with a reason: kept out of the list, reason logged and mailed', async () => {
    const cert = await submitCertification();
    const res = await call(t, admin, 'POST', `/api/admin/certification/${cert.id}/reject`, {
      reason: '  Duplicate of an existing entry  ',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'REJECTED' });
    const [row] = await t.db.db.select().from(certifications).where(eq(certifications.id, cert.id));
    expect(row).toMatchObject({ rejectionReason: 'Duplicate of an existing entry', reviewedById: admin.id });
    const list = (await call(t, undefined, 'GET', '/api/certification')).json() as Certification[];
    expect(list.map((c) => c.id)).not.toContain(cert.id);
    const log = (await call(t, moderator, 'GET', '/api/admin/audit-log')).json() as ModerationEntry[];
    expect(log[0]).toMatchObject({
      action: 'REJECT_CERTIFICATION',
      itemId: cert.id,
      reason: 'Duplicate of an existing entry',
    });
    const mail = (await mailsTo(member.email)).find(
      (m) => m.kind === 'submission-rejected' && m.subject.includes(cert.name),
    );
    expect(mail?.textBody).toContain('Reason: Duplicate of an existing entry');
  });

  it('approves and rejects resources the same way', async () => {
    const base = await buildCertification(t.db.db);
    const good = await submitResource(base.id);
    const bad = await submitResource(base.id);
    expect((await call(t, moderator, 'POST', `/api/admin/resource/${good.id}/approve`)).json()).toMatchObject({
      status: 'APPROVED',
    });
    const rejected = await call(t, moderator, 'POST', `/api/admin/resource/${bad.id}/reject`, {
      reason: 'Broken link',
    });
    expect(rejected.json()).toMatchObject({ status: 'REJECTED' });
    const list = (await call(t, undefined, 'GET', `/api/resource/certification/${base.id}`)).json() as Resource[];
    expect(list.map((r) => r.id)).toEqual([good.id]);
    const kinds = (await mailsTo(member.email)).filter((m) => m.subject.includes('resource')).map((m) => m.kind);
    expect(kinds).toEqual(expect.arrayContaining(['submission-approved', 'submission-rejected']));
    const log = (await call(t, moderator, 'GET', '/api/admin/audit-log')).json() as ModerationEntry[];
    expect(log.slice(0, 2).map((e) => e.action)).toEqual(['REJECT_RESOURCE', 'APPROVE_RESOURCE']);
  });

  it('answers 409 to a second decision, 404 to an unknown item, 400 to bad input', async () => {
    const cert = await submitCertification();
    expect((await call(t, moderator, 'POST', `/api/admin/certification/${cert.id}/approve`)).statusCode).toBe(200);
    const again = await call(t, admin, 'POST', `/api/admin/certification/${cert.id}/reject`, { reason: 'late' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This submission has already been reviewed');
    expect((await call(t, moderator, 'POST', '/api/admin/certification/999999/approve')).statusCode).toBe(404);
    expect((await call(t, moderator, 'POST', '/api/admin/resource/999999/reject', { reason: 'x' })).statusCode).toBe(
      404,
    );
    expect((await call(t, moderator, 'POST', '/api/admin/certification/abc/approve')).statusCode).toBe(400);
    const other = await submitCertification();
    const noReason = await call(t, moderator, 'POST', `/api/admin/certification/${other.id}/reject`, { reason: '   ' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().message).toContain('A reason is required');
    expect((await call(t, moderator, 'POST', `/api/admin/certification/${other.id}/reject`, {})).statusCode).toBe(400);
    const long = await call(t, moderator, 'POST', `/api/admin/certification/${other.id}/reject`, {
      reason: 'x'.repeat(1001),
    });
    expect(long.statusCode).toBe(400);
  });

  it("approves a moderator's or admin's own submission at once, with no review", async () => {
    for (const who of [moderator, admin]) {
      const cert = await submitCertification(who);
      expect(cert.status).toBe('APPROVED');
      const base = await buildCertification(t.db.db);
      expect((await submitResource(base.id, who)).status).toBe('APPROVED');
      const pending = (await call(t, who, 'GET', '/api/admin/pending')).json() as { certifications: Certification[] };
      expect(pending.certifications.map((c) => c.id)).not.toContain(cert.id);
    }
  });

  it('keeps the log append-only in the database', async () => {
    expect((await call(t, moderator, 'GET', '/api/admin/audit-log')).json().length).toBeGreaterThan(0);
    await expect(t.db.db.execute('update moderation_log set reason = null')).rejects.toThrow();
    await expect(t.db.db.execute('delete from moderation_log')).rejects.toThrow();
  });
});
