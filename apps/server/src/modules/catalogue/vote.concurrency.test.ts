import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.js';
import { TEST_DATABASE_KIND } from '../../../test/database.js';
import { buildCertification, buildResource } from '../../../test/factories.js';
import { certifications, certificationVotes, resources, resourceVotes } from '../../db/schema/index.js';
import { signedIn, type Member } from '../../../test/support/catalogue.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const monthAgo = () => new Date(Date.now() - 30 * 24 * 60 * 60 * 1000);

/** A small seeded generator, so a failing race can be replayed with the same clicks. */
function random(seed: number) {
  return () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    return seed / 2_147_483_648;
  };
}

async function race(type: 'certification' | 'resource', itemId: number, members: Member[], votesEach: number) {
  const next = random(42);
  const calls = members.flatMap((m) =>
    Array.from({ length: votesEach }, () => ({ m, dir: next() < 0.6 ? 'upvote' : 'downvote' })),
  );
  // Every call is started before any is awaited: the database sees them all at once.
  const answers = await Promise.all(
    calls.map(({ m, dir }) =>
      t.app.inject({ method: 'POST', url: `/api/vote/${type}/${itemId}/${dir}`, headers: m.headers }),
    ),
  );
  return answers.map((a) => a.statusCode);
}

describe(`concurrent votes on ${TEST_DATABASE_KIND}`, () => {
  it('20 members x 20 votes at once on one certification: counters equal the rows', async () => {
    const cert = await buildCertification(t.db.db);
    // Accounts past their first week: some of them downvote more than a new account may in a day
    // (docs/decisions/0029-new-account-limits.md), which is not what this test is about.
    const members = await Promise.all(Array.from({ length: 20 }, () => signedIn(t, 'USER', { createdAt: monthAgo() })));
    const codes = await race('certification', cert.id, members, 20);
    expect(codes.filter((c) => c !== 200)).toEqual([]);

    const [counts] = await t.db.db
      .select({ up: certifications.upvoteCount, down: certifications.downvoteCount })
      .from(certifications)
      .where(eq(certifications.id, cert.id));
    const [rows] = await t.db.db
      .select({
        up: sql<number>`count(*) filter (where ${certificationVotes.value} = 1)::int`,
        down: sql<number>`count(*) filter (where ${certificationVotes.value} = -1)::int`,
        total: sql<number>`count(*)::int`,
      })
      .from(certificationVotes)
      .where(eq(certificationVotes.certificationId, cert.id));
    console.info(
      `[vote race ${TEST_DATABASE_KIND}] ${codes.length} votes by 20 members: counters up=${counts!.up} down=${counts!.down}; rows up=${rows!.up} down=${rows!.down}`,
    );
    expect({ up: counts!.up, down: counts!.down }).toEqual({ up: Number(rows!.up), down: Number(rows!.down) });
    expect(Number(rows!.total)).toBeLessThanOrEqual(20);
    // Each member's status agrees with their row.
    for (const m of members.slice(0, 5)) {
      const status = (
        await t.app.inject({ method: 'GET', url: `/api/vote/certification/${cert.id}/status`, headers: m.headers })
      ).json();
      const [row] = await t.db.db
        .select({ value: certificationVotes.value })
        .from(certificationVotes)
        .where(sql`${certificationVotes.userId} = ${m.user.id} and ${certificationVotes.certificationId} = ${cert.id}`);
      expect(status.hasVoted).toBe(row !== undefined);
      if (row) expect(status.isUpvote).toBe(row.value === 1);
      expect(status.upvoteCount).toBe(counts!.up);
    }
  });

  it('10 members x 10 votes at once on one resource: counters equal the rows', async () => {
    const cert = await buildCertification(t.db.db);
    const res = await buildResource(t.db.db, cert.id, { type: 'book' });
    const members = await Promise.all(Array.from({ length: 10 }, () => signedIn(t, 'USER', { createdAt: monthAgo() })));
    const codes = await race('resource', res!.id, members, 10);
    expect(codes.filter((c) => c !== 200)).toEqual([]);
    const [counts] = await t.db.db
      .select({ up: resources.upvoteCount, down: resources.downvoteCount })
      .from(resources)
      .where(eq(resources.id, res!.id));
    const [rows] = await t.db.db
      .select({
        up: sql<number>`count(*) filter (where ${resourceVotes.value} = 1)::int`,
        down: sql<number>`count(*) filter (where ${resourceVotes.value} = -1)::int`,
      })
      .from(resourceVotes)
      .where(eq(resourceVotes.resourceId, res!.id));
    expect({ up: counts!.up, down: counts!.down }).toEqual({ up: Number(rows!.up), down: Number(rows!.down) });
  });
});
