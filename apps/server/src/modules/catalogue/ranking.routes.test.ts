import type { Certification } from '@certitude/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.js';
import { buildCertification, buildUser } from '../../../test/factories.js';
import { certificationRatings, certificationVotes, comments } from '../../db/schema/index.js';
import { wilsonLowerBound } from './ranking.js';

let t: TestApp;
const VENDOR = 'Ranking Vendor';

/** A certification of the ranking fixture with counts set directly (the rows behind them do not matter here). */
const cert = (name: string, values: Parameters<typeof buildCertification>[1] = {}) =>
  buildCertification(t.db.db, { name, vendor: VENDOR, ...values });

beforeAll(async () => {
  t = await buildTestApp();
  const day = 24 * 3600_000;
  await cert('One Up', { upvoteCount: 1, downvoteCount: 0, createdAt: new Date(Date.now() - 5 * day) });
  await cert('Ninety Up', { upvoteCount: 90, downvoteCount: 10, createdAt: new Date(Date.now() - 4 * day) });
  await cert('Hard', {
    ratingCount: 3,
    difficultySum: 14,
    valueSum: 9,
    recognitionSum: 9,
    createdAt: new Date(Date.now() - 3 * day),
  });
  await cert('Easy', {
    ratingCount: 4,
    difficultySum: 5,
    valueSum: 18,
    recognitionSum: 12,
    createdAt: new Date(Date.now() - 2 * day),
  });
  await cert('Two Ratings', {
    ratingCount: 2,
    difficultySum: 10,
    valueSum: 10,
    recognitionSum: 10,
    createdAt: new Date(Date.now() - day),
  });
  // Trending: recent activity on 'Easy', older activity on 'Hard'.
  const easy = await findByName('Easy');
  const hard = await findByName('Hard');
  const member = await buildUser(t.db.db);
  await t.db.db.insert(certificationVotes).values({ userId: member.id, certificationId: easy.id, value: 1 });
  await t.db.db
    .insert(certificationRatings)
    .values({ userId: member.id, certificationId: easy.id, difficulty: 1, value: 5, recognition: 3 });
  await t.db.db.insert(comments).values({
    certificationId: hard.id,
    userId: member.id,
    content: 'Old news',
    depth: 0,
    createdAt: new Date(Date.now() - 20 * day),
  });
});
afterAll(() => t.close());

async function findByName(name: string): Promise<Certification> {
  const res = await t.app.inject({ method: 'GET', url: '/api/certification', query: { vendor: VENDOR } });
  return (res.json() as Certification[]).find((c) => c.name === name)!;
}
const order = async (sort: string) =>
  (
    (
      await t.app.inject({ method: 'GET', url: '/api/certification', query: { vendor: VENDOR, sort } })
    ).json() as Certification[]
  ).map((c) => c.name);

describe('GET /api/certification?sort=', () => {
  it('best ranks by the Wilson lower bound: 1 up / 0 down below 90 up / 10 down', async () => {
    expect(wilsonLowerBound(1, 0)).toBeCloseTo(0.2065, 3);
    expect(wilsonLowerBound(90, 10)).toBeCloseTo(0.8256, 3);
    expect((await order('best')).slice(0, 2)).toEqual(['Ninety Up', 'One Up']);
    const ninety = await findByName('Ninety Up');
    expect(ninety.score).toBeCloseTo(0.8256, 3);
  });

  it('top, new, rated and name', async () => {
    expect((await order('top')).slice(0, 2)).toEqual(['Ninety Up', 'One Up']);
    expect(await order('new')).toEqual(['Two Ratings', 'Easy', 'Hard', 'Ninety Up', 'One Up']);
    expect((await order('rated')).slice(0, 3)).toEqual(['Easy', 'Hard', 'Two Ratings']);
    expect(await order('name')).toEqual(['Easy', 'Hard', 'Ninety Up', 'One Up', 'Two Ratings']);
  });

  it('hardest, easiest and value by the means, certifications without enough ratings last', async () => {
    expect((await order('hardest')).slice(0, 2)).toEqual(['Hard', 'Easy']);
    expect((await order('easiest')).slice(0, 2)).toEqual(['Easy', 'Hard']);
    expect((await order('value')).slice(0, 2)).toEqual(['Easy', 'Hard']);
    // Two ratings are not enough for a mean: it sorts with the unrated, by name.
    expect((await order('hardest')).slice(2)).toEqual(['Ninety Up', 'One Up', 'Two Ratings']);
  });

  it('trending weighs recent votes, ratings and comments above older activity', async () => {
    expect((await order('trending')).slice(0, 2)).toEqual(['Easy', 'Hard']);
  });
});
