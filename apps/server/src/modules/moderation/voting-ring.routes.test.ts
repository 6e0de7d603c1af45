import { adminFlagsSchema, MSG } from '@certitude/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.js';
import { buildCertification, buildUser } from '../../../test/factories.js';
import { call, type Member } from '../../../test/support/moderation.js';
import { certificationVotes } from '../../db/schema/index.js';

const DAY = 24 * 3_600_000;
const HOUR = 3_600_000;
const clock = Date.now();

let t: TestApp;
let moderator: Member;

beforeAll(async () => {
  t = await buildTestApp({ now: () => new Date(clock) });
  moderator = await buildUser(t.db.db, { role: 'MODERATOR', createdAt: new Date(clock - 90 * DAY) });
});
afterAll(() => t.close());

/** `n` accounts `days` old by the app's clock, each with an upvote on the certification cast `hoursAgo`. */
async function votesFrom(certificationId: number, n: number, days: number, hoursAgo = 2): Promise<Member[]> {
  const at = new Date(clock - hoursAgo * HOUR);
  const members: Member[] = [];
  for (let i = 0; i < n; i++) {
    const m = await buildUser(t.db.db, { createdAt: new Date(clock - days * DAY) });
    await t.db.db
      .insert(certificationVotes)
      .values({ userId: m.id, certificationId, value: 1, createdAt: at, updatedAt: at });
    members.push(m);
  }
  return members;
}

const listed = async () => adminFlagsSchema.parse((await call(t, moderator, 'GET', '/api/admin/flags')).json()).rings;

describe('the voting-ring job (docs/product.md#voting-rings)', () => {
  it('marks a certification with 10 votes in a day mostly from new accounts, with those accounts; not one voted by old accounts', async () => {
    const ring = await buildCertification(t.db.db);
    const honest = await buildCertification(t.db.db);
    const newcomers = await votesFrom(ring.id, 7, 2);
    await votesFrom(ring.id, 3, 60);
    await votesFrom(honest.id, 12, 60);
    // Old news: votes of new accounts two days ago are outside the window.
    const stale = await buildCertification(t.db.db);
    await votesFrom(stale.id, 10, 2, 48);

    expect(await t.app.services.votingRings.detect(new Date(clock))).toBe(1);
    const rings = await listed();
    expect(rings).toHaveLength(1);
    expect(rings[0]).toMatchObject({
      certificationId: ring.id,
      certificationName: ring.name,
      link: `/certification/${ring.slug}`,
      votes: 10,
      newAccountVotes: 7,
    });
    expect(rings[0]!.accounts.map((a) => a.id).sort((a, b) => a - b)).toEqual(
      newcomers.map((m) => m.id).sort((a, b) => a - b),
    );

    // A second run over an overlapping window records nothing new; the badge counts the signal.
    expect(await t.app.services.votingRings.detect(new Date(clock + HOUR))).toBe(0);
    const counts = (await call(t, moderator, 'GET', '/api/admin/pending-counts')).json();
    expect(counts.flags).toBeGreaterThanOrEqual(1);
  });

  it('fewer than 10 votes, or under 60% from new accounts, is no signal', async () => {
    const few = await buildCertification(t.db.db);
    await votesFrom(few.id, 9, 1);
    const mixed = await buildCertification(t.db.db);
    await votesFrom(mixed.id, 5, 1);
    await votesFrom(mixed.id, 5, 30);
    await t.app.services.votingRings.detect(new Date(clock));
    const ids = (await listed()).map((r) => r.certificationId);
    expect(ids).not.toContain(few.id);
    expect(ids).not.toContain(mixed.id);
  });

  it('POST /api/admin/voting-rings/{id}/dismiss clears a signal: 200, then 404; members 403, visitors 401', async () => {
    const [signal] = await listed();
    const url = `/api/admin/voting-rings/${signal!.id}/dismiss`;
    const member = await buildUser(t.db.db);
    expect((await call(t, undefined, 'POST', url)).statusCode).toBe(401);
    expect((await call(t, member, 'POST', url)).statusCode).toBe(403);
    const res = await call(t, moderator, 'POST', url);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: signal!.id, dismissed: true });
    expect((await listed()).map((r) => r.id)).not.toContain(signal!.id);
    const again = await call(t, moderator, 'POST', url);
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe(MSG.votingRingNotFound);
  });

  it('a dismissed signal settles its votes: they are not listed again, later votes may be', async () => {
    expect(await t.app.services.votingRings.detect(new Date(clock + 2 * HOUR))).toBe(0);
  });

  it('runs with the members’ jobs', async () => {
    const ring = await buildCertification(t.db.db);
    await votesFrom(ring.id, 10, 1);
    const run = await t.app.services.memberJobs.runOnce(new Date(clock));
    expect(run.votingRings).toBe(1);
    expect((await listed()).map((r) => r.certificationId)).toContain(ring.id);
  });
});
