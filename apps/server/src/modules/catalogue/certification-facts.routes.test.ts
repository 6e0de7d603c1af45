import { DOMAINS, type Certification } from '@certitude/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.js';
import { buildCertification } from '../../../test/factories.js';
import type { StoredState } from './facts.js';
import { writeState } from './facts.repository.js';

let t: TestApp;
const ids: Record<string, number> = {};

/** A certification of the "Facts Vendor" with the given facts. */
async function withFacts(name: string, facts: Partial<StoredState>, overrides: { certCode?: string } = {}) {
  const cert = await buildCertification(t.db.db, { name, vendor: 'Facts Vendor', ...overrides });
  await writeState(t.db.db, cert.id, facts, { countRevision: false });
  ids[name] = cert.id;
  return cert;
}

const exam = (costUsd: number | null) => ({
  costUsd,
  durationMinutes: 90,
  questionCount: 60,
  questionCountMax: null,
  passingScore: '700 / 1000',
  formats: ['MULTIPLE_CHOICE'],
  delivery: ['TEST_CENTER', 'ONLINE_PROCTORED'],
});

beforeAll(async () => {
  t = await buildTestApp();
  await withFacts(
    'Facts Security Associate',
    { level: 'ASSOCIATE', domains: ['security'], exam: exam(400), previousCodes: ['FSA-001'] },
    { certCode: 'FSA-002' },
  );
  await withFacts('Facts Security Expert', {
    level: 'EXPERT',
    domains: ['security', 'governance-risk-compliance'],
    exam: exam(750),
  });
  await withFacts('Facts Cloud Foundations', { level: 'FOUNDATIONAL', domains: ['cloud'], exam: exam(100) });
  await withFacts('Facts Cloud Unknown Cost', { level: 'ASSOCIATE', domains: ['cloud'] });
  await withFacts('Facts Retired Cloud', {
    level: 'ASSOCIATE',
    domains: ['cloud'],
    lifecycle: 'RETIRED',
    retiresOn: '2024-03-31',
    supersededBy: ids['Facts Cloud Foundations'],
  });
});
afterAll(() => t.close());

const list = async (query: Record<string, string>) => {
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/certification',
    query: { vendor: 'Facts Vendor', ...query },
  });
  return { status: res.statusCode, headers: res.headers, body: res.json() };
};
const names = (body: Certification[]) => body.map((c) => c.name);

describe('certification facts in answers', () => {
  it('carries level, domains, exam facts, lifecycle and the successor link', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/certification/${ids['Facts Retired Cloud']}` });
    expect(res.json()).toMatchObject({
      level: 'ASSOCIATE',
      domains: ['cloud'],
      lifecycle: 'RETIRED',
      retiresOn: '2024-03-31',
      supersededBy: { id: ids['Facts Cloud Foundations'], name: 'Facts Cloud Foundations' },
      exam: { costUsd: null, durationMinutes: null, formats: [], delivery: [] },
      validityMonths: null,
      factsVerifiedAt: null,
    });
  });

  it('GET /api/domains lists the whole taxonomy with counts of the certifications on offer', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/domains' });
    expect(res.statusCode).toBe(200);
    const domains = res.json() as { slug: string; name: string; certificationCount: number }[];
    expect(domains.map((d) => d.slug)).toEqual(DOMAINS.map((d) => d.slug));
    // The retired one is not on offer.
    expect(domains.find((d) => d.slug === 'cloud')?.certificationCount).toBe(2);
    expect(domains.find((d) => d.slug === 'security')?.certificationCount).toBe(2);
    expect(domains.find((d) => d.slug === 'databases')?.certificationCount).toBe(0);
  });
});

describe('GET /api/certification filters, orders and pages', () => {
  it('filters by domain, level and cost ceiling, and hides retired ones unless asked', async () => {
    expect(names((await list({ domain: 'cloud' })).body).sort()).toEqual([
      'Facts Cloud Foundations',
      'Facts Cloud Unknown Cost',
    ]);
    expect(names((await list({ domain: 'cloud', lifecycle: 'ACTIVE,RETIRING,RETIRED' })).body)).toContain(
      'Facts Retired Cloud',
    );
    expect(names((await list({ lifecycle: 'RETIRED' })).body)).toEqual(['Facts Retired Cloud']);
    expect(names((await list({ domain: 'security', level: 'EXPERT' })).body)).toEqual(['Facts Security Expert']);
    expect(names((await list({ level: 'ASSOCIATE,FOUNDATIONAL', sort: 'name' })).body)).toEqual([
      'Facts Cloud Foundations',
      'Facts Cloud Unknown Cost',
      'Facts Security Associate',
    ]);
    // A certification whose cost is not known is not under any ceiling.
    expect(names((await list({ maxCostUsd: '400', sort: 'name' })).body)).toEqual([
      'Facts Cloud Foundations',
      'Facts Security Associate',
    ]);
  });

  it('refuses an unknown value of any filter with 400 naming it', async () => {
    for (const [query, text] of [
      [{ domain: 'cooking' }, 'Unknown domain cooking'],
      [{ level: 'GURU' }, 'Unknown level GURU'],
      [{ lifecycle: 'ACTIVE,ZOMBIE' }, 'Unknown lifecycle ZOMBIE'],
      [{ sort: 'random' }, 'The sort must be one of'],
      [{ maxCostUsd: 'cheap' }, 'maxCostUsd must be a number'],
      [{ limit: '0' }, 'The limit must be at least 1'],
      [{ limit: '101' }, 'The limit must be at most 100'],
      [{ cursor: 'abc' }, 'That cursor is not one this list gave out'],
    ] as const) {
      const res = await list(query);
      expect(res.status, JSON.stringify(query)).toBe(400);
      expect(res.body.message).toContain(text);
    }
  });

  it('pages with limit and cursor: X-Total-Count and a Link to the next page until the last', async () => {
    const first = await list({ limit: '3', sort: 'name' });
    expect(first.headers['x-total-count']).toBe('4');
    expect(first.body).toHaveLength(3);
    const link = first.headers.link as string;
    expect(link).toMatch(/^<\/api\/certification\?.*cursor=3.*>; rel="next"$/);
    const next = await t.app.inject({ method: 'GET', url: link.slice(1, link.indexOf('>')) });
    expect(names(next.json())).toEqual(['Facts Security Expert']);
    expect(next.headers.link).toBeUndefined();
    expect(next.headers['x-total-count']).toBe('4');
  });

  it("contains is the home page's search: any case, in the list's order, filtered and paged like the rest", async () => {
    expect(names((await list({ contains: 'CLOUD', sort: 'name' })).body)).toEqual([
      'Facts Cloud Foundations',
      'Facts Cloud Unknown Cost',
    ]);
    const first = await list({ contains: 'cloud', sort: 'name', limit: '1' });
    expect(first.headers['x-total-count']).toBe('2');
    expect(names(first.body)).toEqual(['Facts Cloud Foundations']);
    expect(first.headers.link).toMatch(/contains=cloud.*cursor=1|cursor=1.*contains=cloud/);
    // A control character is a space, as in the search box; a NUL, which separates the fields, is refused.
    expect(names((await list({ contains: 'cloud\u0001foundations' })).body)).toEqual(['Facts Cloud Foundations']);
    expect((await list({ contains: 'cloud\u0000foundations' })).status).toBe(400);
    expect((await list({ contains: 'no such words anywhere' })).body).toEqual([]);
    const long = await list({ contains: 'x'.repeat(101) });
    expect(long.status).toBe(400);
    expect(long.body.message).toContain('The search must be at most 100 characters');
  });

  it('without any parameter answers every approved certification in one array, as before', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/certification' });
    expect(res.headers['x-total-count']).toBeUndefined();
    expect(names(res.json())).toContain('Facts Retired Cloud');
  });

  it('search finds a certification by a previous exam code and by a domain name', async () => {
    const byOldCode = await t.app.inject({ method: 'GET', url: '/api/certification', query: { q: 'FSA-001' } });
    expect(names(byOldCode.json())[0]).toBe('Facts Security Associate');
    const byDomain = await t.app.inject({ method: 'GET', url: '/api/certification', query: { q: 'governance' } });
    expect(names(byDomain.json())).toContain('Facts Security Expert');
  });
});
