/*
 * The authorization matrix: every mutating call of the OpenAPI document, made with a valid request by a
 * visitor, the member who owns the item, another member, a moderator and an admin. One table gives the
 * expected status of each cell (docs/product.md#permissions, docs/api.md#calls); a call of the document without a row fails the test.
 * Each cell also guards the caches (docs/architecture.md#caches): a call that changes what a cache holds must
 * announce the change, or the cell fails.
 * MATRIX_MARKDOWN=<file> writes the table as markdown (docs/security.md carries it).
 */
import { writeFileSync } from 'node:fs';
import { MSG } from '@certitude/shared';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../app.js';
import { FUZZ_RUNS, FUZZ_SEED, requestFor } from './arbitraries.js';
import {
  buildAccount,
  buildArticle,
  buildCertification,
  buildComment,
  buildEmailToken,
  buildResource,
  expectErrorShape,
  freshIp,
  MUTATING,
  openApiOperations,
  PASSWORD,
  unique,
  type Member,
} from './support.js';
import { SignInCodeCookies } from '../../src/modules/accounts/oauth-state.js';
import { flags, memberBadges, userSuspensions, votingRingSignals } from '../../src/db/schema/index.js';
import { insertRevision } from '../../src/modules/catalogue/revision.repository.js';
import { findApprovedCertifications } from '../../src/modules/catalogue/certification.repository.js';
import { presentCertification } from '../../src/modules/catalogue/certification.presenter.js';
import { UnsubscribeTokens } from '../../src/modules/members/unsubscribe-token.js';
import { CHANGE_KINDS, type ChangeKind } from '../../src/lib/changes.js';
import { bearer } from '../factories.js';

const t = await buildTestApp();
afterAll(() => t.close());

/** The changes this instance announced during the call of a cell: what other instances would hear of. */
const announced = new Set<ChangeKind>();
for (const kind of CHANGE_KINDS) {
  t.app.services.changes.subscribe(kind, (change, origin) => {
    if (origin === 'here') announced.add(change.kind);
  });
}

const WHO = ['visitor', 'member', 'otherMember', 'moderator', 'admin'] as const;
type Who = (typeof WHO)[number];

/** The people of one cell: `member` owns the item the call is about; `otherMember` does not. */
interface Cast {
  member: Member;
  otherMember: Member;
  moderator: Member;
  admin: Member;
}

interface Row {
  expect: Record<Who, number>;
  /** The item of the call (owned by `cast.member`) and a request that is valid for it. */
  request(cast: Cast): Promise<{ url: string; body?: unknown; headers?: Record<string, string> }>;
}

const all = (status: number, visitor = status): Record<Who, number> => ({
  visitor,
  member: status,
  otherMember: status,
  moderator: status,
  admin: status,
});
/** Any member may (docs/product.md#permissions); a visitor must sign in. */
const members = (status: number) => all(status, 401);
/** Moderators and admins only (docs/api.md#moderation, docs/api.md#articles). */
const moderators = (status: number) => ({
  visitor: 401,
  member: 403,
  otherMember: 403,
  moderator: status,
  admin: status,
});

const db = () => t.db.db;
const certificationBody = () => ({
  name: `Matrix Certification ${unique()}`,
  certCode: `MX-${unique()}`,
  vendor: 'Matrix Vendor',
  description: 'A certification of the authorization matrix.',
  url: 'https://example.com/matrix',
});
const articleBody = () => ({ title: `Matrix article ${unique()}`, summary: 'A summary.', content: 'Some content.' });
const approvedOf = (cast: Cast) => buildCertification(db(), { submittedById: cast.member.id });
/** A revision by the member of an approved certification: waiting, or applied (the certification holds its value). */
async function revisionOf(cast: Cast, status: 'PENDING' | 'APPLIED'): Promise<number> {
  const renewal = `Renewed every ${unique()} years.`;
  const cert = await buildCertification(db(), {
    submittedById: cast.member.id,
    renewal: status === 'APPLIED' ? renewal : null,
  });
  return insertRevision(db(), {
    certificationId: cert.id,
    authorId: cast.member.id,
    summary: 'The vendor page says so.',
    changes: [{ field: 'renewal', before: null, after: renewal }],
    status,
    baseRevision: 0,
  });
}

const TABLE: Record<string, Row> = {
  'POST /api/certification': {
    expect: members(201),
    request: async () => ({ url: '/api/certification', body: certificationBody() }),
  },
  'PUT /api/certification/{id}': {
    // The submitter or a moderator (docs/product.md#permissions); another member's certification is not theirs to edit.
    expect: { visitor: 401, member: 200, otherMember: 403, moderator: 200, admin: 200 },
    request: async (cast) => ({ url: `/api/certification/${(await approvedOf(cast)).id}`, body: certificationBody() }),
  },
  'POST /auth/register': {
    expect: all(201),
    request: async () => {
      const name = `matrix_${unique()}`;
      return {
        url: '/auth/register',
        body: { username: name, email: `${name}@example.org`, password: PASSWORD, confirmPassword: PASSWORD },
      };
    },
  },
  'POST /auth/login': {
    expect: all(200),
    request: async (cast) => ({ url: '/auth/login', body: { username: cast.member.username, password: PASSWORD } }),
  },
  'POST /auth/refresh': {
    expect: all(200),
    request: async (cast) => ({
      url: '/auth/refresh',
      body: { refreshToken: (await t.app.services.accounts.sessions.start(cast.member)).refreshToken },
    }),
  },
  'POST /auth/logout': {
    expect: all(204),
    request: async (cast) => ({
      url: '/auth/logout',
      body: { refreshToken: (await t.app.services.accounts.sessions.start(cast.member)).refreshToken },
    }),
  },
  'POST /auth/oauth/session': {
    // The browser that finished a social sign-in as the member holds its one-time code (decision 15).
    expect: all(200),
    request: async (cast) => {
      const codes = new SignInCodeCookies(t.config.jwtSecret, false);
      const set = codes.setHeader({
        userId: cast.member.id,
        nonce: unique(),
        expiresAt: Math.floor(Date.now() / 1000) + 60,
      });
      return { url: '/auth/oauth/session', headers: { cookie: set.split(';')[0]! } };
    },
  },
  'POST /auth/forgot-password': {
    expect: all(200),
    request: async (cast) => ({ url: '/auth/forgot-password', body: { email: cast.member.email } }),
  },
  'POST /auth/reset-password': {
    expect: all(200),
    request: async (cast) => ({
      url: '/auth/reset-password',
      body: {
        token: await buildEmailToken(db(), cast.member, 'RESET_PASSWORD'),
        password: 'New-Passw0rd!',
        confirmPassword: 'New-Passw0rd!',
      },
    }),
  },
  'POST /api/email-verification/verify': {
    expect: all(200),
    request: async (cast) => ({
      url: `/api/email-verification/verify?token=${await buildEmailToken(db(), cast.member, 'VERIFY_EMAIL')}`,
    }),
  },
  'POST /api/email-verification/resend': {
    expect: all(200),
    request: async (cast) => ({ url: '/api/email-verification/resend', body: { email: cast.member.email } }),
  },
  'PUT /api/user/change-password': {
    // One's own account only: there is no one else's to name.
    expect: members(200),
    request: async () => ({
      url: '/api/user/change-password',
      body: { currentPassword: PASSWORD, newPassword: 'Another-Horse-7' },
    }),
  },
  'PUT /api/user/change-email': {
    expect: members(200),
    request: async () => ({
      url: '/api/user/change-email',
      body: { newEmail: `changed_${unique()}@example.org`, password: PASSWORD },
    }),
  },
  'POST /api/resource': {
    expect: members(201),
    request: async (cast) => ({
      url: '/api/resource',
      body: {
        name: `Matrix resource ${unique()}`,
        description: 'A resource.',
        url: 'https://example.com/r',
        type: 'book',
        certificationId: (await approvedOf(cast)).id,
      },
    }),
  },
  'POST /api/vote/{type}/{id}/upvote': {
    expect: members(200),
    request: async (cast) => ({ url: `/api/vote/certification/${(await approvedOf(cast)).id}/upvote` }),
  },
  'POST /api/vote/{type}/{id}/downvote': {
    expect: members(200),
    request: async (cast) => {
      const resource = await buildResource(db(), (await approvedOf(cast)).id, { submittedById: cast.member.id });
      return { url: `/api/vote/resource/${resource.id}/downvote` };
    },
  },
  'POST /api/certification/{id}/comments': {
    expect: members(201),
    request: async (cast) => ({
      url: `/api/certification/${(await approvedOf(cast)).slug}/comments`,
      body: { content: 'A comment of the matrix.' },
    }),
  },
  'PUT /api/comments/{id}': {
    // Authors only (docs/product.md#permissions; 403 for anyone else): moderators remove, never rewrite.
    expect: { visitor: 401, member: 200, otherMember: 403, moderator: 403, admin: 403 },
    request: async (cast) => {
      const comment = await buildComment(db(), (await approvedOf(cast)).id, cast.member.id);
      return { url: `/api/comments/${comment.id}`, body: { content: 'Edited by the matrix.' } };
    },
  },
  'DELETE /api/comments/{id}': {
    expect: { visitor: 401, member: 204, otherMember: 403, moderator: 204, admin: 204 },
    request: async (cast) => {
      const comment = await buildComment(db(), (await approvedOf(cast)).id, cast.member.id);
      return { url: `/api/comments/${comment.id}` };
    },
  },
  'POST /api/certification/{id}/revisions': {
    // Any member may propose (PENDING), a moderator's applies at once; both answer 201.
    expect: members(201),
    request: async (cast) => ({
      url: `/api/certification/${(await approvedOf(cast)).id}/revisions`,
      body: { changes: { renewal: `Renewed every ${unique()} years.` }, summary: 'The vendor page says so.' },
    }),
  },
  'PUT /api/certification/{id}/rating': {
    expect: members(200),
    request: async (cast) => ({
      url: `/api/certification/${(await approvedOf(cast)).id}/rating`,
      body: { difficulty: 3, value: 4, recognition: 5 },
    }),
  },
  'DELETE /api/certification/{id}/rating': {
    // Each member takes back their own rating; the cell's member has one, the others answer 404 (none to take back).
    expect: { visitor: 401, member: 204, otherMember: 404, moderator: 404, admin: 404 },
    request: async (cast) => {
      const cert = await approvedOf(cast);
      await t.app.services.ratings.rate(String(cert.id), { difficulty: 3, value: 3, recognition: 3 }, cast.member);
      return { url: `/api/certification/${cert.id}/rating` };
    },
  },
  'PUT /api/user/certifications/{id}': {
    // Each member's own list (docs/api.md#members): there is no one else's to name.
    expect: members(200),
    request: async (cast) => ({
      url: `/api/user/certifications/${(await approvedOf(cast)).slug}`,
      body: { status: 'HELD', earnedOn: '2024-03-01', public: true },
    }),
  },
  'DELETE /api/user/certifications/{id}': {
    // The cell's member has the certification in their list; the others have nothing to take out, which is no
    // error (docs/api.md#members).
    expect: members(204),
    request: async (cast) => {
      const cert = await approvedOf(cast);
      await t.app.services.tracker.save(String(cert.id), { status: 'PLANNED' }, cast.member);
      return { url: `/api/user/certifications/${cert.id}` };
    },
  },
  'POST /api/user/badges': {
    // Any member may add their badge; this app may not fetch loopback (BADGE_ALLOW_PRIVATE_HOSTS is off), so a valid
    // request is refused as UNREACHABLE: the cell proves who may call, badge.routes.test.ts what a badge proves.
    expect: members(422),
    request: async () => ({ url: '/api/user/badges', body: { url: 'http://127.0.0.1:9/badge' } }),
  },
  'DELETE /api/user/badges/{id}': {
    // Each member's own badges: another's is not found.
    expect: { visitor: 401, member: 204, otherMember: 404, moderator: 404, admin: 404 },
    request: async (cast) => {
      const cert = await approvedOf(cast);
      const [badge] = await db()
        .insert(memberBadges)
        .values({
          userId: cast.member.id,
          certificationId: cert.id,
          badgeKey: `https://issuer.example/assertions/${unique()}`,
          format: 'OB2_HOSTED',
          badgeClass: 'https://issuer.example/classes/1',
          issuerName: 'Issuer',
          issuedOn: '2025-01-01',
          status: 'VERIFIED',
        })
        .returning({ id: memberBadges.id });
      return { url: `/api/user/badges/${badge!.id}` };
    },
  },
  'PUT /api/user/first-sign-in': {
    // One's own first sign-in only: there is no one else's to name.
    expect: members(200),
    request: async () => ({ url: '/api/user/first-sign-in', body: { outcome: 'SKIPPED' } }),
  },
  'PUT /api/certification/{id}/watch': {
    expect: members(204),
    request: async (cast) => ({ url: `/api/certification/${(await approvedOf(cast)).id}/watch` }),
  },
  'DELETE /api/certification/{id}/watch': {
    // Not watching already is no failure: the answer is the state asked for.
    expect: members(204),
    request: async (cast) => {
      const cert = await approvedOf(cast);
      await t.app.services.watches.watch(String(cert.id), cast.member);
      return { url: `/api/certification/${cert.id}/watch` };
    },
  },
  'PUT /api/user/notification-settings': {
    // One's own settings only: there is no one else's to name.
    expect: members(200),
    request: async () => ({ url: '/api/user/notification-settings', body: { email: { watched: true } } }),
  },
  'PUT /api/user/rating-privacy': {
    // One's own setting only: there is no one else's to name.
    expect: members(200),
    request: async () => ({ url: '/api/user/rating-privacy', body: { showOutcome: true } }),
  },
  'POST /unsubscribe': {
    // The signed token of the member's emailed link decides, whoever posts it (RFC 8058 one-click).
    expect: all(200),
    request: async (cast) => ({
      url: `/unsubscribe?token=${new UnsubscribeTokens(t.config.jwtSecret).sign(cast.member.id, 'watched', cast.member.email)}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    }),
  },
  'POST /api/notifications/read': {
    // One's own notifications only: ids of someone else's change nothing (notification.routes.test.ts).
    expect: members(204),
    request: async () => ({ url: '/api/notifications/read', body: {} }),
  },
  'POST /api/admin/revision/{id}/approve': {
    expect: moderators(200),
    request: async (cast) => ({ url: `/api/admin/revision/${await revisionOf(cast, 'PENDING')}/approve` }),
  },
  'POST /api/admin/revision/{id}/reject': {
    expect: moderators(200),
    request: async (cast) => ({
      url: `/api/admin/revision/${await revisionOf(cast, 'PENDING')}/reject`,
      body: { reason: 'The official page says otherwise.' },
    }),
  },
  'POST /api/admin/revision/{id}/revert': {
    expect: moderators(201),
    request: async (cast) => ({ url: `/api/admin/revision/${await revisionOf(cast, 'APPLIED')}/revert` }),
  },
  'POST /api/admin/certification/{id}/approve': {
    expect: moderators(200),
    request: async (cast) => {
      const cert = await buildCertification(db(), { submittedById: cast.member.id, status: 'PENDING' });
      return { url: `/api/admin/certification/${cert.id}/approve` };
    },
  },
  'POST /api/admin/certification/{id}/reject': {
    expect: moderators(200),
    request: async (cast) => {
      const cert = await buildCertification(db(), { submittedById: cast.member.id, status: 'PENDING' });
      return { url: `/api/admin/certification/${cert.id}/reject`, body: { reason: 'Not a certification.' } };
    },
  },
  'POST /api/admin/resource/{id}/approve': {
    expect: moderators(200),
    request: async (cast) => {
      const r = await buildResource(db(), (await approvedOf(cast)).id, {
        submittedById: cast.member.id,
        status: 'PENDING',
      });
      return { url: `/api/admin/resource/${r.id}/approve` };
    },
  },
  'POST /api/admin/resource/{id}/reject': {
    expect: moderators(200),
    request: async (cast) => {
      const r = await buildResource(db(), (await approvedOf(cast)).id, {
        submittedById: cast.member.id,
        status: 'PENDING',
      });
      return { url: `/api/admin/resource/${r.id}/reject`, body: { reason: 'A broken link.' } };
    },
  },
  'PUT /api/admin/users/{id}/role': {
    // Admins only (docs/api.md#moderation); the member whose role it is may not change it either.
    expect: { visitor: 401, member: 403, otherMember: 403, moderator: 403, admin: 200 },
    request: async (cast) => ({ url: `/api/admin/users/${cast.member.id}/role`, body: { role: 'MODERATOR' } }),
  },
  'POST /api/admin/users/{id}/suspend': {
    // Moderators suspend members, admins anybody (docs/product.md#suspensions); nobody their own account.
    expect: moderators(200),
    request: async (cast) => ({ url: `/api/admin/users/${cast.member.id}/suspend`, body: { days: 3, reason: 'Spam' } }),
  },
  'DELETE /api/admin/users/{id}/suspend': {
    // `member` is the suspended account: their own token is refused (401) before anything else.
    expect: { ...moderators(200), member: 401 },
    request: async (cast) => {
      await db()
        .insert(userSuspensions)
        .values({ userId: cast.member.id, moderatorId: cast.moderator.id, reason: 'Spam', endsAt: null });
      return { url: `/api/admin/users/${cast.member.id}/suspend` };
    },
  },
  'POST /api/admin/users/{id}/reverse-votes': {
    // Admins only (docs/product.md#reversing-votes): moderators and the account itself get 403.
    expect: { visitor: 401, member: 403, otherMember: 403, moderator: 403, admin: 200 },
    request: async (cast) => {
      // A vote to reverse, so that the reversal changes the list's counts.
      await t.app.services.votes.vote('certification', String((await approvedOf(cast)).id), 'upvote', cast.member);
      return { url: `/api/admin/users/${cast.member.id}/reverse-votes`, body: { reason: 'Voting ring' } };
    },
  },
  'POST /api/flags': {
    // Any verified member (docs/product.md#flags); the author of the item may not flag it (400).
    expect: { visitor: 401, member: 400, otherMember: 201, moderator: 201, admin: 201 },
    request: async (cast) => ({
      url: '/api/flags',
      body: { targetType: 'certification', targetId: (await approvedOf(cast)).id, reason: 'DUPLICATE' },
    }),
  },
  'POST /api/admin/flags/resolve': {
    // Moderators and admins (docs/api.md#flags); a dismissal of flags that hid nothing changes no public page.
    expect: moderators(200),
    request: async (cast) => {
      const cert = await approvedOf(cast);
      await db()
        .insert(flags)
        .values({ targetType: 'certification', targetId: cert.id, userId: cast.otherMember.id, reason: 'SPAM' });
      return {
        url: '/api/admin/flags/resolve',
        body: { targetType: 'certification', targetId: cert.id, action: 'DISMISS', reason: 'Not spam' },
      };
    },
  },
  'POST /api/admin/voting-rings/{id}/dismiss': {
    expect: moderators(200),
    request: async (cast) => {
      const cert = await approvedOf(cast);
      const [signal] = await db()
        .insert(votingRingSignals)
        .values({
          certificationId: cert.id,
          windowStart: new Date(Date.now() - 24 * 3_600_000),
          windowEnd: new Date(),
          votes: 10,
          newAccountVotes: 10,
          accountIds: [cast.member.id],
        })
        .returning();
      return { url: `/api/admin/voting-rings/${signal!.id}/dismiss` };
    },
  },
  'POST /api/articles': {
    expect: moderators(201),
    request: async () => ({ url: '/api/articles', body: articleBody() }),
  },
  'PUT /api/articles/{article}': {
    expect: moderators(200),
    request: async () => ({ url: `/api/articles/${(await buildArticle(db())).id}`, body: articleBody() }),
  },
  'DELETE /api/articles/{article}': {
    expect: moderators(204),
    request: async () => ({ url: `/api/articles/${(await buildArticle(db())).id}` }),
  },
};

const operations = await openApiOperations(t.app);
const mutating = operations.filter((op) => MUTATING.has(op.method));

async function castOf(): Promise<Cast> {
  return {
    member: await buildAccount(db(), 'USER'),
    otherMember: await buildAccount(db(), 'USER'),
    moderator: await buildAccount(db(), 'MODERATOR'),
    admin: await buildAccount(db(), 'ADMIN'),
  };
}

const answered = new Map<string, Record<Who, number>>();

const freshList = async () => (await findApprovedCertifications(db())).map(presentCertification);
/** Whether the member's public profile is shown (a suspension hides it). */
async function profileShown(member: Member): Promise<boolean> {
  const profile = await t.app.services.tracker.profileOrUnavailable(member.username);
  return profile !== null && !('unavailable' in profile);
}

describe('the authorization matrix', () => {
  it('has a row for every mutating call of the OpenAPI document, and none for calls that do not exist', () => {
    expect(Object.keys(TABLE).sort()).toEqual(mutating.map((op) => op.key).sort());
  });

  const cells = Object.entries(TABLE).flatMap(([key, row]) => WHO.map((who) => [key, who, row] as const));
  it.each(cells)('%s as %s', async (key, who, row) => {
    const cast = await castOf();
    const { url, body, headers } = await row.request(cast);
    const caller = who === 'visitor' ? undefined : cast[who];
    const method = key.split(' ')[0] as 'POST' | 'PUT' | 'DELETE';
    // The cached public list, made after the cell's own set-up (written straight to the database).
    t.app.services.certifications.dropCachedList();
    await t.app.services.certifications.list();
    const listBefore = await freshList();
    const shownBefore = await profileShown(cast.member);
    announced.clear();
    const res = await t.app.inject({
      method,
      url,
      headers: { ...headers, ...(await bearer(t.app, caller)) },
      ...(body === undefined ? {} : { payload: body as object }),
      remoteAddress: freshIp(),
    });
    answered.set(key, { ...(answered.get(key) ?? all(0)), [who]: res.statusCode });
    expect(res.statusCode, `${key} as ${who}: ${res.body.slice(0, 300)}`).toBe(row.expect[who]);
    if (res.statusCode >= 400) expectErrorShape(res, key);
    // Whatever the call changed, the cached list answers what the database holds: a write that changes the
    // list without announcing it (docs/architecture.md#caches) fails here.
    const fresh = await freshList();
    expect(await t.app.services.certifications.list(), `${key} as ${who} left the cached list stale`).toEqual(fresh);
    // Other instances, and the visitors' pages there, learn only of what is announced: a change of the catalogue
    // must be announced as one, and so must a member's profile shown or hidden.
    if (JSON.stringify(fresh) !== JSON.stringify(listBefore)) {
      expect([...announced], `${key} as ${who} changed the list without announcing it`).toContain('catalogue');
    }
    if ((await profileShown(cast.member)) !== shownBefore) {
      expect([...announced], `${key} as ${who} showed or hid a profile without announcing it`).toContain('member');
    }
  });

  it('answered every call as every caller the way the table says (and writes it as markdown when asked)', () => {
    // A cell skipped (a caller left out, a row filtered away) or answered otherwise shows here as a difference.
    const differ = cells
      .map(([key, who, row]) => ({
        call: `${key} as ${who}`,
        expected: row.expect[who],
        got: answered.get(key)?.[who],
      }))
      .filter((cell) => cell.got !== cell.expected);
    expect(differ).toEqual([]);
    expect(answered.size).toBe(Object.keys(TABLE).length);
    const path = process.env.MATRIX_MARKDOWN;
    if (!path) return;
    const head = `| call | ${WHO.join(' | ')} |\n|---|${WHO.map(() => '---').join('|')}|`;
    const lines = Object.keys(TABLE).map(
      (key) => `| \`${key}\` | ${WHO.map((w) => `${answered.get(key)?.[w] ?? '?'}`).join(' | ')} |`,
    );
    writeFileSync(path, `${head}\n${lines.join('\n')}\n`);
  });
});

/**
 * Whatever the request holds, a refusal on who is asking comes first: a visitor gets 401 and a member 403 on
 * a moderators' call, never a validation message or a 404 about the item. Only what is decided before the
 * route is known to need a token may answer otherwise: an address the router refuses, a body it cannot parse.
 */
const BEFORE_AUTHORIZATION = new Map<number, string[]>([
  [400, [MSG.malformedJson, MSG.badUrl]],
  [404, [MSG.routeNotFound]],
  [413, [MSG.bodyTooLarge]],
  [414, [MSG.urlTooLong]],
  [415, [MSG.unsupportedMediaType]],
]);

describe('refusals come before validation', () => {
  const gated = mutating.flatMap((op) => {
    const row = TABLE[op.key];
    if (!row) return [];
    const list: ['visitor' | 'member', number, typeof op][] = [];
    if (row.expect.visitor === 401) list.push(['visitor', 401, op]);
    // A call the owner of the item is refused is a call of a role, not of ownership.
    if (row.expect.member === 403) list.push(['member', 403, op]);
    return list;
  });

  it.each(gated.map(([who, status, op]) => [op.key, who, status, op] as const))(
    '%s as %s: always %s',
    async (key, who, status, op) => {
      const known = { ids: [1, 2, 3], slugs: ['some-certification'] };
      await fc.assert(
        fc.asyncProperty(requestFor(op, known), async (req) => {
          const caller = who === 'member' ? await buildAccount(db()) : undefined;
          const res = await t.app.inject({
            method: op.method,
            url: req.url,
            headers: { ...req.headers, ...(await bearer(t.app, caller)) },
            payload: req.payload,
            remoteAddress: freshIp(),
          });
          expectErrorShape(res, key);
          if (res.statusCode === status) return;
          const early = BEFORE_AUTHORIZATION.get(res.statusCode) ?? [];
          expect(early, `${req.label}: ${res.statusCode} ${res.body.slice(0, 200)}`).toContain(res.json().message);
        }),
        { seed: FUZZ_SEED, numRuns: FUZZ_RUNS, endOnFailure: true },
      );
    },
  );
});
