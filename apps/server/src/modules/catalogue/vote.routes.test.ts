import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.js';
import { buildCertification, buildResource } from '../../../test/factories.js';
import { certificationVotes, resourceVotes } from '../../db/schema/index.js';
import { signedIn, type Member } from '../../../test/support/catalogue.js';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
/** The app's clock: stands still unless a test moves it (the first-week limits below). */
let clock = Date.now();
let t: TestApp;
let alice: Member;
let bob: Member;
beforeAll(async () => {
  t = await buildTestApp({ now: () => new Date(clock) });
  alice = await signedIn(t);
  bob = await signedIn(t);
});
afterAll(() => t.close());

const vote = (type: string, id: string | number, dir: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: `/api/vote/${type}/${id}/${dir}`, headers });
const status = (type: string, id: string | number, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: `/api/vote/${type}/${id}/status`, headers });

describe('votes on a certification', () => {
  it('a visitor reads the counts with hasVoted false, and cannot vote (401)', async () => {
    const cert = await buildCertification(t.db.db, { upvoteCount: 3, downvoteCount: 1 });
    const res = await status('certification', cert.slug);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ hasVoted: false, isUpvote: false, upvoteCount: 3, downvoteCount: 1 });
    const denied = await vote('certification', cert.id, 'upvote');
    expect(denied.statusCode).toBe(401);
    expect(denied.json().message).toBe('Please log in to vote');
  });

  it('up, up again removes; down then up switches; the counters follow the rows', async () => {
    const cert = await buildCertification(t.db.db);
    const up = await vote('certification', cert.slug, 'upvote', alice.headers);
    expect(up.statusCode).toBe(200);
    expect(up.json()).toEqual({ hasVoted: true, isUpvote: true, upvoteCount: 1, downvoteCount: 0 });
    expect((await status('certification', cert.id, alice.headers)).json()).toMatchObject({
      hasVoted: true,
      isUpvote: true,
    });
    expect((await status('certification', cert.id, bob.headers)).json()).toMatchObject({
      hasVoted: false,
      upvoteCount: 1,
    });

    const again = await vote('certification', cert.id, 'upvote', alice.headers);
    expect(again.json()).toEqual({ hasVoted: false, isUpvote: false, upvoteCount: 0, downvoteCount: 0 });

    await vote('certification', cert.id, 'downvote', alice.headers);
    await vote('certification', cert.id, 'downvote', bob.headers);
    const switched = await vote('certification', cert.id, 'upvote', alice.headers);
    expect(switched.json()).toEqual({ hasVoted: true, isUpvote: true, upvoteCount: 1, downvoteCount: 1 });

    const rows = await t.db.db.select().from(certificationVotes).where(eq(certificationVotes.certificationId, cert.id));
    expect(rows.map((r) => r.value).sort()).toEqual([-1, 1]);
  });

  it('a vote changes the public list at once (the cached list is dropped)', async () => {
    const cert = await buildCertification(t.db.db);
    const first = await t.app.inject({ method: 'GET', url: '/api/certification' });
    await vote('certification', cert.id, 'downvote', bob.headers);
    const after = await t.app.inject({
      method: 'GET',
      url: '/api/certification',
      headers: { 'if-none-match': first.headers.etag as string },
    });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(first.headers.etag);
    expect(after.json().find((c: { id: number }) => c.id === cert.id).downvoteCount).toBe(1);
  });

  it('unknown: 404; pending (even for its submitter): 404 on vote; not an id or slug: 400; unknown type: 400', async () => {
    expect((await status('certification', 'no-such-cert')).statusCode).toBe(404);
    expect((await vote('certification', 987654, 'upvote', alice.headers)).statusCode).toBe(404);
    const pending = await buildCertification(t.db.db, { status: 'PENDING', submittedById: alice.user.id });
    expect((await status('certification', pending.id)).statusCode).toBe(404);
    expect((await status('certification', pending.id, alice.headers)).statusCode).toBe(200);
    expect((await vote('certification', pending.id, 'upvote', alice.headers)).statusCode).toBe(404);
    expect((await status('certification', 'Bad Slug!')).statusCode).toBe(400);
    const badType = await status('comment', 1);
    expect(badType.statusCode).toBe(400);
    expect(badType.json().message).toContain('Votes are for a certification or a resource');
    expect((await vote('certification', 1, 'sideways', alice.headers)).statusCode).toBe(404);
  });
});

describe('votes on a resource', () => {
  it('toggle semantics, counts, and 400 for a slug', async () => {
    const cert = await buildCertification(t.db.db);
    const res = await buildResource(t.db.db, cert.id);
    expect((await vote('resource', res!.id, 'downvote', alice.headers)).json()).toEqual({
      hasVoted: true,
      isUpvote: false,
      upvoteCount: 0,
      downvoteCount: 1,
    });
    expect((await vote('resource', res!.id, 'upvote', bob.headers)).json()).toMatchObject({
      upvoteCount: 1,
      downvoteCount: 1,
    });
    expect((await vote('resource', res!.id, 'downvote', alice.headers)).json()).toMatchObject({
      hasVoted: false,
      upvoteCount: 1,
      downvoteCount: 0,
    });
    const slug = await status('resource', 'some-slug');
    expect(slug.statusCode).toBe(400);
    expect(slug.json().message).toBe('A resource is given by its numeric id');
    expect((await status('resource', 999999)).json().message).toBe('Resource not found');
  });
});

describe('vote rate limit', () => {
  it('more than 30 votes in a minute answer 429, and the refused vote leaves no row', async () => {
    const carol = await signedIn(t);
    const cert = await buildCertification(t.db.db);
    for (let i = 0; i < 30; i++)
      expect((await vote('certification', cert.id, 'upvote', carol.headers)).statusCode).toBe(200);
    const res = await vote('certification', cert.id, 'upvote', carol.headers);
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toBe('You are voting too fast. Please wait a minute before voting again.');
    expect(res.headers['retry-after']).toBeDefined();
    // 30 toggles end with no vote; the refused 31st would have added one.
    const rows = await t.db.db
      .select()
      .from(certificationVotes)
      .where(and(eq(certificationVotes.certificationId, cert.id), eq(certificationVotes.userId, carol.user.id)));
    expect(rows).toEqual([]);
  });
});

describe('downvotes in an account’s first week (docs/decisions/0029-new-account-limits.md)', () => {
  const downvotesOf = async (member: Member, certificationId: number) =>
    t.db.db
      .select()
      .from(certificationVotes)
      .where(
        and(eq(certificationVotes.certificationId, certificationId), eq(certificationVotes.userId, member.user.id)),
      );

  it('a 3-day-old account: the 11th downvote of the day is 429 saying when it resets, with no row; upvotes pass', async () => {
    const newcomer = await signedIn(t, 'USER', { createdAt: new Date(clock - 3 * DAY) });
    const certs = await Promise.all(Array.from({ length: 12 }, () => buildCertification(t.db.db)));
    for (const c of certs.slice(0, 10))
      expect((await vote('certification', c.id, 'downvote', newcomer.headers)).statusCode).toBe(200);

    clock += 3 * HOUR;
    const refused = await vote('certification', certs[10]!.id, 'downvote', newcomer.headers);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(
      'New accounts can downvote 10 times a day in their first week. You can downvote again in 21 hours.',
    );
    expect(Number(refused.headers['retry-after'])).toBe(21 * 60 * 60);
    expect(await downvotesOf(newcomer, certs[10]!.id)).toEqual([]);

    // Resources share the budget.
    const resource = await buildResource(t.db.db, certs[0]!.id);
    expect((await vote('resource', resource!.id, 'downvote', newcomer.headers)).statusCode).toBe(429);
    expect(await t.db.db.select().from(resourceVotes).where(eq(resourceVotes.userId, newcomer.user.id))).toEqual([]);

    // Upvotes keep the limits every member has.
    const up = await vote('certification', certs[10]!.id, 'upvote', newcomer.headers);
    expect(up.statusCode).toBe(200);
    expect(up.json()).toMatchObject({ hasVoted: true, isUpvote: true });

    // Once the day's window has passed, the account downvotes again.
    clock += 21 * HOUR;
    expect((await vote('certification', certs[11]!.id, 'downvote', newcomer.headers)).statusCode).toBe(200);
    expect((await downvotesOf(newcomer, certs[11]!.id)).map((r) => r.value)).toEqual([-1]);
  });

  it('an 8-day-old account is past its first week: 12 downvotes in a row pass', async () => {
    const member = await signedIn(t, 'USER', { createdAt: new Date(clock - 8 * DAY) });
    const certs = await Promise.all(Array.from({ length: 12 }, () => buildCertification(t.db.db)));
    for (const c of certs) expect((await vote('certification', c.id, 'downvote', member.headers)).statusCode).toBe(200);
  });
});
