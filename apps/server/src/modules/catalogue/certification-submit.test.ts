import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.js';
import { buildCertification } from '../../../test/factories.js';
import { certifications } from '../../db/schema/index.js';
import { CERTIFICATION_SUBMISSIONS_DAILY } from './catalogue-limits.js';
import { signedIn, validCertification, type Member } from '../../../test/support/catalogue.js';

let t: TestApp;
let alice: Member;
let bob: Member;
let moderator: Member;
beforeAll(async () => {
  t = await buildTestApp();
  alice = await signedIn(t);
  bob = await signedIn(t);
  moderator = await signedIn(t, 'MODERATOR');
});
afterAll(() => t.close());
// The daily submission limit has its own test below; the others submit freely.
beforeEach(async () => {
  for (const m of [alice, bob]) await t.app.rateLimiter.reset(CERTIFICATION_SUBMISSIONS_DAILY, `user:${m.user.id}`);
});

const post = (payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/certification', payload: payload as object, headers });
const put = (id: string | number, payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'PUT', url: `/api/certification/${id}`, payload: payload as object, headers });

describe('POST /api/certification', () => {
  it('a visitor is told to log in (401), whatever the form holds', async () => {
    for (const body of [validCertification('v'), {}]) {
      const res = await post(body);
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe('You must be logged in to submit a certification');
    }
  });

  it('a member submits: 201, PENDING, a slug from the name, the submitter from the token', async () => {
    const res = await post({ ...validCertification('a1'), submittedById: 'someone-else' }, alice.headers);
    expect(res.statusCode).toBe(201);
    const cert = res.json();
    // A pending submission's slug has a random suffix (it must not count other pending items); approval gives
    // it the clean one.
    expect(cert.slug).toMatch(/^certified-test-engineer-a1-[0-9a-f]{10}$/);
    expect(cert).toMatchObject({
      name: 'Certified Test Engineer a1',
      status: 'PENDING',
      submittedById: alice.user.username,
      upvoteCount: 0,
      downvoteCount: 0,
    });
    const [row] = await t.db.db.select().from(certifications).where(eq(certifications.id, cert.id));
    expect(row?.submittedById).toBe(alice.user.id);
  });

  it('the pending one is seen by its submitter and moderators, not by the public or other members', async () => {
    const cert = (await post(validCertification('a2'), alice.headers)).json();
    const get = (headers = {}) => t.app.inject({ method: 'GET', url: `/api/certification/${cert.slug}`, headers });
    expect((await get()).statusCode).toBe(404);
    expect((await get(bob.headers)).statusCode).toBe(404);
    expect((await get(alice.headers)).statusCode).toBe(200);
    expect((await get(moderator.headers)).statusCode).toBe(200);
    const list = (await t.app.inject({ method: 'GET', url: '/api/certification' })).json();
    expect(list.map((c: { id: number }) => c.id)).not.toContain(cert.id);
  });

  it("a moderator's own submission is APPROVED at once and appears in the public list", async () => {
    const before = await t.app.inject({ method: 'GET', url: '/api/certification' });
    const res = await post(validCertification('m1'), moderator.headers);
    expect(res.statusCode).toBe(201);
    expect(res.json().status).toBe('APPROVED');
    const after = await t.app.inject({
      method: 'GET',
      url: '/api/certification',
      headers: { 'if-none-match': before.headers.etag as string },
    });
    expect(after.statusCode).toBe(200);
    expect(after.json().map((c: { id: number }) => c.id)).toContain(res.json().id);
  });

  it('the same name and vendor again, in any case: 409 for what the member may see, else caught at review', async () => {
    await post(validCertification('dup'), alice.headers);
    const again = { ...validCertification('dup'), name: 'CERTIFIED TEST ENGINEER DUP', vendor: 'test vendor' };
    // Their own pending submission: they know of it.
    const own = await post(again, alice.headers);
    expect(own.statusCode).toBe(409);
    expect(own.json().message).toBe('A certification with this name and vendor already exists');
    // Another member's pending one is not told (decision 0013): the review catches the duplicate.
    expect((await post(again, bob.headers)).statusCode).toBe(201);
    // An approved one is public: 409 for everyone.
    await post(validCertification('dup-public'), moderator.headers);
    expect((await post(validCertification('dup-public'), bob.headers)).statusCode).toBe(409);
  });

  it('slugs stay unique: the same name from another vendor gets a numbered slug', async () => {
    const a = (await post({ ...validCertification('s'), vendor: 'Vendor One' }, moderator.headers)).json();
    const b = (await post({ ...validCertification('s'), vendor: 'Vendor Two' }, moderator.headers)).json();
    const c = (await post({ ...validCertification('s'), vendor: 'Vendor Three' }, moderator.headers)).json();
    expect([a.slug, b.slug, c.slug]).toEqual([
      'certified-test-engineer-s',
      'certified-test-engineer-s-2',
      'certified-test-engineer-s-3',
    ]);
  });

  it('a name of digits or of no Latin letters still gets a usable slug', async () => {
    const digits = (await post({ ...validCertification('x'), name: '2025' }, moderator.headers)).json();
    expect(digits.slug).toBe('certification-2025');
    const cjk = (
      await post({ ...validCertification('x'), name: '情報処理安全確保支援士', certCode: 'RISS' }, moderator.headers)
    ).json();
    expect(cjk.slug).toBe('test-vendor-riss');
    const got = await t.app.inject({ method: 'GET', url: `/api/certification/${cjk.slug}`, headers: alice.headers });
    expect(got.json().name).toBe('情報処理安全確保支援士');
  });

  it.each([
    ['missing name', { ...validCertification('b'), name: undefined }, 'Certification name is required'],
    ['blank code', { ...validCertification('b'), certCode: '   ' }, 'Certification code is required'],
    ['missing vendor', { ...validCertification('b'), vendor: undefined }, 'Vendor is required'],
    ['missing description', { ...validCertification('b'), description: '' }, 'Description is required'],
    ['missing url', { ...validCertification('b'), url: undefined }, 'URL is required'],
    ['not a URL', { ...validCertification('b'), url: 'not a url' }, 'Please enter a valid URL'],
    ['javascript: URL', { ...validCertification('b'), url: 'javascript:alert(1)' }, 'Please enter a valid URL'],
    ['name of the wrong type', { ...validCertification('b'), name: 42 }, 'Certification name is required'],
  ])('bad input (%s): 400 with the text of the rule', async (_label, body, message) => {
    const res = await post(body, alice.headers);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(message);
  });

  it('malformed JSON and a body that is not an object: 400', async () => {
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/certification',
      headers: { ...alice.headers, 'content-type': 'application/json' },
      payload: '{"name":',
    });
    expect(bad.statusCode).toBe(400);
    const array = await post([1, 2], alice.headers);
    expect(array.statusCode).toBe(400);
  });
});

describe('PUT /api/certification/{id}', () => {
  const edit = { name: 'Edited Name', certCode: 'ED-1', vendor: 'Edited Vendor', description: 'New text', url: '' };

  it('the submitter edits by id or slug; the slug stays', async () => {
    const cert = (await post(validCertification('e1'), alice.headers)).json();
    const res = await put(cert.slug, { ...edit, name: 'Edited Name e1' }, alice.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Edited Name e1', certCode: 'ED-1', url: '', slug: cert.slug });
    const byId = await put(cert.id, { ...edit, name: 'Edited Name e1 again' }, alice.headers);
    expect(byId.json().name).toBe('Edited Name e1 again');
  });

  it('description and url are optional: left out, they keep their values', async () => {
    const cert = (await post(validCertification('e2'), alice.headers)).json();
    const res = await put(cert.id, { name: cert.name, certCode: 'NEW', vendor: cert.vendor }, alice.headers);
    expect(res.json()).toMatchObject({ certCode: 'NEW', description: cert.description, url: cert.url });
  });

  it('another member: 403 (approved) or 404 (pending, not theirs to see); a visitor: 401', async () => {
    const approved = await buildCertification(t.db.db, { submittedById: alice.user.id });
    const pending = (await post(validCertification('e3'), alice.headers)).json();
    expect((await put(approved.id, edit, bob.headers)).statusCode).toBe(403);
    expect((await put(approved.id, edit, bob.headers)).json().message).toBe(
      'Only the submitter or a moderator can edit this certification',
    );
    expect((await put(pending.id, edit, bob.headers)).statusCode).toBe(404);
    expect((await put(approved.id, edit)).statusCode).toBe(401);
  });

  it('a moderator edits anyone’s, and the public list shows the change at once', async () => {
    const approved = await buildCertification(t.db.db, { submittedById: alice.user.id });
    await t.app.inject({ method: 'GET', url: '/api/certification' });
    const res = await put(approved.id, { ...edit, name: 'Moderated Name' }, moderator.headers);
    expect(res.statusCode).toBe(200);
    const list = (await t.app.inject({ method: 'GET', url: '/api/certification' })).json();
    expect(list.find((c: { id: number }) => c.id === approved.id)?.name).toBe('Moderated Name');
  });

  it('renaming onto another certification’s name and vendor: 409', async () => {
    const a = (await post(validCertification('r1'), alice.headers)).json();
    const b = (await post(validCertification('r2'), alice.headers)).json();
    const res = await put(b.id, { name: a.name, certCode: 'X', vendor: a.vendor }, alice.headers);
    expect(res.statusCode).toBe(409);
  });

  it('unknown: 404; neither a number nor a slug: 400; bad fields: 400', async () => {
    expect((await put(999999, edit, alice.headers)).statusCode).toBe(404);
    expect((await put('Not A Slug!', edit, alice.headers)).statusCode).toBe(400);
    const cert = (await post(validCertification('e4'), alice.headers)).json();
    const badUrl = await put(cert.id, { ...edit, url: 'ftp://x' }, alice.headers);
    expect(badUrl.statusCode).toBe(400);
    expect(badUrl.json().message).toBe('Please enter a valid URL');
    expect((await put(cert.id, { ...edit, name: '' }, alice.headers)).json().message).toBe(
      'Certification name is required',
    );
  });
});

describe('submission rate limit', () => {
  it('the 11th certification of a day answers 429 with Retry-After', async () => {
    const carol = await signedIn(t);
    for (let i = 0; i < 10; i++) expect((await post(validCertification(`rl${i}`), carol.headers)).statusCode).toBe(201);
    const res = await post(validCertification('rl10'), carol.headers);
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toBe('You have reached the daily submission limit. Please try again tomorrow.');
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  });
});
