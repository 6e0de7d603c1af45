import { randomBytes } from 'node:crypto';
import {
  MSG,
  reverseVotesResponseSchema,
  type Certification,
  type PublicModerationEntry,
  type VoteStatus,
} from '@certitude/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.js';
import { TEST_DATABASE_KIND } from '../../../test/database.js';
import { buildCertification, buildResource, buildUser } from '../../../test/factories.js';
import { buildRole, call, type Member } from '../../../test/support/moderation.js';
import { certifications, certificationVotes, resources, resourceVotes } from '../../db/schema/index.js';

let t: TestApp;
let admin: Member;
let moderator: Member;
let member: Member;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await buildRole(t, 'ADMIN');
  moderator = await buildRole(t, 'MODERATOR');
  member = await buildRole(t, 'USER');
});
afterAll(() => t.close());

const reverse = (by: Member | undefined, id: number | string, body?: unknown) =>
  call(t, by, 'POST', `/api/admin/users/${id}/reverse-votes`, body);
const vote = (by: Member, type: 'certification' | 'resource', id: number, dir: 'upvote' | 'downvote') =>
  call(t, by, 'POST', `/api/vote/${type}/${id}/${dir}`);

async function buildResourceOf(certificationId: number) {
  const row = await buildResource(t.db.db, certificationId, {
    name: `Guide ${randomBytes(3).toString('hex')}`,
    type: 'book',
  });
  return row!;
}

/** Each item's counters next to the votes its rows hold. */
async function countersAndRows(type: 'certification' | 'resource', ids: number[]) {
  const items = type === 'certification' ? certifications : resources;
  const votes = type === 'certification' ? certificationVotes : resourceVotes;
  const key = type === 'certification' ? certificationVotes.certificationId : resourceVotes.resourceId;
  return Promise.all(
    ids.map(async (id) => {
      const [counters] = await t.db.db
        .select({ up: items.upvoteCount, down: items.downvoteCount })
        .from(items)
        .where(eq(items.id, id));
      const [rows] = await t.db.db
        .select({
          up: sql<number>`count(*) filter (where ${votes.value} = 1)::int`,
          down: sql<number>`count(*) filter (where ${votes.value} = -1)::int`,
        })
        .from(votes)
        .where(eq(key, id));
      return { id, counters: counters!, rows: { up: Number(rows!.up), down: Number(rows!.down) } };
    }),
  );
}

async function votesOf(userId: number): Promise<number> {
  const [c] = await t.db.db
    .select({ n: sql<number>`count(*)::int` })
    .from(certificationVotes)
    .where(eq(certificationVotes.userId, userId));
  const [r] = await t.db.db
    .select({ n: sql<number>`count(*)::int` })
    .from(resourceVotes)
    .where(eq(resourceVotes.userId, userId));
  return Number(c!.n) + Number(r!.n);
}

const listed = async (id: number) =>
  ((await t.app.inject({ method: 'GET', url: '/api/certification' })).json() as Certification[]).find(
    (c) => c.id === id,
  )!;

describe('POST /api/admin/users/{id}/reverse-votes', () => {
  it("removes that account's votes only, moves the counters with them and the public list at once", async () => {
    const target = await buildRole(t, 'USER');
    const other = await buildRole(t, 'USER');
    const a = await buildCertification(t.db.db);
    const b = await buildCertification(t.db.db);
    const r = await buildResourceOf(a.id);
    for (const [by, type, id, dir] of [
      [target, 'certification', a.id, 'upvote'],
      [target, 'certification', b.id, 'downvote'],
      [target, 'resource', r.id, 'upvote'],
      [other, 'certification', a.id, 'upvote'],
      [other, 'certification', b.id, 'downvote'],
      [other, 'resource', r.id, 'downvote'],
    ] as const) {
      expect((await vote(by, type, id, dir)).statusCode).toBe(200);
    }
    // The public list is read (and kept) before the reversal.
    expect(await listed(a.id)).toMatchObject({ upvoteCount: 2, downvoteCount: 0 });

    const res = await reverse(admin, target.id, { reason: '  Voting ring  ' });
    expect(res.statusCode).toBe(200);
    expect(reverseVotesResponseSchema.parse(res.json())).toEqual({ reversed: 3 });

    expect(await votesOf(target.id)).toBe(0);
    expect(await votesOf(other.id)).toBe(3);
    const certs = await countersAndRows('certification', [a.id, b.id]);
    expect(certs.map((c) => c.counters)).toEqual([
      { up: 1, down: 0 },
      { up: 0, down: 1 },
    ]);
    for (const c of [...certs, ...(await countersAndRows('resource', [r.id]))]) expect(c.counters).toEqual(c.rows);
    expect(await listed(a.id)).toMatchObject({ upvoteCount: 1, downvoteCount: 0 });
    const status = (await call(t, target, 'GET', `/api/vote/certification/${a.id}/status`)).json() as VoteStatus;
    expect(status).toEqual({ hasVoted: false, isUpvote: false, upvoteCount: 1, downvoteCount: 0 });

    // Nothing left: a second reversal removes nothing, and says so.
    expect((await reverse(admin, target.id, { reason: 'Again' })).json()).toEqual({ reversed: 0 });
  });

  it('puts the reversal on the public moderation log with the reason, the username and no email address', async () => {
    const target = await buildRole(t, 'USER');
    const cert = await buildCertification(t.db.db);
    await vote(target, 'certification', cert.id, 'upvote');
    const reason = `Sock puppet of ${target.email}`;
    expect((await reverse(admin, target.id, { reason })).json()).toEqual({ reversed: 1 });
    const entries = (
      await t.app.inject({ method: 'GET', url: '/api/moderation-log' })
    ).json() as PublicModerationEntry[];
    const entry = entries[0]!;
    expect(entry).toMatchObject({
      action: 'REVERSE_VOTES',
      moderator: admin.username,
      targetType: 'user',
      targetTitle: target.username,
      targetLink: `/u/${target.username}`,
      reason: 'Sock puppet of [email address hidden]',
    });
    expect(JSON.stringify(entry)).not.toContain('@');
  });

  it('is for admins: 403 for a moderator and a member, 401 for a visitor, nothing removed', async () => {
    const target = await buildRole(t, 'USER');
    const cert = await buildCertification(t.db.db);
    await vote(target, 'certification', cert.id, 'upvote');
    for (const by of [moderator, member]) {
      const res = await reverse(by, target.id, { reason: 'No' });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ statusCode: 403, error: 'Forbidden' });
    }
    expect((await reverse(undefined, target.id, { reason: 'No' })).statusCode).toBe(401);
    expect(await votesOf(target.id)).toBe(1);
  });

  it('answers 404 for an unknown account, 400 for the system account and for an empty reason', async () => {
    const unknown = await reverse(admin, 999_999, { reason: 'Spam' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(MSG.userNotFound);

    const system = await buildUser(t.db.db, { isSystem: true });
    const sys = await reverse(admin, system.id, { reason: 'Spam' });
    expect(sys.statusCode).toBe(400);
    expect(sys.json().message).toBe(MSG.cannotReverseSystemVotes);

    const target = await buildRole(t, 'USER');
    for (const body of [{ reason: '' }, { reason: '   ' }, {}]) {
      const res = await reverse(admin, target.id, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toContain('A reason is required');
    }
    expect((await reverse(admin, 'abc', { reason: 'Spam' })).statusCode).toBe(400);
  });
});

/** A small seeded generator, so a failing race can be replayed with the same clicks. */
function random(seed: number) {
  return () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    return seed / 2_147_483_648;
  };
}

describe(`a reversal while members vote on ${TEST_DATABASE_KIND}`, () => {
  it('10 members and the account itself voting on the same items: every counter equals its rows', async () => {
    const next = random(7);
    const target = await buildRole(t, 'USER');
    const certs = await Promise.all(Array.from({ length: 3 }, () => buildCertification(t.db.db)));
    const res = await Promise.all(certs.slice(0, 2).map((c) => buildResourceOf(c.id)));
    const items = [
      ...certs.map((c) => ({ type: 'certification' as const, id: c.id })),
      ...res.map((r) => ({ type: 'resource' as const, id: r.id })),
    ];
    const everyItem = async () => [
      ...(await countersAndRows(
        'certification',
        certs.map((c) => c.id),
      )),
      ...(await countersAndRows(
        'resource',
        res.map((r) => r.id),
      )),
    ];
    const others = await Promise.all(Array.from({ length: 10 }, () => buildRole(t, 'USER')));
    const dir = () => (next() < 0.6 ? ('upvote' as const) : ('downvote' as const));
    // The account votes on everything first, so the reversal has rows to take while the race goes on.
    for (const item of items) await vote(target, item.type, item.id, dir());

    for (let round = 0; round < 3; round++) {
      const clicks = [
        ...others.flatMap((m) => items.map((item) => ({ m, item, dir: dir() }))),
        ...Array.from({ length: 6 }, (_, i) => ({ m: target, item: items[i % items.length]!, dir: dir() })),
      ].sort(() => next() - 0.5);
      const half = Math.floor(clicks.length / 2);
      // Every call is started before any is awaited: the database sees them all at once.
      const votes = clicks.map(({ m, item, dir: d }) => vote(m, item.type, item.id, d));
      const reversal = reverse(admin, target.id, { reason: `Round ${round}` });
      const answers = await Promise.all([...votes.slice(0, half), reversal, ...votes.slice(half)]);
      expect(answers.map((a) => a.statusCode).filter((c) => c !== 200)).toEqual([]);
      const reversed = (await reversal).json().reversed as number;
      expect(reversed).toBeGreaterThanOrEqual(0);
      console.info(
        `[vote reversal race ${TEST_DATABASE_KIND}] round ${round}: ${clicks.length} votes, ${reversed} reversed`,
      );

      const all = await everyItem();
      for (const item of all) expect(item.counters, `item ${item.id}, round ${round}`).toEqual(item.rows);
    }

    // Once the race is over, a reversal takes whatever the account still had.
    expect((await reverse(admin, target.id, { reason: 'The rest' })).statusCode).toBe(200);
    expect(await votesOf(target.id)).toBe(0);
    const after = await everyItem();
    for (const item of after) expect(item.counters).toEqual(item.rows);
  });
});
