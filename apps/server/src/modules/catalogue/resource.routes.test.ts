import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.js';
import { buildCertification } from '../../../test/factories.js';
import { resources } from '../../db/schema/index.js';
import { signedIn, type Member } from '../../../test/support/catalogue.js';

let t: TestApp;
let alice: Member;
let moderator: Member;
let cert: Awaited<ReturnType<typeof buildCertification>>;
beforeAll(async () => {
  t = await buildTestApp();
  alice = await signedIn(t);
  moderator = await signedIn(t, 'MODERATOR');
  cert = await buildCertification(t.db.db);
});
afterAll(() => t.close());

const resource = (over: Record<string, unknown> = {}) => ({
  name: 'Practice exams',
  description: 'Six full practice exams.',
  url: 'https://example.com/practice',
  type: 'course',
  isPaid: true,
  certificationId: cert.id,
  ...over,
});
const post = (payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/resource', payload: payload as object, headers });
const list = (id: string | number, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: `/api/resource/certification/${id}`, headers });

describe('POST /api/resource', () => {
  it('a visitor: 401 with the text of the rule', async () => {
    const res = await post(resource());
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('You must be logged in to submit a resource');
  });

  it('a member: 201 PENDING with paid, the submitter from the token; not listed until approved', async () => {
    const res = await post(resource({ submittedById: 'nobody' }), alice.headers);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      name: 'Practice exams',
      type: 'course',
      paid: true,
      status: 'PENDING',
      certificationId: cert.id,
      submittedById: alice.user.username,
    });
    expect((await list(cert.id)).json()).toEqual([]);
    await t.db.db.update(resources).set({ status: 'APPROVED' }).where(eq(resources.id, res.json().id));
    expect((await list(cert.slug)).json().map((r: { id: number }) => r.id)).toEqual([res.json().id]);
  });

  it('type defaults to course, isPaid to false; the certification may be given by slug', async () => {
    const res = await post(resource({ type: undefined, isPaid: undefined, certificationId: cert.slug }), alice.headers);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ type: 'course', paid: false });
  });

  it("a moderator's resource is APPROVED at once", async () => {
    const res = await post(resource({ name: 'Official guide', type: 'book' }), moderator.headers);
    expect(res.json().status).toBe('APPROVED');
    expect((await list(cert.id)).json().map((r: { name: string }) => r.name)).toContain('Official guide');
  });

  it('unknown or pending certification: 404', async () => {
    expect((await post(resource({ certificationId: 999999 }), alice.headers)).statusCode).toBe(404);
    const pending = await buildCertification(t.db.db, { status: 'PENDING' });
    const res = await post(resource({ certificationId: pending.id }), alice.headers);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Certification not found');
  });

  it.each([
    ['unknown type', { type: 'podcast' }, 'The type must be one of course, video, article, book, documentation, other'],
    ['missing name', { name: '' }, 'Resource name is required'],
    ['missing description', { description: undefined }, 'Description is required'],
    ['bad url', { url: 'example' }, 'Please enter a valid URL'],
    ['isPaid of the wrong type', { isPaid: 'yes' }, 'isPaid'],
    ['certificationId neither id nor slug', { certificationId: 'Not a slug!' }, 'certification'],
    ['certificationId negative', { certificationId: -3 }, 'certification'],
  ])('bad input (%s): 400', async (_label, over, message) => {
    const res = await post(resource(over), alice.headers);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(message);
  });
});

describe('GET /api/resource/certification/{id}', () => {
  it('unknown certification: 404; not an id or slug: 400', async () => {
    expect((await list(999999)).statusCode).toBe(404);
    expect((await list('bad slug!')).statusCode).toBe(400);
  });

  it('lists the fields of the contract, best scored first', async () => {
    const other = await buildCertification(t.db.db);
    await t.db.db.insert(resources).values([
      {
        certificationId: other.id,
        name: 'Low',
        description: 'd',
        url: 'https://a.example',
        type: 'video',
        status: 'APPROVED',
        upvoteCount: 1,
      },
      {
        certificationId: other.id,
        name: 'High',
        description: 'd',
        url: 'https://b.example',
        type: 'article',
        status: 'APPROVED',
        upvoteCount: 5,
      },
      {
        certificationId: other.id,
        name: 'Hidden',
        description: 'd',
        url: 'https://c.example',
        type: 'other',
        status: 'REJECTED',
      },
    ]);
    const res = await list(other.id);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.map((r: { name: string }) => r.name)).toEqual(['High', 'Low']);
    expect(Object.keys(body[0]).sort()).toEqual(
      [
        'certificationId',
        'createdAt',
        'description',
        'downvoteCount',
        'id',
        'name',
        'paid',
        'status',
        'submittedById',
        'type',
        'upvoteCount',
        'url',
      ].sort(),
    );
  });
});
