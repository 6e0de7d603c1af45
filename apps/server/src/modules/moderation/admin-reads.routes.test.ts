/*
 * Who may read the admin panel's lists and the public moderation log. The authorization matrix
 * (test/security/authorization-matrix.test.ts) covers the mutating calls only; this table is its counterpart for
 * the read calls of moderation and integrity (docs/api.md#moderation, docs/api.md#flags): every GET under
 * /api/admin of the OpenAPI document has a row, so a new admin read without one fails here.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.js';
import { buildAccount, expectErrorShape, openApiOperations, type Member } from '../../../test/security/support.js';
import { bearer } from '../../../test/factories.js';

const WHO = ['visitor', 'member', 'moderator', 'admin'] as const;
type Who = (typeof WHO)[number];

let t: TestApp;
let cast: Record<Exclude<Who, 'visitor'>, Member>;

beforeAll(async () => {
  t = await buildTestApp();
  cast = {
    member: await buildAccount(t.db.db, 'USER'),
    moderator: await buildAccount(t.db.db, 'MODERATOR'),
    admin: await buildAccount(t.db.db, 'ADMIN'),
  };
});
afterAll(() => t.close());

const moderators: Record<Who, number> = { visitor: 401, member: 403, moderator: 200, admin: 200 };

/** Each read call (as the OpenAPI document names it), the address of a valid request, and who gets what. */
const TABLE: Record<string, { url: () => string; expect: Record<Who, number> }> = {
  'GET /api/admin/flags': { url: () => '/api/admin/flags', expect: moderators },
  // Moderators read an account's suspensions: they suspend members from the Flags tab.
  'GET /api/admin/users/{id}/suspensions': {
    url: () => `/api/admin/users/${cast.member.id}/suspensions`,
    expect: moderators,
  },
  // Finding members (and their email addresses) stays the admins'.
  'GET /api/admin/users': {
    url: () => '/api/admin/users?q=',
    expect: { visitor: 401, member: 403, moderator: 403, admin: 200 },
  },
  'GET /api/admin/pending-counts': { url: () => '/api/admin/pending-counts', expect: moderators },
  'GET /api/admin/pending': { url: () => '/api/admin/pending', expect: moderators },
  'GET /api/admin/audit-log': { url: () => '/api/admin/audit-log', expect: moderators },
  'GET /api/admin/articles': { url: () => '/api/admin/articles', expect: moderators },
  'GET /api/admin/stale-facts': { url: () => '/api/admin/stale-facts', expect: moderators },
  'GET /api/moderation-log': {
    url: () => '/api/moderation-log',
    expect: { visitor: 200, member: 200, moderator: 200, admin: 200 },
  },
};

describe('who reads the moderation and integrity lists', () => {
  it('has a row for every read call under /api/admin', async () => {
    const reads = (await openApiOperations(t.app))
      .filter((op) => op.method === 'GET' && op.path.startsWith('/api/admin/'))
      .map((op) => op.key);
    expect(
      Object.keys(TABLE)
        .filter((key) => key.startsWith('GET /api/admin/'))
        .sort(),
    ).toEqual(reads.sort());
  });

  const cells = Object.entries(TABLE).flatMap(([key, row]) => WHO.map((who) => [key, who, row] as const));
  it.each(cells)('%s as %s', async (key, who, row) => {
    const caller = who === 'visitor' ? undefined : cast[who];
    const res = await t.app.inject({ method: 'GET', url: row.url(), headers: await bearer(t.app, caller) });
    expect(res.statusCode, `${key} as ${who}: ${res.body.slice(0, 300)}`).toBe(row.expect[who]);
    if (res.statusCode >= 400) expectErrorShape(res, key);
  });
});
