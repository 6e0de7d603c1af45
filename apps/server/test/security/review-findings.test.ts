/*
 * The findings of the outside security review (docs/security.md, "Findings of the outside review"), one
 * `describe` per item, each asserting what the reviewer saw from outside: the status, the message, what another
 * client can learn. On PGlite and, with TEST_DATABASE_URL, on PostgreSQL.
 */
import { MSG } from '@certitude/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailTokens, mailOutbox, users } from '../../src/db/schema/index.js';
import { buildTestApp, type TestApp } from '../app.js';
import {
  buildAccount,
  buildArticle,
  buildCertification,
  buildEmailToken,
  buildResource,
  expectErrorShape,
  freshIp,
  PASSWORD,
  unique,
  type Member,
} from './support.js';
import { bearer } from '../factories.js';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t?.close();
});

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

async function call(
  method: Method,
  url: string,
  options: { body?: unknown; as?: Member; ip?: string; headers?: Record<string, string> } = {},
) {
  const res = await t.app.inject({
    method,
    url,
    headers: { ...(await bearer(t.app, options.as)), ...options.headers },
    remoteAddress: options.ip ?? freshIp(),
    ...(options.body === undefined ? {} : { payload: options.body as object }),
  });
  return res;
}

const login = (username: string, password: string, ip = freshIp()) =>
  call('POST', '/auth/login', { body: { username, password }, ip });

describe('6. a NUL byte in any text is a 400 with a readable message, never a 500', () => {
  let member: Member;
  let moderator: Member;
  let admin: Member;
  beforeAll(async () => {
    member = await buildAccount(t.db.db);
    moderator = await buildAccount(t.db.db, 'MODERATOR');
    admin = await buildAccount(t.db.db, 'ADMIN');
  });

  const expectNulRefused = (res: Awaited<ReturnType<typeof call>>) => {
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toContain(MSG.textHasNul);
    expectErrorShape(res);
  };

  it('at sign-in, for a visitor', async () => {
    expectNulRefused(await login('bo\u0000ss', PASSWORD));
    expectNulRefused(await login(member.username, `${PASSWORD}\u0000`));
    expectNulRefused(await call('POST', '/auth/forgot-password', { body: { email: 'a\u0000b@example.com' } }));
    expectNulRefused(
      await call('POST', '/auth/register', {
        body: { username: 'nul_user', email: 'nul@example.com', password: 'pass\u0000word', confirmPassword: 'x' },
      }),
    );
  });

  it('in certification and resource fields', async () => {
    const cert = { name: 'Nul Cert', certCode: 'N-1', vendor: 'Nul', description: 'd', url: 'https://example.com/' };
    for (const field of ['name', 'certCode', 'vendor', 'description', 'url'] as const) {
      const body = { ...cert, [field]: `${cert[field]}\u0000x` };
      expectNulRefused(await call('POST', '/api/certification', { body, as: member }));
    }
    const approved = await buildCertification(t.db.db, { submittedById: member.id });
    expectNulRefused(
      await call('PUT', `/api/certification/${approved.id}`, {
        body: { name: 'x\u0000', certCode: 'c', vendor: 'v' },
        as: member,
      }),
    );
    for (const field of ['name', 'description', 'url'] as const) {
      const body = {
        name: 'A resource',
        description: 'Worth reading',
        url: 'https://example.com/r',
        certificationId: approved.id,
        [field]: field === 'url' ? 'https://example.com/\u0000' : 'x\u0000y',
      };
      expectNulRefused(await call('POST', '/api/resource', { body, as: member }));
    }
  });

  it('in articles, reject reasons, comments and the member search of admins', async () => {
    const article = { title: 'Title', summary: 'Summary', content: 'Content' };
    for (const field of ['title', 'summary', 'content'] as const) {
      expectNulRefused(
        await call('POST', '/api/articles', { body: { ...article, [field]: 'x\u0000' }, as: moderator }),
      );
    }
    const existing = await buildArticle(t.db.db);
    expectNulRefused(
      await call('PUT', `/api/articles/${existing.id}`, { body: { ...article, title: 't\u0000' }, as: moderator }),
    );
    const pending = await buildCertification(t.db.db, { status: 'PENDING', submittedById: member.id });
    expectNulRefused(
      await call('POST', `/api/admin/certification/${pending.id}/reject`, {
        body: { reason: 'no\u0000' },
        as: moderator,
      }),
    );
    const cert = await buildCertification(t.db.db);
    const resource = await buildResource(t.db.db, cert.id, { status: 'PENDING' });
    expectNulRefused(
      await call('POST', `/api/admin/resource/${resource.id}/reject`, { body: { reason: '\u0000' }, as: moderator }),
    );
    // Comments had their own rule for NUL already, with the product's sentence.
    const comment = await call('POST', `/api/certification/${cert.id}/comments`, {
      body: { content: 'hi\u0000there' },
      as: member,
    });
    expect(comment.statusCode).toBe(400);
    expect(comment.json().message).toBe(MSG.commentInvalidCharacters);
    expectNulRefused(await call('GET', '/api/admin/users?q=%00', { as: admin }));
    expectNulRefused(await call('GET', '/api/admin/users?q=ab%00cd', { as: admin }));
  });

  it('in the password re-checks', async () => {
    expectNulRefused(
      await call('PUT', '/api/user/change-password', {
        body: { currentPassword: 'x\u0000', newPassword: 'Newpassword1' },
        as: member,
      }),
    );
    expectNulRefused(
      await call('PUT', '/api/user/change-email', {
        body: { newEmail: 'x@example.com', password: 'p\u0000' },
        as: member,
      }),
    );
  });
});

describe('5. reset and verification links die with an email or password change', () => {
  it('an email change revokes open reset links, and a reset link for the old address is refused', async () => {
    const member = await buildAccount(t.db.db, 'USER', { email: `old_${unique()}@example.com` });
    const reset = await buildEmailToken(t.db.db, member, 'RESET_PASSWORD');
    const res = await call('PUT', '/api/user/change-email', {
      body: { newEmail: `new_${unique()}@example.com`, password: PASSWORD },
      as: member,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await call('GET', `/auth/validate-reset-token?token=${reset}`)).statusCode).toBe(400);
    const attempt = await call('POST', '/auth/reset-password', {
      body: { token: reset, password: 'Taken-over-9!', confirmPassword: 'Taken-over-9!' },
    });
    expect(attempt.statusCode).toBe(400);
    expect(attempt.json().message).toBe(MSG.resetInvalidToken);
    expect((await login(member.username, PASSWORD)).statusCode).not.toBe(401);
  });

  it('a reset link naming an address that is no longer the account’s is refused even if still open', async () => {
    const member = await buildAccount(t.db.db, 'USER', { email: `was_${unique()}@example.com` });
    const reset = await buildEmailToken(t.db.db, member, 'RESET_PASSWORD');
    // The address changed by another path than the API (an operator, a social link): the token still names the old one.
    await t.db.db
      .update(users)
      .set({ email: `now_${unique()}@example.com` })
      .where(eq(users.id, member.id));
    expect((await call('GET', `/auth/validate-reset-token?token=${reset}`)).statusCode).toBe(400);
    const attempt = await call('POST', '/auth/reset-password', {
      body: { token: reset, password: 'Taken-over-9!', confirmPassword: 'Taken-over-9!' },
    });
    expect(attempt.statusCode).toBe(400);
  });

  it('a password change revokes open reset links', async () => {
    const member = await buildAccount(t.db.db);
    const reset = await buildEmailToken(t.db.db, member, 'RESET_PASSWORD');
    const res = await call('PUT', '/api/user/change-password', {
      body: { currentPassword: PASSWORD, newPassword: 'Another-pass-7' },
      as: member,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await call('GET', `/auth/validate-reset-token?token=${reset}`)).statusCode).toBe(400);
    const open = await t.db.db
      .select()
      .from(emailTokens)
      .where(and(eq(emailTokens.userId, member.id), eq(emailTokens.purpose, 'RESET_PASSWORD')));
    expect(open.every((row) => row.usedAt !== null)).toBe(true);
  });

  it('an email change revokes the verification links of the old address', async () => {
    const member = await buildAccount(t.db.db, 'USER', {
      email: `first_${unique()}@example.com`,
      emailVerified: false,
    });
    const verify = await buildEmailToken(t.db.db, member, 'VERIFY_EMAIL');
    const res = await call('PUT', '/api/user/change-email', {
      body: { newEmail: `second_${unique()}@example.com`, password: PASSWORD },
      as: member,
    });
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await t.db.db
      .select()
      .from(emailTokens)
      .where(and(eq(emailTokens.userId, member.id), eq(emailTokens.email, member.email)));
    expect(row?.usedAt).not.toBeNull();
    expect((await call('POST', `/api/email-verification/verify?token=${verify}`)).statusCode).toBe(400);
  });
});

describe('3. nobody can lock a chosen account out: a correct password is never refused for others’ failures', () => {
  it('after 5 failures (case variants included) from one address, the owner signs in from another', async () => {
    const member = await buildAccount(t.db.db);
    const attacker = freshIp();
    for (const name of [
      member.username,
      member.username.toUpperCase(),
      member.username,
      member.username,
      member.username,
    ]) {
      expect((await login(name, 'wrong-password', attacker)).statusCode).toBe(401);
    }
    const owner = await login(member.username, PASSWORD);
    expect(owner.statusCode, owner.body).toBe(200);
  });

  it('after 100 failures in the hour from many addresses the correct password still signs in, only slower', async () => {
    const member = await buildAccount(t.db.db);
    // 100 failures spread over addresses: recorded the way the login records them, without 100 argon2 checks.
    const limiter = t.app.rateLimiter;
    const { recordPasswordFailure } = await import('../../src/modules/accounts/account-limits.js');
    for (let i = 0; i < 100; i++) await recordPasswordFailure(limiter, member.username, freshIp());
    const started = performance.now();
    const owner = await login(member.username, PASSWORD);
    expect(owner.statusCode, owner.body).toBe(200);
    const { loginDelayMs } = await import('../../src/modules/accounts/account-limits.js');
    expect(performance.now() - started).toBeGreaterThanOrEqual(loginDelayMs(100) - 50);
    // A wrong password is answered 401 (slowed down too), never 429, from a fresh address.
    expect((await login(member.username, 'still-wrong')).statusCode).toBe(401);
  });

  it('the address that keeps failing is still stopped with the product’s message', async () => {
    const member = await buildAccount(t.db.db);
    const ip = freshIp();
    const answers: number[] = [];
    for (let i = 0; i < 6; i++) answers.push((await login(member.username, 'wrong-password', ip)).statusCode);
    expect(answers).toEqual([401, 401, 401, 401, 401, 429]);
    const refused = await login(member.username, PASSWORD, ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(MSG.loginTooMany);
    // Other names from that address: six failures a minute in all, whatever the account.
    const other = await buildAccount(t.db.db);
    expect((await login(other.username, 'wrong-password', ip)).statusCode).toBe(401);
    const stopped = await login(other.username, PASSWORD, ip);
    expect(stopped.statusCode).toBe(429);
    expect(stopped.json().message).toBe(MSG.loginTooMany);
  });

  it('failed re-checks of change-password by a thief do not stop the owner’s change-email', async () => {
    const member = await buildAccount(t.db.db, 'USER', { email: `owner_${unique()}@example.com` });
    const thief = freshIp();
    for (let i = 0; i < 5; i++) {
      const res = await call('PUT', '/api/user/change-password', {
        body: { currentPassword: 'wrong-password', newPassword: 'Another-pass-7' },
        as: member,
        ip: thief,
      });
      expect(res.statusCode).toBe(401);
    }
    const owner = await call('PUT', '/api/user/change-email', {
      body: { newEmail: `owner2_${unique()}@example.com`, password: PASSWORD },
      as: member,
    });
    expect(owner.statusCode, owner.body).toBe(200);
    expect((await login(member.username, PASSWORD)).statusCode).not.toBe(429);
  });
});

describe('7. every password re-check is counted, and change-email does not tell which addresses are taken', () => {
  it('re-checks with the right password meet a limit per account and address', async () => {
    const member = await buildAccount(t.db.db);
    const ip = freshIp();
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      const res = await call('PUT', '/api/user/change-email', {
        body: { newEmail: `probe_${unique()}@example.com`, password: PASSWORD },
        as: member,
        ip,
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 10).every((s) => s === 200)).toBe(true);
    expect(statuses.slice(10)).toEqual([429, 429]);
  });

  it('a taken address gets the same answer as a free one, and its owner is told instead', async () => {
    const owner = await buildAccount(t.db.db, 'USER', { email: `taken_${unique()}@example.com` });
    const prober = await buildAccount(t.db.db, 'USER', { email: `prober_${unique()}@example.com` });
    const taken = await call('PUT', '/api/user/change-email', {
      body: { newEmail: owner.email.toUpperCase(), password: PASSWORD },
      as: prober,
    });
    const freeAddress = `free_${unique()}@example.com`;
    const other = await buildAccount(t.db.db, 'USER', { email: `other_${unique()}@example.com` });
    const free = await call('PUT', '/api/user/change-email', {
      body: { newEmail: freeAddress, password: PASSWORD },
      as: other,
    });
    expect(taken.statusCode).toBe(free.statusCode);
    expect(Object.keys(taken.json()).sort()).toEqual(Object.keys(free.json()).sort());
    expect(taken.json()).toMatchObject({ email: owner.email.toUpperCase(), emailVerified: false });
    await t.app.services.accounts.settle();
    const mail = await t.db.db.select().from(mailOutbox);
    expect(mail.some((m) => m.toAddress === owner.email && /tried to use/i.test(m.textBody))).toBe(true);
    // The owner keeps their address; the prober keeps theirs.
    const [ownerRow] = await t.db.db.select().from(users).where(eq(users.id, owner.id));
    expect(ownerRow?.email).toBe(owner.email);
  });
});

describe('9. a member learns nothing about other members’ pending submissions', () => {
  it('the same name and vendor as another member’s pending item is taken for review, not answered 409', async () => {
    const first = await buildAccount(t.db.db);
    const second = await buildAccount(t.db.db);
    const name = `Hidden Cert ${unique()}`;
    const body = { name, certCode: 'HC-1', vendor: 'Hidden', description: 'A secret one', url: 'https://example.com/' };
    const a = await call('POST', '/api/certification', { body, as: first });
    expect(a.statusCode, a.body).toBe(201);
    const b = await call('POST', '/api/certification', {
      body: { ...body, name: name.toUpperCase(), vendor: 'HIDDEN' },
      as: second,
    });
    expect(b.statusCode, b.body).toBe(201);
    expect(b.json().status).toBe('PENDING');
    // Slugs say nothing either: the second item's slug does not count the first.
    expect(b.json().slug).not.toMatch(/-2$/);
    expect(a.json().slug).not.toBe(b.json().slug);
    // The pending item itself stays 404 to the other member.
    expect((await call('GET', `/api/certification/${a.json().id}`, { as: second })).statusCode).toBe(404);
    // At review the duplicate is caught: the first approval wins, the second cannot be approved.
    const moderator = await buildAccount(t.db.db, 'MODERATOR');
    expect((await call('POST', `/api/admin/certification/${a.json().id}/approve`, { as: moderator })).statusCode).toBe(
      200,
    );
    const second409 = await call('POST', `/api/admin/certification/${b.json().id}/approve`, { as: moderator });
    expect(second409.statusCode).toBe(409);
    expect(second409.json().message).toBe(MSG.duplicateCertification);
    // Now that it is public, the duplicate is refused to anyone at once.
    const c = await call('POST', '/api/certification', { body, as: second });
    expect(c.statusCode).toBe(409);
  });

  it('an approved item gets a clean slug; a pending one reveals no count', async () => {
    const member = await buildAccount(t.db.db);
    const moderator = await buildAccount(t.db.db, 'MODERATOR');
    const name = `Slug Probe ${unique()}`;
    const body = { name, certCode: 'SP-1', vendor: 'Probe', description: 'd', url: 'https://example.com/' };
    const pending = await call('POST', '/api/certification', { body, as: member });
    const approved = await call('POST', `/api/admin/certification/${pending.json().id}/approve`, { as: moderator });
    expect(approved.json().slug).toBe(name.toLowerCase().replace(/\s+/g, '-'));
  });
});

describe('2. a member’s edit of approved content never changes what the public sees without a moderator', () => {
  it('the edit waits in the review queue; reject keeps the old text; approve applies it; both are logged', async () => {
    const member = await buildAccount(t.db.db);
    const moderator = await buildAccount(t.db.db, 'MODERATOR');
    const voter = await buildAccount(t.db.db);
    const name = `Reviewed Cert ${unique()}`;
    const body = {
      name,
      certCode: 'RC-1',
      vendor: 'Review',
      description: 'The real one',
      url: 'https://vendor.example/',
    };
    const created = (await call('POST', '/api/certification', { body, as: member })).json();
    const approved = await call('POST', `/api/admin/certification/${created.id}/approve`, { as: moderator });
    expect(approved.statusCode).toBe(200);
    expect((await call('POST', `/api/vote/certification/${created.id}/upvote`, { as: voter })).statusCode).toBe(200);
    const countsBefore = (await call('GET', '/api/admin/pending-counts', { as: moderator })).json();

    const defaced = { name, certCode: 'RC-1', vendor: 'Review', description: 'Buy here', url: 'https://evil.example/' };
    const edit = await call('PUT', `/api/certification/${created.id}`, { body: defaced, as: member });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(edit.json()).toMatchObject({
      status: 'APPROVED',
      url: body.url,
      description: body.description,
      pendingEdit: true,
    });
    const publicView = (await call('GET', `/api/certification/${created.id}`)).json();
    expect(publicView).toMatchObject({ url: body.url, description: body.description, upvoteCount: 1 });
    expect(publicView.pendingEdit).toBeUndefined();
    const listed = (await call('GET', '/api/certification')).json() as { id: number; url: string }[];
    expect(listed.find((c) => c.id === created.id)?.url).toBe(body.url);
    expect((await call('GET', `/api/certification/${created.id}`, { as: member })).json().pendingEdit).toBe(true);

    const counts = (await call('GET', '/api/admin/pending-counts', { as: moderator })).json();
    expect(counts.certifications).toBe(countsBefore.certifications + 1);
    expect(counts.total).toBe(countsBefore.total + 1);
    const queue = (await call('GET', '/api/admin/pending', { as: moderator })).json();
    const queued = queue.certifications.find((c: { id: number }) => c.id === created.id);
    expect(queued).toMatchObject({ url: defaced.url, description: defaced.description, pendingEdit: true });

    const reject = await call('POST', `/api/admin/certification/${created.id}/reject`, {
      body: { reason: 'Not the official page' },
      as: moderator,
    });
    expect(reject.statusCode, reject.body).toBe(200);
    expect(reject.json()).toMatchObject({ status: 'APPROVED', url: body.url });
    expect((await call('GET', `/api/certification/${created.id}`)).json().url).toBe(body.url);
    expect((await call('GET', '/api/admin/pending-counts', { as: moderator })).json().total).toBe(countsBefore.total);

    const fixed = { ...body, description: 'The real one, with the exam guide' };
    expect((await call('PUT', `/api/certification/${created.id}`, { body: fixed, as: member })).statusCode).toBe(200);
    const approve = await call('POST', `/api/admin/certification/${created.id}/approve`, { as: moderator });
    expect(approve.statusCode, approve.body).toBe(200);
    const after = (await call('GET', `/api/certification/${created.id}`)).json();
    expect(after).toMatchObject({
      status: 'APPROVED',
      description: fixed.description,
      upvoteCount: 1,
      slug: approved.json().slug,
    });
    // Deciding again: nothing waits any more.
    expect((await call('POST', `/api/admin/certification/${created.id}/approve`, { as: moderator })).statusCode).toBe(
      409,
    );

    const log = (await call('GET', '/api/admin/audit-log', { as: moderator })).json() as {
      action: string;
      itemId: number;
      reason: string | null;
      moderator: string;
    }[];
    const mine = log.filter((e) => e.itemId === created.id).map((e) => [e.action, e.reason]);
    expect(mine).toEqual(
      expect.arrayContaining([
        ['REJECT_EDIT', 'Not the official page'],
        ['EDIT_CERTIFICATION', null],
      ]),
    );
  });

  it('a moderator’s edit of an approved certification applies at once and is in the moderation log', async () => {
    const moderator = await buildAccount(t.db.db, 'MODERATOR');
    const cert = await buildCertification(t.db.db);
    const res = await call('PUT', `/api/certification/${cert.id}`, {
      body: { name: cert.name, certCode: cert.certCode, vendor: cert.vendor, url: 'https://official.example/' },
      as: moderator,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await call('GET', `/api/certification/${cert.id}`)).json().url).toBe('https://official.example/');
    const log = (await call('GET', '/api/admin/audit-log', { as: moderator })).json() as {
      action: string;
      itemId: number;
      moderator: string;
    }[];
    expect(log.find((e) => e.itemId === cert.id)).toMatchObject({
      action: 'EDIT_CERTIFICATION',
      moderator: moderator.username,
    });
  });

  it('a submitter still edits their own pending submission directly (nobody else sees it)', async () => {
    const member = await buildAccount(t.db.db);
    const body = {
      name: `Draft ${unique()}`,
      certCode: 'D-1',
      vendor: 'Drafts',
      description: 'd',
      url: 'https://a.example/',
    };
    const created = (await call('POST', '/api/certification', { body, as: member })).json();
    const res = await call('PUT', `/api/certification/${created.id}`, {
      body: { ...body, url: 'https://b.example/' },
      as: member,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'PENDING', url: 'https://b.example/' });
    expect(res.json().pendingEdit).toBeUndefined();
  });

  it('an approved resource has no edit call at all: nothing a member sends changes it', async () => {
    const member = await buildAccount(t.db.db);
    const cert = await buildCertification(t.db.db);
    const resource = await buildResource(t.db.db, cert.id, { submittedById: member.id });
    for (const method of ['PUT', 'POST'] as const) {
      const res = await call(method, `/api/resource/${resource.id}`, {
        body: { name: 'x', description: 'y', url: 'https://evil.example/' },
        as: member,
      });
      expect(res.statusCode).toBe(404);
    }
    const listed = (await call('GET', `/api/resource/certification/${cert.id}`)).json() as {
      id: number;
      url: string;
    }[];
    expect(listed.find((r) => r.id === resource.id)?.url).toBe('https://example.com/resource');
  });
});

describe('Info: JSON parsing, images, the sitemap', () => {
  it('a body with __proto__ or constructor.prototype is refused (prototype poisoning), a plain one accepted', async () => {
    for (const payload of [
      '{"username":"a_user","password":"Password-1","__proto__":{"isAdmin":true}}',
      '{"username":"a_user","password":"Password-1","constructor":{"prototype":{"isAdmin":true}}}',
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/auth/login',
        payload,
        headers: { 'content-type': 'application/json' },
        remoteAddress: freshIp(),
      });
      expect(res.statusCode, payload).toBe(400);
      expectErrorShape(res);
    }
    const plain = await t.app.inject({
      method: 'POST',
      url: '/auth/login',
      payload: '{"username":"a_user","password":"Password-1"}',
      headers: { 'content-type': 'application/json' },
      remoteAddress: freshIp(),
    });
    expect(plain.statusCode).toBe(401);
  });

  it('images come from this site only: no https: source a member could use as a tracking pixel', async () => {
    const res = await call('GET', '/healthz');
    const imgSrc = /img-src ([^;]*)/.exec(String(res.headers['content-security-policy']))?.[1] ?? '';
    expect(imgSrc.split(' ').sort()).toEqual(["'self'", 'data:']);
  });

  it('the sitemap is revalidated by every cache, not kept for an hour', async () => {
    const res = await call('GET', '/sitemap.xml');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, no-cache');
  });
});
