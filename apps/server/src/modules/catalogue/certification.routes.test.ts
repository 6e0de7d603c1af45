import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.js';
import { buildCertification, buildUser } from '../../../test/factories.js';
import { certifications } from '../../db/schema/index.js';
import { seedSize } from '../../db/seed/seed.js';
import { matchesSearch, MSG, type Certification } from '@certitude/shared';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ seed: true });
});
afterAll(() => t.close());

describe('GET /api/search (ranked, typo tolerant)', () => {
  const search = async (q: string) => {
    const res = await t.app.inject({ method: 'GET', url: '/api/search', query: { q } });
    return { status: res.statusCode, body: res.json() };
  };

  it('puts the certification whose exam code is the search first', async () => {
    const { status, body } = await search('cka');
    expect(status).toBe(200);
    expect(body[0]).toMatchObject({ certCode: 'CKA', name: 'Certified Kubernetes Administrator (CKA)' });
  });

  it('finds words anywhere, and names despite a typo', async () => {
    const kube = (await search('kubernetis')).body as { name: string }[];
    expect(kube.map((c) => c.name)).toContain('Certified Kubernetes Administrator (CKA)');
    const security = (await search('secuirty+')).body as { name: string; vendor: string }[];
    expect(security.map((c) => c.name)).toContain('CompTIA Security+');
    const words = (await search('azure administrator')).body as { certCode: string }[];
    expect(words[0]?.certCode).toBe('AZ-104');
    expect((await search('zzqqxxvv')).body).toEqual([]);
  });

  it('takes any text as words: quotes, operators and control characters are not errors, a NUL is a 400', async () => {
    for (const q of ["' or 1=1 --", '"unclosed', 'a & | ! ( ) :*', 'bell\u0007byte', '%_\\']) {
      const res = await search(q);
      expect(res.status, q).toBe(200);
      expect(Array.isArray(res.body)).toBe(true);
    }
    const nul = await search('nul\u0000byte');
    expect(nul.status).toBe(400);
    expect(nul.body.message).toBe(MSG.textHasNul);
  });

  it('refuses a search longer than 100 characters with a readable message', async () => {
    const { status, body } = await search('k'.repeat(101));
    expect(status).toBe(400);
    expect(body).toMatchObject({ statusCode: 400, error: 'Bad Request' });
    expect(body.message).toContain('The search must be at most 100 characters');
  });

  it('answers nothing for an empty search', async () => {
    expect((await search('   ')).body).toEqual([]);
  });
});

describe("GET /api/certification?q= is the home page's search", () => {
  const listed = async (query: Record<string, string>) => {
    const res = await t.app.inject({ method: 'GET', url: '/api/certification', query });
    expect(res.statusCode).toBe(200);
    return (res.json() as Certification[]).map((c) => c.slug).sort();
  };

  it('keeps exactly the certifications the home page shows for the same text, and no others', async () => {
    const all = (await t.app.inject({ method: 'GET', url: '/api/certification' })).json() as Certification[];
    // The home page hides retired certifications unless asked (docs/product.md#home-listing), as the list does.
    const shown = all.filter((c) => c.lifecycle !== 'RETIRED');
    for (const q of ['aws', 'Security+', 'SY0-601', 'governance', 'kubernetes admin', 'AZ-104', 'zzqqxxvv']) {
      const home = shown
        .filter((c) => matchesSearch(c, q))
        .map((c) => c.slug)
        .sort();
      expect(await listed({ q }), q).toEqual(home);
      expect(await listed({ contains: q }), q).toEqual(home);
    }
    // A word of 5 or more letters with one typo is found here as on the home page (docs/product.md#search).
    expect(await listed({ q: 'kubernetis' })).toContain('certified-kubernetes-administrator-cka');
  });

  it('combines with the filters, the order and paging, and an empty search is no search', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/api/certification', query: { q: 'aws', limit: '2' } });
    expect(page.statusCode).toBe(200);
    expect(page.json()).toHaveLength(2);
    expect(Number(page.headers['x-total-count'])).toBeGreaterThan(2);
    expect((await t.app.inject({ method: 'GET', url: '/api/certification', query: { q: '  ' } })).json()).toHaveLength(
      seedSize.certifications,
    );
  });
});

describe('GET /api/certification', () => {
  it('lists the approved catalogue with the fields of the contract', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/certification' });
    expect(res.statusCode).toBe(200);
    const list = res.json();
    expect(list).toHaveLength(seedSize.certifications);
    expect(Object.keys(list[0]).sort()).toEqual(
      [
        'certCode',
        'createdAt',
        'description',
        'downvoteCount',
        'id',
        'name',
        'slug',
        'status',
        'submittedById',
        'updatedAt',
        'upvoteCount',
        'url',
        'vendor',
        // Facts (docs/api.md#facts-filters-and-revisions)
        'level',
        'domains',
        'exam',
        'validityMonths',
        'renewal',
        'prerequisites',
        'prerequisiteNotes',
        'lifecycle',
        'retiresOn',
        'supersededBy',
        'previousCodes',
        'factsVerifiedAt',
        'factsSource',
        'sources',
        'aliases',
        'badgeClasses',
        'revision',
        // Community figures (docs/api.md#ratings-and-comparison)
        'ratingCount',
        'difficulty',
        'value',
        'recognition',
        'commentCount',
        'score',
      ].sort(),
    );
    expect(list[0].submittedById).toBe('certitude');
  });

  it('sends the list brotli- or gzip-compressed to a client that accepts it, the same JSON once decoded', async () => {
    const plain = await t.app.inject({ method: 'GET', url: '/api/certification' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    for (const [accept, encoding, decode] of [
      ['gzip, deflate, br', 'br', brotliDecompressSync],
      ['gzip', 'gzip', gunzipSync],
      ['br;q=0, gzip;q=0.8', 'gzip', gunzipSync],
    ] as const) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/certification',
        headers: { 'accept-encoding': accept },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers.vary).toContain('accept-encoding');
      expect(res.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
      expect(decode(res.rawPayload).toString('utf8')).toBe(plain.body);
    }
  });

  it('answers 304 to a client that holds the same list', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/api/certification' });
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^".+"$/);
    const again = await t.app.inject({ method: 'GET', url: '/api/certification', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('leaves pending submissions out, and shows a change once the catalogue change is announced', async () => {
    const pending = await buildCertification(t.db.db, { status: 'PENDING', name: 'Pending One' });
    const before = (await t.app.inject({ method: 'GET', url: '/api/certification' })).json();
    expect(before.map((c: { id: number }) => c.id)).not.toContain(pending.id);

    await t.db.db.update(certifications).set({ status: 'APPROVED' }).where(eq(certifications.id, pending.id));
    t.app.services.changes.announce({ kind: 'catalogue' });
    const after = (await t.app.inject({ method: 'GET', url: '/api/certification' })).json();
    expect(after.map((c: { id: number }) => c.id)).toContain(pending.id);
  });
});

describe('GET /api/certification/{id}', () => {
  it('finds a certification by slug and by id', async () => {
    const bySlug = await t.app.inject({
      method: 'GET',
      url: '/api/certification/aws-certified-solutions-architect-associate',
    });
    expect(bySlug.statusCode).toBe(200);
    const cert = bySlug.json();
    expect(cert.certCode).toBe('SAA-C03');
    const byId = await t.app.inject({ method: 'GET', url: `/api/certification/${cert.id}` });
    expect(byId.json().slug).toBe('aws-certified-solutions-architect-associate');
  });

  it('answers 404 with the text of the rule for an unknown one', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/certification/no-such-certification' });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Certification not found');
  });

  it('hides a pending certification from the public', async () => {
    const user = await buildUser(t.db.db);
    const pending = await buildCertification(t.db.db, { status: 'PENDING', submittedById: user.id });
    const res = await t.app.inject({ method: 'GET', url: `/api/certification/${pending.slug}` });
    expect(res.statusCode).toBe(404);
  });
});

describe('GET /api/stats', () => {
  it('counts the live catalogue: certifications and vendors as the home list has them, retired ones left out', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/stats' });
    expect(res.statusCode).toBe(200);
    const stats = res.json();
    const listed = (await t.app.inject({ method: 'GET', url: '/api/certification?limit=1' })).headers['x-total-count'];
    const all = (await t.app.inject({ method: 'GET', url: '/api/certification' })).json() as {
      vendor: string;
      lifecycle: string;
    }[];
    const onOffer = all.filter((c) => c.lifecycle !== 'RETIRED');
    expect(all.length).toBeGreaterThan(onOffer.length);
    expect(stats.certifications).toBe(onOffer.length);
    expect(String(stats.certifications)).toBe(listed);
    expect(stats.vendors).toBe(new Set(onOffer.map((c) => c.vendor)).size);
    expect(stats.resources).toBe(seedSize.resources);
    expect(stats.members).toBeGreaterThanOrEqual(1);
  });
});
