import { MSG, pendingItemsSchema, type Certification, type Resource } from '@certitude/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.js';
import { buildCertification } from '../../../test/factories.js';
import { buildRole, call, type Member } from '../../../test/support/moderation.js';
import { certificationEdits, certifications, mailOutbox, moderationLog, resources } from '../../db/schema/index.js';

/**
 * Review that publishes what the moderator saw (docs/api.md#moderation): the queue gives each item its `version`, and
 * approve or reject with a version the item no longer has is 409, deciding nothing.
 */
let t: TestApp;
let moderator: Member;

beforeAll(async () => {
  t = await buildTestApp();
  moderator = await buildRole(t, 'MODERATOR');
});
afterAll(() => t.close());

let seq = 0;
const benign = 'https://example.com/study-guide';
const phishing = 'https://examp1e-login.test/verify-your-account';

async function submit(by: Member): Promise<Certification> {
  seq++;
  const res = await call(t, by, 'POST', '/api/certification', {
    name: `Versioned Cert ${seq}`,
    certCode: `VC-${seq}`,
    vendor: 'Version Vendor',
    description: 'Read by a moderator.',
    url: benign,
  });
  expect(res.statusCode).toBe(201);
  return res.json();
}

/** The edit form as the submitter sends it, with another official page. */
const editUrl = (by: Member, cert: Pick<Certification, 'id' | 'name' | 'certCode' | 'vendor'>, url: string) =>
  call(t, by, 'PUT', `/api/certification/${cert.id}`, {
    name: cert.name,
    certCode: cert.certCode,
    vendor: cert.vendor,
    description: 'Read by a moderator.',
    url,
  });

async function queue() {
  const res = await call(t, moderator, 'GET', '/api/admin/pending');
  expect(res.statusCode).toBe(200);
  return pendingItemsSchema.parse(res.json());
}
const shownCertification = async (id: number) => (await queue()).certifications.find((c) => c.id === id)!;
const shownResource = async (id: number) => (await queue()).resources.find((r) => r.id === id)!;

const stored = async (id: number) => (await t.db.db.select().from(certifications).where(eq(certifications.id, id)))[0]!;
const logOf = (itemId: number) => t.db.db.select().from(moderationLog).where(eq(moderationLog.itemId, itemId));

describe('GET /api/admin/pending: each item with its version', () => {
  it('a certification, a resource and an edit of a published certification each carry a version', async () => {
    const member = await buildRole(t, 'USER');
    const cert = await submit(member);
    const base = await buildCertification(t.db.db, { submittedById: member.id });
    const resource = await call(t, member, 'POST', '/api/resource', {
      name: 'A versioned guide',
      description: 'Chapters.',
      url: benign,
      type: 'book',
      isPaid: false,
      certificationId: base.id,
    });
    expect(resource.statusCode).toBe(201);
    expect((await editUrl(member, base, benign + '/v2')).statusCode).toBe(200);
    const items = await queue();
    const versions = [
      items.certifications.find((c) => c.id === cert.id)!.version,
      items.resources.find((r) => r.id === resource.json<Resource>().id)!.version,
      items.certifications.find((c) => c.id === base.id && c.pendingEdit)!.version,
    ];
    for (const v of versions) expect(v).toMatch(/^[\w-]{43}$/);
    expect(new Set(versions).size).toBe(3);
    // Reading again gives the same versions: nothing changed.
    expect((await shownCertification(cert.id)).version).toBe(versions[0]);
  });
});

describe('approve and reject take the version the moderator saw', () => {
  it('the submitter swaps the page for a phishing one after the moderator read it: approve is 409, nothing is published', async () => {
    const member = await buildRole(t, 'USER');
    const cert = await submit(member);
    const seen = await shownCertification(cert.id);
    expect(seen.url).toBe(benign);
    expect((await editUrl(member, cert, phishing)).statusCode).toBe(200);

    const res = await call(t, moderator, 'POST', `/api/admin/certification/${cert.id}/approve`, {
      version: seen.version,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(MSG.changedSinceShown);
    expect(await stored(cert.id)).toMatchObject({ status: 'PENDING', url: phishing, reviewedById: null });
    expect(await logOf(cert.id)).toEqual([]);
    const list = await call(t, undefined, 'GET', '/api/certification');
    expect(list.json<Certification[]>().map((c) => c.id)).not.toContain(cert.id);

    // Read again, the moderator sees the phishing page and decides on what they saw.
    const now = await shownCertification(cert.id);
    expect(now.url).toBe(phishing);
    expect(now.version).not.toBe(seen.version);
    const rejected = await call(t, moderator, 'POST', `/api/admin/certification/${cert.id}/reject`, {
      reason: 'The official page is not the vendor’s.',
      version: now.version,
    });
    expect(rejected.statusCode).toBe(200);
    expect(await stored(cert.id)).toMatchObject({ status: 'REJECTED' });
  });

  it('reject with an outdated version is 409 too: no decision, no log entry, no mail', async () => {
    const member = await buildRole(t, 'USER');
    const cert = await submit(member);
    const seen = await shownCertification(cert.id);
    expect((await editUrl(member, cert, benign + '/changed')).statusCode).toBe(200);
    const res = await call(t, moderator, 'POST', `/api/admin/certification/${cert.id}/reject`, {
      reason: 'Not a certification.',
      version: seen.version,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(MSG.changedSinceShown);
    expect(await stored(cert.id)).toMatchObject({ status: 'PENDING', rejectionReason: null });
    expect(await logOf(cert.id)).toEqual([]);
    expect(await t.db.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, member.email))).toEqual([]);
  });

  it('the version still shown approves; leaving it out decides the item as it stands', async () => {
    const member = await buildRole(t, 'USER');
    const cert = await submit(member);
    const seen = await shownCertification(cert.id);
    const res = await call(t, moderator, 'POST', `/api/admin/certification/${cert.id}/approve`, {
      version: seen.version,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: cert.id, status: 'APPROVED', url: benign });

    const other = await submit(member);
    const plain = await call(t, moderator, 'POST', `/api/admin/certification/${other.id}/approve`);
    expect(plain.statusCode).toBe(200);
  });

  it('a changed suggested fact of a pending submission (applied at once for its submitter) moves the version', async () => {
    const member = await buildRole(t, 'USER');
    const cert = await submit(member);
    const seen = await shownCertification(cert.id);
    const revision = await call(t, member, 'POST', `/api/certification/${cert.id}/revisions`, {
      summary: 'Validity',
      changes: { validityMonths: 36 },
    });
    expect(revision.statusCode).toBe(201);
    const res = await call(t, moderator, 'POST', `/api/admin/certification/${cert.id}/approve`, {
      version: seen.version,
    });
    expect(res.statusCode).toBe(409);
    expect((await stored(cert.id)).status).toBe('PENDING');
  });

  it('an edit of a published certification replaced after the moderator read it: 409, the public page unchanged', async () => {
    const member = await buildRole(t, 'USER');
    const cert = await buildCertification(t.db.db, { submittedById: member.id, url: benign });
    expect((await editUrl(member, cert, benign + '/new-edition')).statusCode).toBe(200);
    const seen = (await queue()).certifications.find((c) => c.id === cert.id && c.pendingEdit)!;
    expect(seen.url).toBe(benign + '/new-edition');
    expect((await editUrl(member, cert, phishing)).statusCode).toBe(200);

    const res = await call(t, moderator, 'POST', `/api/admin/certification/${cert.id}/approve`, {
      version: seen.version,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(MSG.changedSinceShown);
    expect((await stored(cert.id)).url).toBe(benign);
    const [edit] = await t.db.db
      .select()
      .from(certificationEdits)
      .where(eq(certificationEdits.certificationId, cert.id));
    expect(edit).toMatchObject({ url: phishing });
    const page = await call(t, undefined, 'GET', `/api/certification/${cert.slug}`);
    expect(page.json()).toMatchObject({ url: benign });
  });

  it('a resource: approve with another version is 409 and it stays pending; with its own, approved', async () => {
    const member = await buildRole(t, 'USER');
    const base = await buildCertification(t.db.db);
    const created = await call(t, member, 'POST', '/api/resource', {
      name: 'Exam notes',
      description: 'Notes.',
      url: benign,
      type: 'article',
      isPaid: false,
      certificationId: base.id,
    });
    const id = created.json<Resource>().id;
    const seen = await shownResource(id);
    // What an edit would do: no resource edit call exists yet, so the row is changed as one would change it.
    await t.db.db.update(resources).set({ url: phishing }).where(eq(resources.id, id));
    const res = await call(t, moderator, 'POST', `/api/admin/resource/${id}/approve`, { version: seen.version });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(MSG.changedSinceShown);
    expect((await t.db.db.select().from(resources).where(eq(resources.id, id)))[0]!.status).toBe('PENDING');

    const now = await shownResource(id);
    const ok = await call(t, moderator, 'POST', `/api/admin/resource/${id}/approve`, { version: now.version });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ id, status: 'APPROVED', url: phishing });
  });

  it('a version that is not text is 400 with a readable message', async () => {
    const cert = await submit(await buildRole(t, 'USER'));
    const res = await call(t, moderator, 'POST', `/api/admin/certification/${cert.id}/approve`, { version: 42 });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/version/i);
    expect((await stored(cert.id)).status).toBe('PENDING');
  });
});

describe('edits of a submission are rate limited', () => {
  it('the 11th form edit in 10 minutes is 429 and changes nothing', async () => {
    const member = await buildRole(t, 'USER');
    const cert = await submit(member);
    for (let i = 1; i <= 10; i++) expect((await editUrl(member, cert, `${benign}/${i}`)).statusCode).toBe(200);
    const refused = await editUrl(member, cert, phishing);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(MSG.revisionTooFast);
    expect((await stored(cert.id)).url).toBe(`${benign}/10`);
  });
});
