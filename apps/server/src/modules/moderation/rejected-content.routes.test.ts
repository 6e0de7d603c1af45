import {
  MODERATION_TARGET_TEXT,
  publicModerationEntrySchema,
  revisionSchema,
  type Certification,
  type Resource,
} from '@certitude/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { TestApp } from '../../../test/app.js';
import { buildCertification } from '../../../test/factories.js';
import { appWithCast, call, type Member } from '../../../test/support/moderation.js';

/**
 * Rejected content stays with the moderators (docs/security.md): the public moderation log and the history page show
 * every decision and its reason, but not the title of a rejected submission nor what a rejected revision or edit
 * proposed; moderators and admins read both.
 */
let t: TestApp, member: Member, moderator: Member, admin: Member;
beforeAll(async () => ({ t, member, moderator, admin } = await appWithCast()));
afterAll(() => t.close());

const phishing = 'https://examp1e-login.test/verify';
const personal = 'Call Jane Doe on +44 7700 900123';

async function log(by?: Member) {
  const res = await call(t, by, 'GET', '/api/moderation-log?limit=100');
  expect(res.statusCode).toBe(200);
  return z.array(publicModerationEntrySchema).parse(res.json());
}

async function history(id: number, by?: Member) {
  const res = await call(t, by, 'GET', `/api/certification/${id}/revisions`);
  expect(res.statusCode).toBe(200);
  return z.array(revisionSchema).parse(res.json());
}

describe('the public moderation log', () => {
  it('names neither a rejected certification nor a rejected resource to the public; staff read both titles', async () => {
    const cert = (
      await call(t, member, 'POST', '/api/certification', {
        name: personal,
        certCode: 'PD-1',
        vendor: 'Leaky Vendor',
        description: 'Not a certification.',
        url: phishing,
      })
    ).json<Certification>();
    const base = await buildCertification(t.db.db);
    const resource = (
      await call(t, member, 'POST', '/api/resource', {
        name: 'Free vouchers at examp1e-login.test',
        description: 'Phishing.',
        url: phishing,
        type: 'article',
        isPaid: false,
        certificationId: base.id,
      })
    ).json<Resource>();
    const reason = 'Personal data and a phishing page';
    for (const [kind, id] of [
      ['certification', cert.id],
      ['resource', resource.id],
    ] as const) {
      expect((await call(t, moderator, 'POST', `/api/admin/${kind}/${id}/reject`, { reason })).statusCode).toBe(200);
    }

    for (const viewer of [undefined, member]) {
      const entries = await log(viewer);
      const body = JSON.stringify(entries);
      expect(body).not.toContain('Jane Doe');
      expect(body).not.toContain('examp1e-login');
      expect(entries.find((e) => e.action === 'REJECT_CERTIFICATION')).toMatchObject({
        moderator: moderator.username,
        targetType: 'certification',
        targetTitle: MODERATION_TARGET_TEXT.certification,
        targetLink: null,
        reason,
      });
      expect(entries.find((e) => e.action === 'REJECT_RESOURCE')).toMatchObject({
        targetTitle: MODERATION_TARGET_TEXT.resource,
        targetLink: null,
        reason,
      });
    }
    for (const staff of [moderator, admin]) {
      const entries = await log(staff);
      expect(entries.find((e) => e.action === 'REJECT_CERTIFICATION')).toMatchObject({ targetTitle: personal, reason });
      expect(entries.find((e) => e.action === 'REJECT_RESOURCE')).toMatchObject({
        targetTitle: 'Free vouchers at examp1e-login.test',
      });
    }
  });

  it('still names an approved certification to everyone, with its link', async () => {
    const cert = (
      await call(t, member, 'POST', '/api/certification', {
        name: 'Approved And Named',
        certCode: 'AN-1',
        vendor: 'Open Vendor',
        description: 'Fine.',
        url: 'https://example.com/an',
      })
    ).json<Certification>();
    expect((await call(t, moderator, 'POST', `/api/admin/certification/${cert.id}/approve`)).statusCode).toBe(200);
    const entry = (await log()).find((e) => e.action === 'APPROVE_CERTIFICATION' && e.targetTitle === cert.name);
    expect(entry?.targetLink).toMatch(/^\/certification\//);
  });
});

describe('the history of a certification', () => {
  it('a rejected edit and a rejected suggestion: decision and reason for all, what they proposed for staff only', async () => {
    const cert = await buildCertification(t.db.db, { submittedById: member.id });
    const edit = await call(t, member, 'PUT', `/api/certification/${cert.id}`, {
      name: cert.name,
      certCode: cert.certCode,
      vendor: cert.vendor,
      description: cert.description,
      url: phishing,
    });
    expect(edit.statusCode).toBe(200);
    const reason = 'Not the vendor’s page';
    expect(
      (await call(t, moderator, 'POST', `/api/admin/certification/${cert.id}/reject`, { reason })).statusCode,
    ).toBe(200);
    const suggestion = await call(t, member, 'POST', `/api/certification/${cert.id}/revisions`, {
      summary: personal,
      changes: { renewal: personal },
    });
    expect(suggestion.statusCode).toBe(201);
    const turnedDown = await call(t, moderator, 'POST', `/api/admin/revision/${suggestion.json().id}/reject`, {
      reason: 'Personal data',
    });
    expect(turnedDown.statusCode).toBe(200);

    for (const viewer of [undefined, member]) {
      const revisions = await history(cert.id, viewer);
      const body = JSON.stringify(revisions);
      expect(body).not.toContain('examp1e-login');
      expect(body).not.toContain('Jane Doe');
      expect(revisions.map((r) => [r.status, r.reason, r.withheld, r.changes, r.summary])).toEqual([
        ['REJECTED', 'Personal data', true, [], ''],
        ['REJECTED', reason, true, [], ''],
      ]);
      expect(revisions.every((r) => r.author === member.username && r.decidedAt !== null)).toBe(true);
    }
    for (const staff of [moderator, admin]) {
      const revisions = await history(cert.id, staff);
      expect(revisions[0]).toMatchObject({ summary: personal, changes: [{ field: 'renewal', after: personal }] });
      expect(revisions[0]!.withheld).toBeUndefined();
      expect(revisions[1]!.changes).toEqual([{ field: 'url', before: cert.url, after: phishing }]);
    }
  });
});
