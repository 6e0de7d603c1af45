import { CERTIFICATION_SORTS, type Certification } from '@certitude/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.js';
import { buildCertification, buildUser } from '../../../test/factories.js';
import { certificationRatings, certificationVotes, comments } from '../../db/schema/index.js';

/**
 * The database holds only this fixture, so the pages below without a search are ordered by PostgreSQL.
 * A page of the list is ordered by PostgreSQL (findApprovedPage), the whole list by the service (ranking.ts); the
 * home page shows the whole list's first page and then asks for the next pages, so both must give one order. This
 * fixture holds what could set them apart: scores and means equal once rounded as answered but not before, means
 * below 3 ratings, vendors and names that differ by case and punctuation, equal creation times, retired items.
 */
let t: TestApp;
const MARK = 'orderfixture';
const day = 24 * 3600_000;
const sameTime = new Date(Date.now() - 10 * day);

const cert = (vendor: string, name: string, values: Parameters<typeof buildCertification>[1] = {}) =>
  buildCertification(t.db.db, { vendor, name, description: `A certification of the ${MARK}.`, ...values });
const means = (count: number, difficulty: number, value: number) => ({
  ratingCount: count,
  difficultySum: difficulty,
  valueSum: value,
  recognitionSum: 3 * count,
});

beforeAll(async () => {
  t = await buildTestApp();
  await cert('Order Vendor', 'One Up', { upvoteCount: 1, downvoteCount: 0, createdAt: sameTime });
  await cert('Order Vendor', 'Ninety Up', { upvoteCount: 90, downvoteCount: 10, createdAt: sameTime });
  // 0.8256 once rounded, as Ninety Up, though below it before: the tie falls to vendor and name.
  await cert('order vendor', 'ninety up again', { upvoteCount: 185, downvoteCount: 26 });
  await cert('(ISC)² Order', 'Security Order', { upvoteCount: 5, downvoteCount: 5, ...means(3, 10, 12) });
  // 3.33 once rounded (3.3344 before): a tie with Security Order under hardest and easiest.
  await cert('Order-Vendor', 'Rounded Mean', { upvoteCount: 5, downvoteCount: 5, ...means(299, 997, 1100) });
  // A mean at .5 of its last decimal (4.625 for value) rounds up, as Math.round does: a tie with 4.63.
  await cert('Ärger Order', 'Half Up', { ...means(8, 20, 37) });
  await cert('Ärger Order', 'Half Up Again', { ...means(100, 250, 463) });
  await cert('zeta order', 'Two Ratings', { ...means(2, 10, 10), upvoteCount: 3 });
  await cert('Zeta Order', 'No Votes', {});
  await cert('Zeta Order', 'Downvoted', { upvoteCount: 0, downvoteCount: 7 });
  await cert('Zeta Order', 'Retired', { lifecycle: 'RETIRED', upvoteCount: 50 });
  await cert('Zeta Order', 'Pending', { status: 'PENDING', upvoteCount: 99 });
  const list = await t.app.inject({ method: 'GET', url: '/api/certification', query: { contains: MARK } });
  const id = (name: string) => (list.json() as Certification[]).find((c) => c.name === name)!.id;
  const member = await buildUser(t.db.db);
  const other = await buildUser(t.db.db);
  await t.db.db.insert(certificationVotes).values([
    { userId: member.id, certificationId: id('No Votes'), value: 1 },
    { userId: other.id, certificationId: id('No Votes'), value: 1 },
    { userId: member.id, certificationId: id('Downvoted'), value: -1 },
  ]);
  await t.db.db
    .insert(certificationRatings)
    .values({ userId: member.id, certificationId: id('Half Up'), difficulty: 3, value: 5, recognition: 3 });
  await t.db.db.insert(comments).values({
    certificationId: id('Security Order'),
    userId: member.id,
    content: 'A fortnight ago',
    depth: 0,
    createdAt: new Date(Date.now() - 14 * day),
  });
});
afterAll(() => t.close());

async function get(query: Record<string, string>) {
  const res = await t.app.inject({ method: 'GET', url: '/api/certification', query });
  expect(res.statusCode, JSON.stringify(query)).toBe(200);
  return res;
}
const names = (body: unknown) => (body as Certification[]).map((c) => `${c.vendor} / ${c.name}`);

/** Every page of `limit`, following the Link header, and the X-Total-Count of the first. */
async function allPages(query: Record<string, string>, limit: number) {
  let res = await get({ ...query, limit: String(limit) });
  const total = Number(res.headers['x-total-count']);
  const seen = names(res.json());
  for (let link = res.headers.link as string | undefined; link; link = res.headers.link as string | undefined) {
    res = await t.app.inject({ method: 'GET', url: link.slice(1, link.indexOf('>')) });
    expect(Number(res.headers['x-total-count'])).toBe(total);
    seen.push(...names(res.json()));
  }
  return { seen, total };
}

describe('the orders of a page (SQL) and of the whole list (the service) agree', () => {
  const filters: Record<string, Record<string, string>> = {
    'the whole catalogue': { lifecycle: 'ACTIVE,RETIRING' },
    // A search's pages are cut from the cached order (CertificationService.browse): the same order, checked here.
    'the search box (contains)': { contains: MARK },
    'retired included, one vendor in any case': { lifecycle: 'ACTIVE,RETIRING,RETIRED', vendor: 'zeta ORDER' },
  };
  for (const sort of [...CERTIFICATION_SORTS, undefined]) {
    for (const [label, filter] of Object.entries(filters)) {
      it(`${sort ?? 'no sort'}, ${label}`, async () => {
        const query = sort ? { ...filter, sort } : filter;
        const whole = await get(query);
        const expected = names(whole.json());
        expect(expected.length).toBeGreaterThan(1);
        for (const limit of [1, 3, 100]) {
          const { seen, total } = await allPages(query, limit);
          expect(seen, `limit ${limit}`).toEqual(expected);
          expect(total).toBe(expected.length);
        }
      });
    }
  }

  it('best: 1 up / 0 down ranks below 90 up / 10 down, and a tie once rounded falls to vendor and name', async () => {
    const { seen } = await allPages({ sort: 'best' }, 2);
    expect(seen.indexOf('Order Vendor / Ninety Up')).toBeLessThan(seen.indexOf('Order Vendor / One Up'));
    expect(seen.slice(0, 2)).toEqual(['order vendor / ninety up again', 'Order Vendor / Ninety Up']);
  });

  it('the means: rounded as answered, unrated last, a half rounded up', async () => {
    const hardest = (await allPages({ sort: 'hardest' }, 2)).seen;
    expect(hardest.slice(0, 4)).toEqual([
      '(ISC)² Order / Security Order',
      'Order-Vendor / Rounded Mean',
      'Ärger Order / Half Up',
      'Ärger Order / Half Up Again',
    ]);
    expect(hardest).toContain('zeta order / Two Ratings');
    expect(hardest.indexOf('zeta order / Two Ratings')).toBeGreaterThan(3);
    const value = (await allPages({ sort: 'value' }, 2)).seen;
    expect(value.slice(0, 2)).toEqual(['Ärger Order / Half Up', 'Ärger Order / Half Up Again']);
  });

  it('a pending certification is in no page', async () => {
    const { seen } = await allPages({ lifecycle: 'ACTIVE,RETIRING,RETIRED', sort: 'top' }, 5);
    expect(seen).not.toContain('Zeta Order / Pending');
    expect(seen[0]).toBe('order vendor / ninety up again');
  });
});
