import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Certification } from '@certitude/shared';
import { buildTestApp, type TestApp } from '../../../test/app.js';
import { SEARCH_QUERIES } from '../../../test/fixtures/search-queries.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ seed: true });
});
afterAll(() => t.close());

const slugs = async (url: string, q: string) => {
  const res = await t.app.inject({ method: 'GET', url, query: { q } });
  expect(res.statusCode, q).toBe(200);
  return (res.json() as Certification[]).map((c) => c.slug);
};

describe('searches as people type them, on the seeded catalogue', () => {
  it(`find the certification meant in the ranked search's top 3 for 90% of ${SEARCH_QUERIES.length} queries`, async () => {
    const missed: string[] = [];
    for (const [q, slug] of SEARCH_QUERIES) {
      const top = (await slugs('/api/search', q)).slice(0, 3);
      if (!top.includes(slug)) missed.push(`${q} → ${top.join(', ') || 'nothing'}`);
    }
    const found = SEARCH_QUERIES.length - missed.length;
    console.info(`ranked search: ${found} of ${SEARCH_QUERIES.length} in the top 3; missed: ${missed.join('; ')}`);
    expect(found / SEARCH_QUERIES.length, missed.join('\n')).toBeGreaterThanOrEqual(0.9);
  });

  it('find the certification meant with the home page search for 90% of the queries', async () => {
    const missed: string[] = [];
    for (const [q, slug] of SEARCH_QUERIES) if (!(await slugs('/api/certification', q)).includes(slug)) missed.push(q);
    const found = SEARCH_QUERIES.length - missed.length;
    console.info(`home page search: ${found} of ${SEARCH_QUERIES.length} found; missed: ${missed.join('; ')}`);
    expect(found / SEARCH_QUERIES.length, missed.join('\n')).toBeGreaterThanOrEqual(0.9);
  });

  it('put the current certification before retired ones that share its name', async () => {
    const ccna = await slugs('/api/search', 'ccna');
    expect(ccna[0]).toBe('cisco-certified-network-associate-ccna');
  });
});
