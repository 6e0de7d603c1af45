/*
 * Verified holders (docs/api.md#verified-holders) against a real local issuer (test/support/badge-issuer.ts). The app
 * under test runs with BADGE_ALLOW_PRIVATE_HOSTS=true to reach it on 127.0.0.1; the last block runs without, and the
 * issuer is never asked.
 */
import { MSG, type MemberBadge, type PublicProfile, type RatingsPage, type TrackerEntry } from '@certitude/shared';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.js';
import { buildCertification } from '../../../test/factories.js';
import { BadgeIssuer } from '../../../test/support/badge-issuer.js';
import { signedIn, type Member } from '../../../test/support/catalogue.js';
import { call, notificationsOf } from '../../../test/support/members.js';
import { flatten, listComments, postComment } from '../../../test/support/discussion.js';
import { memberBadges } from '../../db/schema/index.js';

let t: TestApp;
let issuer: BadgeIssuer;
beforeAll(async () => {
  t = await buildTestApp({ env: { BADGE_ALLOW_PRIVATE_HOSTS: 'true' } });
  issuer = await BadgeIssuer.start();
});
afterAll(async () => {
  await issuer.stop();
  await t.close();
});

const add = (who: Member, body: unknown) => call(t, who, 'POST', '/api/user/badges', body);
const emailOf = (m: Member) => m.user.email;
/** A certification proven by `badgeClass`, with a validity of three years. */
const certificationFor = (...badgeClasses: string[]) =>
  buildCertification(t.db.db, { badgeClasses, validityMonths: 36 });

function expectRefused(res: Awaited<ReturnType<typeof add>>, reason: string, message: string) {
  expect(res.statusCode, res.body).toBe(422);
  expect(res.json()).toMatchObject({ error: 'Unprocessable Entity', reason, message });
}

describe('Open Badges 2.0, hosted', () => {
  it('adds a badge issued to the member’s hashed address: the certification, the issuer, dates, and the tracker', async () => {
    const member = await signedIn(t);
    const badgeClass = issuer.badgeClass();
    const cert = await certificationFor(badgeClass);
    const url = issuer.hosted(badgeClass, emailOf(member), { expires: '2028-03-01T00:00:00Z' });
    const res = await add(member, { url });
    expect(res.statusCode, res.body).toBe(201);
    const badge = res.json() as MemberBadge;
    expect(badge).toMatchObject({
      certification: { id: cert.id, slug: cert.slug, name: cert.name },
      issuer: { name: 'Test Badge Issuer', url: issuer.url('/issuer') },
      issuedOn: '2025-03-01',
      expiresOn: '2028-03-01',
      status: 'VERIFIED',
    });
    expect(Date.parse(badge.verifiedAt!)).toBeGreaterThan(Date.now() - 60_000);
    const entries = (await call(t, member, 'GET', '/api/user/certifications')).json() as TrackerEntry[];
    expect(entries).toEqual([
      expect.objectContaining({
        certification: expect.objectContaining({ id: cert.id }),
        status: 'HELD',
        earnedOn: '2025-03-01',
        expiresOn: '2028-03-01',
      }),
    ]);
    expect((await call(t, member, 'GET', '/api/user/badges')).json()).toEqual([badge]);
    const profile = (await call(t, undefined, 'GET', `/api/users/${member.user.username}`)).json() as PublicProfile;
    expect(profile.badges).toEqual([badge]);
  });

  it('adds a badge issued to the plain address, in any case; the same badge twice is a 409', async () => {
    const member = await signedIn(t);
    const badgeClass = issuer.badgeClass();
    await certificationFor(badgeClass);
    const url = issuer.hosted(badgeClass, emailOf(member).toUpperCase(), { hashed: false });
    expect((await add(member, { url })).statusCode).toBe(201);
    const again = await add(member, { url });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ message: MSG.badgeAlreadyAdded });
  });

  it('refuses an assertion hosted on another origin than its issuer’s', async () => {
    const member = await signedIn(t);
    const badgeClass = issuer.badgeClass();
    await certificationFor(badgeClass);
    // Another server (another port, so another origin) claims the issuer's class for its assertion.
    const impostor = await BadgeIssuer.start();
    try {
      const elsewhere = impostor.hosted(badgeClass, emailOf(member));
      expectRefused(await add(member, { url: elsewhere }), 'BAD_SIGNATURE', MSG.badgeBadSignature);
    } finally {
      await impostor.stop();
    }
  });

  it('refuses a class that claims the id of a vendor’s class it is not served at, or reached by a redirect', async () => {
    const member = await signedIn(t);
    const vendorClass = issuer.badgeClass();
    await certificationFor(vendorClass);
    // The impostor's own class, issuer and assertion agree with each other; only the class's id is the vendor's.
    const impostor = await BadgeIssuer.start();
    try {
      impostor.json('/classes/copy', {
        '@context': 'https://w3id.org/openbadges/v2',
        type: 'BadgeClass',
        id: vendorClass,
        name: 'A copy',
        issuer: impostor.url('/issuer'),
      });
      const url = impostor.hosted(impostor.url('/classes/copy'), emailOf(member));
      expectRefused(await add(member, { url }), 'BAD_SIGNATURE', MSG.badgeBadSignature);
      // Nor through an open redirect of the vendor's site to the impostor's copy.
      const redirected = issuer.redirect('/classes/open-redirect', impostor.url('/classes/copy-2'));
      await certificationFor(redirected);
      impostor.json('/classes/copy-2', {
        '@context': 'https://w3id.org/openbadges/v2',
        type: 'BadgeClass',
        id: redirected,
        name: 'Another copy',
        issuer: impostor.url('/issuer'),
      });
      const viaRedirect = impostor.hosted(redirected, emailOf(member));
      expectRefused(await add(member, { url: viaRedirect }), 'BAD_SIGNATURE', MSG.badgeBadSignature);
    } finally {
      await impostor.stop();
    }
  });

  it('refuses a revoked assertion, and one on the issuer’s revocation list', async () => {
    const member = await signedIn(t);
    const badgeClass = issuer.badgeClass();
    await certificationFor(badgeClass);
    const revoked = issuer.hosted(badgeClass, emailOf(member), { revoked: true });
    expectRefused(await add(member, { url: revoked }), 'REVOKED', MSG.badgeRevoked);
    const listed = issuer.hosted(badgeClass, emailOf(member));
    issuer.revoke(listed);
    try {
      expectRefused(await add(member, { url: listed }), 'REVOKED', MSG.badgeRevoked);
    } finally {
      issuer.revoke();
    }
  });

  it('refuses an expired assertion', async () => {
    const member = await signedIn(t);
    const badgeClass = issuer.badgeClass();
    await certificationFor(badgeClass);
    const url = issuer.hosted(badgeClass, emailOf(member), { expires: '2025-09-01T00:00:00Z' });
    expectRefused(await add(member, { url }), 'EXPIRED', MSG.badgeExpired);
  });

  it('refuses a badge issued to another address, and a class no certification names', async () => {
    const member = await signedIn(t);
    const other = await signedIn(t);
    const badgeClass = issuer.badgeClass();
    await certificationFor(badgeClass);
    const theirs = issuer.hosted(badgeClass, emailOf(other));
    expectRefused(await add(member, { url: theirs }), 'RECIPIENT_MISMATCH', MSG.badgeRecipientMismatch);
    const unknown = issuer.hosted(issuer.badgeClass(), emailOf(member));
    expectRefused(await add(member, { url: unknown }), 'UNKNOWN_BADGE', MSG.badgeUnknown);
  });

  it('refuses what is not a badge, an issuer that does not answer, an oversized answer; 400 for no http(s) URL', async () => {
    const member = await signedIn(t);
    expectRefused(
      await add(member, { url: issuer.json('/not-a-badge', { hello: 'world' }) }),
      'NOT_A_BADGE',
      MSG.badgeNotABadge,
    );
    expectRefused(await add(member, { url: issuer.url('/nothing-here') }), 'UNREACHABLE', MSG.badgeUnreachable);
    // PostgreSQL refuses U+0000 in text: a document carrying one is no badge, never a 500.
    const withNul = issuer.assertionDoc(issuer.badgeClass(), emailOf(member));
    const nulUrl = issuer.json(new URL(withNul.id as string).pathname, { ...withNul, badge: 'http://x/\u0000' });
    expectRefused(await add(member, { url: nulUrl }), 'NOT_A_BADGE', MSG.badgeNotABadge);
    expectRefused(
      await add(member, { credential: { ...withNul, name: 'a\u0000b' } }),
      'NOT_A_BADGE',
      MSG.badgeNotABadge,
    );
    const big = issuer.text('/big', `{"pad":"${'x'.repeat(1024 * 1024)}"}`);
    expectRefused(await add(member, { url: big }), 'UNREACHABLE', MSG.badgeUnreachable);
    for (const url of ['ftp://issuer.test/badge', 'file:///etc/passwd', 'javascript:alert(1)']) {
      const res = await add(member, { url });
      expect(res.statusCode, url).toBe(400);
    }
    expect((await add(member, {})).statusCode).toBe(400);
  });
});

describe('the rate limit', () => {
  it('lets a member try 20 badges an hour, refused ones included, then answers 429', async () => {
    const member = await signedIn(t);
    const notABadge = issuer.json('/not-a-badge-either', { hello: 'world' });
    for (let i = 0; i < 20; i++) expect((await add(member, { url: notABadge })).statusCode).toBe(422);
    const res = await add(member, { url: notABadge });
    expect(res.statusCode).toBe(429);
    expect(res.json()).toMatchObject({ message: MSG.badgeTooManyChecks });
    // Another member is not held back.
    expect((await add(await signedIn(t), { url: notABadge })).statusCode).toBe(422);
  });
});

describe('Open Badges 2.0, signed', () => {
  it('adds a signed assertion whose signature the issuer’s key verifies, and refuses one signed by another key', async () => {
    const member = await signedIn(t);
    const badgeClass = issuer.badgeClass();
    const cert = await certificationFor(badgeClass);
    const token = await issuer.signedAssertion(badgeClass, emailOf(member));
    const res = await add(member, { credential: token });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ certification: { id: cert.id }, status: 'VERIFIED', issuedOn: '2025-03-01' });
    const forged = await issuer.signedAssertion(badgeClass, emailOf(member), true);
    expectRefused(await add(member, { credential: forged }), 'BAD_SIGNATURE', MSG.badgeBadSignature);
    // A key elsewhere that claims the issuer as its owner proves nothing: the issuer neither lists nor serves it.
    const impostor = await BadgeIssuer.start();
    try {
      const token = await impostor.signedAssertion(badgeClass, emailOf(member));
      impostor.json('/key', {
        '@context': 'https://w3id.org/openbadges/v2',
        type: 'CryptographicKey',
        id: impostor.url('/key'),
        owner: issuer.url('/issuer'),
        publicKeyPem: await impostor.publicKeyPem(),
      });
      expectRefused(await add(member, { credential: token }), 'BAD_SIGNATURE', MSG.badgeBadSignature);
    } finally {
      await impostor.stop();
    }
    // Served at an address, as badge platforms do.
    const served = issuer.text('/signed.jws', await issuer.signedAssertion(badgeClass, emailOf(member)));
    expect((await add(member, { url: served })).statusCode).toBe(201);
  });
});

describe('Open Badges 3.0, VC-JWT', () => {
  it('adds a credential verified with the issuer profile’s key, given inline or at an address', async () => {
    const member = await signedIn(t);
    const achievement = issuer.achievement();
    const cert = await certificationFor(achievement);
    const jwt = await issuer.credential(achievement, emailOf(member), { validUntil: '2029-06-15T00:00:00Z' });
    const res = await add(member, { credential: jwt });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      certification: { id: cert.id },
      issuer: { name: 'Test Badge Issuer 3', url: issuer.url('/issuer3') },
      issuedOn: '2025-06-15',
      expiresOn: '2029-06-15',
      status: 'VERIFIED',
    });
    const served = issuer.text('/credential.jwt', await issuer.credential(achievement, emailOf(member)));
    expect((await add(member, { url: served })).statusCode).toBe(201);
  });

  it('refuses a credential signed by another key, an expired one, another recipient’s, an unknown achievement', async () => {
    const member = await signedIn(t);
    const other = await signedIn(t);
    const achievement = issuer.achievement();
    await certificationFor(achievement);
    const forged = await issuer.credential(achievement, emailOf(member), { wrongKey: true });
    expectRefused(await add(member, { credential: forged }), 'BAD_SIGNATURE', MSG.badgeBadSignature);
    const expired = await issuer.credential(achievement, emailOf(member), { validUntil: '2025-07-01T00:00:00Z' });
    expectRefused(await add(member, { credential: expired }), 'EXPIRED', MSG.badgeExpired);
    const theirs = await issuer.credential(achievement, emailOf(other));
    expectRefused(await add(member, { credential: theirs }), 'RECIPIENT_MISMATCH', MSG.badgeRecipientMismatch);
    const unknown = await issuer.credential(issuer.achievement(), emailOf(member));
    expectRefused(await add(member, { credential: unknown }), 'UNKNOWN_BADGE', MSG.badgeUnknown);
    // An achievement of another origin than the issuer's is not the issuer's to award.
    const claimed = await issuer.credential('https://vendor.example/achievements/1', emailOf(member));
    expectRefused(await add(member, { credential: claimed }), 'BAD_SIGNATURE', MSG.badgeBadSignature);
  });
});

describe('Open Badges 3.0, status lists', () => {
  it('refuses a credential whose Bitstring Status List marks it revoked, and adds one whose bit is not set', async () => {
    const member = await signedIn(t);
    const achievement = issuer.achievement();
    await certificationFor(achievement);
    const list = await issuer.statusList('/status/bitstring', [3, 42, 131_071]);
    const revoked = await issuer.credential(achievement, emailOf(member), { status: { list, index: 42 } });
    expectRefused(await add(member, { credential: revoked }), 'REVOKED', MSG.badgeRevoked);
    const last = await issuer.credential(achievement, emailOf(member), { status: { list, index: 131_071 } });
    expectRefused(await add(member, { credential: last }), 'REVOKED', MSG.badgeRevoked);
    const good = await issuer.credential(achievement, emailOf(member), { status: { list, index: 41 } });
    const res = await add(member, { credential: good });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ status: 'VERIFIED' });
  });

  it('reads a StatusList2021 list signed as a VC-JWT, and a suspension; refuses a list it cannot trust or read', async () => {
    const member = await signedIn(t);
    const achievement = issuer.achievement();
    await certificationFor(achievement);
    const legacy = await issuer.statusList('/status/2021', [7], { format: 'StatusList2021' });
    const status = (index: number, list = legacy, extra: { purpose?: string; type?: string } = {}) => ({
      status: { list, index, type: 'StatusList2021Entry', ...extra },
    });
    const revoked = await issuer.credential(achievement, emailOf(member), status(7));
    expectRefused(await add(member, { credential: revoked }), 'REVOKED', MSG.badgeRevoked);
    const suspensions = await issuer.statusList('/status/suspended', [9], { purpose: 'suspension' });
    const suspended = await issuer.credential(achievement, emailOf(member), {
      status: { list: suspensions, index: 9, purpose: 'suspension' },
    });
    expectRefused(await add(member, { credential: suspended }), 'REVOKED', MSG.badgeRevoked);
    // A list signed by a key the issuer does not publish says nothing: the badge is not taken on trust.
    const forged = await issuer.statusList('/status/forged', [], { format: 'StatusList2021', wrongKey: true });
    const onForged = await issuer.credential(achievement, emailOf(member), status(1, forged));
    expectRefused(await add(member, { credential: onForged }), 'UNREACHABLE', MSG.badgeUnreachable);
    // Nor a list that is not there, nor an index past its end (16 KB: 131,072 entries).
    const missing = await issuer.credential(achievement, emailOf(member), status(1, issuer.url('/status/none')));
    expectRefused(await add(member, { credential: missing }), 'UNREACHABLE', MSG.badgeUnreachable);
    const past = await issuer.credential(achievement, emailOf(member), status(131_072));
    expectRefused(await add(member, { credential: past }), 'UNREACHABLE', MSG.badgeUnreachable);
    const good = await issuer.credential(achievement, emailOf(member), status(8));
    expect((await add(member, { credential: good })).statusCode).toBe(201);
  });

  it('the daily check marks a credential REVOKED once its status list sets its bit', async () => {
    const member = await signedIn(t);
    const achievement = issuer.achievement();
    await certificationFor(achievement);
    const list = await issuer.statusList('/status/daily', []);
    const jwt = await issuer.credential(achievement, emailOf(member), { status: { list, index: 5 } });
    const badge = (await add(member, { credential: jwt })).json() as MemberBadge;
    expect(await t.app.services.badges.recheckAll(new Date(Date.now() + 25 * 3600_000))).toBe(0);
    await issuer.statusList('/status/daily', [5]);
    await t.app.services.badges.recheckAll(new Date(Date.now() + 50 * 3600_000));
    const [row] = await t.db.db.select().from(memberBadges).where(eq(memberBadges.id, badge.id));
    expect(row!.status).toBe('REVOKED');
  });
});

describe('GET and DELETE /api/user/badges', () => {
  it('lists only one’s own badges; takes one away, someone else’s is not found', async () => {
    const member = await signedIn(t);
    const other = await signedIn(t);
    const badgeClass = issuer.badgeClass();
    await certificationFor(badgeClass);
    const badge = (await add(member, { url: issuer.hosted(badgeClass, emailOf(member)) })).json() as MemberBadge;
    expect((await call(t, other, 'GET', '/api/user/badges')).json()).toEqual([]);
    expect((await call(t, other, 'DELETE', `/api/user/badges/${badge.id}`)).statusCode).toBe(404);
    expect((await call(t, member, 'DELETE', `/api/user/badges/${badge.id}`)).statusCode).toBe(204);
    expect((await call(t, member, 'GET', '/api/user/badges')).json()).toEqual([]);
    expect((await call(t, undefined, 'GET', '/api/user/badges')).statusCode).toBe(401);
  });
});

const rate = (who: Member, certId: number, difficulty: number) =>
  call(t, who, 'PUT', `/api/certification/${certId}/rating`, { difficulty, value: 4, recognition: 4 });
const ratings = async (certId: number, query = '') =>
  (await call(t, undefined, 'GET', `/api/certification/${certId}/ratings${query}`)).json() as RatingsPage;

describe('verified holders on the ratings', () => {
  it('marks the holder’s rating, counts them in the summary, and ?verified=true keeps only theirs', async () => {
    const holder = await signedIn(t);
    const rater = await signedIn(t);
    const badgeClass = issuer.badgeClass();
    const cert = await certificationFor(badgeClass);
    expect((await rate(holder, cert.id, 5)).statusCode).toBe(200);
    expect((await rate(rater, cert.id, 1)).statusCode).toBe(200);
    expect((await ratings(cert.id)).summary.verifiedHolders).toBe(0);
    expect((await add(holder, { url: issuer.hosted(badgeClass, emailOf(holder)) })).statusCode).toBe(201);

    const all = await ratings(cert.id);
    expect(all.summary).toMatchObject({ count: 2, verifiedHolders: 1 });
    expect(all.reviews.map((r) => [r.username, r.verifiedHolder])).toEqual([
      [rater.user.username, false],
      [holder.user.username, true],
    ]);
    const verified = await ratings(cert.id, '?verified=true');
    expect(verified.summary).toMatchObject({
      count: 1,
      verifiedHolders: 1,
      difficulty: { distribution: [0, 0, 0, 0, 1] },
    });
    expect(verified.reviews.map((r) => r.username)).toEqual([holder.user.username]);
  });
});

describe('verified holders in the discussion', () => {
  it('marks the holder’s comments on that certification only, posted, listed, paged, edited; the daily check takes it away', async () => {
    const holder = await signedIn(t, 'USER', { createdAt: new Date(Date.now() - 7 * 24 * 3600_000) });
    const other = await signedIn(t, 'USER', { createdAt: new Date(Date.now() - 7 * 24 * 3600_000) });
    const badgeClass = issuer.badgeClass();
    const cert = await certificationFor(badgeClass);
    const elsewhere = await certificationFor(issuer.badgeClass());
    const before = (await postComment(t, holder.user, cert.id, { content: 'Before the badge.' })).json();
    expect(before.verifiedHolder).toBeUndefined();
    // Read once: the discussion's tree is kept, and must not keep the old marks.
    expect(flatten((await listComments(t, cert.id)).tree).some((c) => c.verifiedHolder)).toBe(false);
    const url = issuer.hosted(badgeClass, emailOf(holder));
    const badge = (await add(holder, { url })).json() as MemberBadge;

    const posted = await postComment(t, holder.user, cert.id, {
      content: 'With the badge.',
      parentCommentId: before.id,
    });
    expect(posted.json()).toMatchObject({ verifiedHolder: true });
    await postComment(t, other.user, cert.id, { content: 'No badge here.' });
    await postComment(t, holder.user, elsewhere.id, { content: 'Not the certification of the badge.' });
    const marks = async (query = '') => {
      const res = await call(t, undefined, 'GET', `/api/certification/${cert.id}/comments${query}`);
      return flatten(res.json()).map((c) => [c.content, c.verifiedHolder ?? false]);
    };
    const marked = [
      ['Before the badge.', true],
      ['With the badge.', true],
      ['No badge here.', false],
    ];
    expect(await marks()).toEqual(marked);
    expect(await marks('?limit=10')).toEqual(marked);
    expect(flatten((await listComments(t, elsewhere.id)).tree).map((c) => c.verifiedHolder ?? false)).toEqual([false]);
    const edited = await t.app.inject({
      method: 'PUT',
      url: `/api/comments/${before.id}`,
      headers: holder.headers,
      payload: { content: 'Before the badge, edited.' },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ verifiedHolder: true, replies: [{ verifiedHolder: true }] });

    issuer.revoke(url);
    try {
      await t.app.services.badges.recheckAll(new Date(Date.now() + 25 * 3600_000));
    } finally {
      issuer.revoke();
    }
    expect((await marks()).map(([, mark]) => mark)).toEqual([false, false, false]);
    const [row] = await t.db.db.select().from(memberBadges).where(eq(memberBadges.id, badge.id));
    expect(row!.status).toBe('REVOKED');
  });

  it('takes the mark away from the comments when the member removes the badge', async () => {
    const holder = await signedIn(t, 'USER', { createdAt: new Date(Date.now() - 7 * 24 * 3600_000) });
    const badgeClass = issuer.badgeClass();
    const cert = await certificationFor(badgeClass);
    const badge = (await add(holder, { url: issuer.hosted(badgeClass, emailOf(holder)) })).json() as MemberBadge;
    await postComment(t, holder.user, cert.id, { content: 'Held and proven.' });
    expect((await listComments(t, cert.id)).tree[0]!.verifiedHolder).toBe(true);
    expect((await call(t, holder, 'DELETE', `/api/user/badges/${badge.id}`)).statusCode).toBe(204);
    expect((await listComments(t, cert.id)).tree[0]!.verifiedHolder).toBeUndefined();
  });
});

describe('the daily check', () => {
  it('marks a badge revoked since REVOKED, takes it and its marks away, and tells the member once', async () => {
    const member = await signedIn(t);
    const badgeClass = issuer.badgeClass();
    const cert = await certificationFor(badgeClass);
    const url = issuer.hosted(badgeClass, emailOf(member));
    const badge = (await add(member, { url })).json() as MemberBadge;
    await rate(member, cert.id, 3);
    expect((await ratings(cert.id)).reviews[0]!.verifiedHolder).toBe(true);
    const tomorrow = new Date(Date.now() + 25 * 3600_000);
    expect(await t.app.services.badges.recheckAll(tomorrow)).toBe(0);
    const [stillGood] = await t.db.db.select().from(memberBadges).where(eq(memberBadges.id, badge.id));
    expect(stillGood!.status).toBe('VERIFIED');

    issuer.revoke(url);
    try {
      await t.app.services.badges.recheckAll(new Date(tomorrow.getTime() + 25 * 3600_000));
    } finally {
      issuer.revoke();
    }
    const [row] = await t.db.db.select().from(memberBadges).where(eq(memberBadges.id, badge.id));
    expect(row!.status).toBe('REVOKED');
    expect((await call(t, member, 'GET', '/api/user/badges')).json()).toEqual([
      expect.objectContaining({ id: badge.id, status: 'REVOKED' }),
    ]);
    const profile = (await call(t, undefined, 'GET', `/api/users/${member.user.username}`)).json() as PublicProfile;
    expect(profile.badges).toEqual([]);
    expect(await ratings(cert.id)).toMatchObject({
      summary: { verifiedHolders: 0 },
      reviews: [{ verifiedHolder: false }],
    });
    expect((await notificationsOf(t, member)).map((n) => n.text)).toEqual([
      `Your badge for ${cert.name} no longer verifies: it is revoked.`,
    ]);
  });
});

describe('the daily check, an issuer away', () => {
  it('marks the badge UNVERIFIED while its issuer does not answer, and VERIFIED again when it does', async () => {
    const member = await signedIn(t);
    const badgeClass = issuer.badgeClass();
    await certificationFor(badgeClass);
    const doc = issuer.assertionDoc(badgeClass, emailOf(member));
    const path = new URL(doc.id as string).pathname;
    const url = issuer.json(path, doc);
    const badge = (await add(member, { url })).json() as MemberBadge;
    const statusOf = async () =>
      (await t.db.db.select().from(memberBadges).where(eq(memberBadges.id, badge.id)))[0]!.status;
    issuer.route(path, (_req, res) => res.writeHead(503).end());
    const day = (n: number) => new Date(Date.now() + n * 25 * 3600_000);
    await t.app.services.badges.recheckAll(day(1));
    expect(await statusOf()).toBe('UNVERIFIED');
    expect((await call(t, undefined, 'GET', `/api/users/${member.user.username}`)).json()).toMatchObject({
      badges: [],
    });
    issuer.json(path, doc);
    await t.app.services.badges.recheckAll(day(2));
    expect(await statusOf()).toBe('VERIFIED');
  });
});

describe('without BADGE_ALLOW_PRIVATE_HOSTS', () => {
  let strict: TestApp;
  beforeAll(async () => {
    strict = await buildTestApp();
  });
  afterAll(() => strict.close());

  it('refuses to fetch the loopback issuer: UNREACHABLE, and the issuer is never asked', async () => {
    const member = await signedIn(strict);
    const badgeClass = issuer.badgeClass();
    await buildCertification(strict.db.db, { badgeClasses: [badgeClass] });
    const url = issuer.hosted(badgeClass, member.user.email);
    const before = issuer.hits.length;
    const res = await (strict.app as FastifyInstance).inject({
      method: 'POST',
      url: '/api/user/badges',
      headers: member.headers,
      payload: { url },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ reason: 'UNREACHABLE' });
    expect(issuer.hits.length).toBe(before);
  });
});
