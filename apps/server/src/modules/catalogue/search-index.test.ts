import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseQuery, prepareSearch, rankSearch, SearchIndex, searchTier, type Certification } from '@certitude/shared';
import { buildTestApp, type TestApp } from '../../../test/app.js';
import { SEARCH_QUERIES } from '../../../test/fixtures/search-queries.js';

let t: TestApp;
let list: Certification[];
beforeAll(async () => {
  t = await buildTestApp({ seed: true });
  const seeded = (await t.app.inject({ method: 'GET', url: '/api/certification' })).json() as Certification[];
  // Grown as the scale benchmark grows it (bench/lib/scale.sql): generated names, codes and descriptions.
  const vendors = [...new Set(seeded.map((c) => c.vendor))].sort();
  const generated = Array.from({ length: 600 }, (_, i) => ({
    ...seeded[i % seeded.length]!,
    id: 100_000 + i,
    slug: `generated-certification-${i}`,
    name: `Generated Certification ${i}`,
    certCode: `GEN-${i}`,
    vendor: vendors[i % vendors.length]!,
    description: `A generated certification for the scale benchmark: ${(i * 2654435761).toString(16)} covers networks, cloud and security.`,
    previousCodes: [],
    aliases: [],
    score: (i % 7) / 10,
  }));
  list = [...generated.slice(0, 300), ...seeded, ...generated.slice(300)];
});
afterAll(() => t.close());

/** Searches made from the catalogue's own words, cut, joined and mistyped, and a few that are not words at all. */
function randomQueries(count: number): string[] {
  let seed = 42;
  const next = (n: number) => ((seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) >>> 8) % n;
  const words = list.flatMap((c) => `${c.name} ${c.certCode ?? ''} ${c.description.slice(0, 200)}`.split(/\s+/));
  const mistype = (w: string) => {
    const i = next(w.length + 1);
    const edits = [
      () => w.slice(0, i) + w.slice(i + 1),
      () => w.slice(0, i) + 'xe'[next(2)] + w.slice(i),
      () => w.slice(0, i) + (w[i + 1] ?? '') + (w[i] ?? '') + w.slice(i + 2),
      () => w.slice(0, Math.max(1, i)),
      () => w.slice(i),
      () => w,
    ];
    return edits[next(edits.length)]!();
  };
  const queries = ['', ' ', '+', 'a', '-', 'é', '\u0000', 'AZ-104', 'ptia sec', 'a certif', 'ion f', '12', 'cert 1'];
  while (queries.length < count) {
    const n = 1 + next(3);
    const q = Array.from({ length: n }, () => mistype(words[next(words.length)]!)).join(next(4) === 0 ? '' : ' ');
    queries.push(next(5) === 0 ? q.toUpperCase() : q);
  }
  return queries;
}

describe('the search index of a list', () => {
  it('ranks exactly as the full scan of every certification, for the query set and random searches', () => {
    const index = new SearchIndex(list);
    const prepared = new Map(list.map((c) => [c, prepareSearch(c)]));
    const prepare = (c: Certification) => prepared.get(c)!;
    const queries = [...SEARCH_QUERIES.map(([q]) => q), ...randomQueries(400)];
    let found = 0;
    for (const q of queries) {
      const full = rankSearch(list, q, prepare);
      found += full.length;
      expect(
        index.rank(q).map((c) => c.slug),
        q,
      ).toEqual(full.map((c) => c.slug));
      expect(
        index.rank(q, 50).map((c) => c.slug),
        q,
      ).toEqual(full.slice(0, 50).map((c) => c.slug));
      const matches = index.matcher(q);
      const parsed = parseQuery(q);
      const scanned = list.filter((c) => searchTier(prepare(c), parsed) > 0).map((c) => c.slug);
      expect(
        list.filter(matches).map((c) => c.slug),
        q,
      ).toEqual(scanned);
    }
    // The random searches find things: the comparison is not between two empty answers.
    expect(found).toBeGreaterThan(queries.length * 20);
  });
});
