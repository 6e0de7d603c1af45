import { MSG } from '@certitude/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.js';
import { bearer, buildCertification, buildUser } from '../../../test/factories.js';
import { comments } from '../../db/schema/index.js';
import { buildMember, listComments, postComment } from '../../../test/support/discussion.js';

let t: TestApp;
let cert: Awaited<ReturnType<typeof buildCertification>>;
let member: Awaited<ReturnType<typeof buildUser>>;

beforeAll(async () => {
  t = await buildTestApp();
  cert = await buildCertification(t.db.db);
  member = await buildMember(t);
});
afterAll(() => t.close());

describe('GET /api/certification/{id}/comments', () => {
  it('answers an empty list for a certification nobody has discussed yet', async () => {
    const fresh = await buildCertification(t.db.db);
    const { res, tree } = await listComments(t, fresh.id);
    expect(res.statusCode).toBe(200);
    expect(tree).toEqual([]);
  });

  it('gives the whole tree, oldest first, with the Comment shape of the contract, by id or slug', async () => {
    const c = await buildCertification(t.db.db);
    const first = (await postComment(t, member, c.id, { content: 'First!' })).json();
    const second = (await postComment(t, member, c.id, { content: 'Second' })).json();
    const reply = (await postComment(t, member, c.id, { content: 'Reply', parentCommentId: first.id })).json();
    const deeper = (await postComment(t, member, c.id, { content: 'Deeper', parentCommentId: reply.id })).json();

    const { tree } = await listComments(t, c.slug);
    expect(tree.map((x) => x.id)).toEqual([first.id, second.id]);
    expect(Object.keys(tree[0]!).sort()).toEqual(
      ['content', 'createdAt', 'deleted', 'id', 'isEdited', 'replies', 'updatedAt', 'username'].sort(),
    );
    expect(tree[0]).toMatchObject({ content: 'First!', username: member.username, isEdited: false, deleted: false });
    expect(tree[0]!.replies.map((x) => x.id)).toEqual([reply.id]);
    expect(tree[0]!.replies[0]!.replies.map((x) => x.id)).toEqual([deeper.id]);
    expect(tree[1]!.replies).toEqual([]);
    expect(new Date(tree[0]!.createdAt).toISOString()).toBe(tree[0]!.createdAt);
  });

  it('answers 404 for an unknown certification, and for a pending one to anyone but its submitter and moderators', async () => {
    expect((await listComments(t, 999_999)).res.json()).toMatchObject({
      statusCode: 404,
      message: MSG.certificationNotFound,
    });
    expect((await listComments(t, 'no-such-certification')).res.statusCode).toBe(404);

    const submitter = await buildMember(t);
    const moderator = await buildMember(t, { role: 'MODERATOR' });
    const pending = await buildCertification(t.db.db, { status: 'PENDING', submittedById: submitter.id });
    expect((await listComments(t, pending.id)).res.statusCode).toBe(404);
    expect((await listComments(t, pending.id, await bearer(t.app, member))).res.statusCode).toBe(404);
    expect((await listComments(t, pending.id, await bearer(t.app, submitter))).res.statusCode).toBe(200);
    expect((await listComments(t, pending.id, await bearer(t.app, moderator))).res.statusCode).toBe(200);
  });

  it('answers 400 for an id that is neither a number nor a slug', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/certification/Not%20An%20Id!/comments' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/numeric id or its slug/);
  });
});

describe('POST /api/certification/{id}/comments', () => {
  it('needs a signed-in member', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/certification/${cert.id}/comments`,
      payload: { content: 'Hello' },
    });
    expect(res.statusCode).toBe(401);
  });

  it('tells a visitor to sign in before judging the path or the body', async () => {
    // Found by test/security/authorization-matrix.test.ts: a visitor used to get the validation message.
    for (const [url, payload] of [
      [`/api/certification/${cert.id}/comments`, { content: '' }],
      ['/api/certification/not%20a%20slug/comments', { content: 'Hello' }],
    ] as const) {
      const res = await t.app.inject({ method: 'POST', url, payload });
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe(MSG.unauthorized);
    }
    for (const method of ['PUT', 'DELETE'] as const) {
      const res = await t.app.inject({ method, url: '/api/comments/not-an-id', payload: { content: '' } });
      expect(res.statusCode).toBe(401);
    }
  });

  it('stores the trimmed comment for its author and answers 201 with it', async () => {
    const res = await postComment(t, member, cert.id, { content: '  Passed SAA-C03, **practice exams** helped.\n ' });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({
      content: 'Passed SAA-C03, **practice exams** helped.',
      username: member.username,
      isEdited: false,
      deleted: false,
      replies: [],
    });
    const [row] = await t.db.db.select().from(comments).where(eq(comments.id, body.id));
    expect(row).toMatchObject({ userId: member.id, certificationId: cert.id, depth: 0, parentId: null });
    expect(row!.content).toBe('Passed SAA-C03, **practice exams** helped.');
  });

  it.each([
    ['an empty text', '', MSG.commentEmpty],
    ['only whitespace', ' \n\t ', MSG.commentEmpty],
    ['more than 2000 characters', 'x'.repeat(2001), MSG.commentTooLong],
    ['far more than 2000 characters', 'x'.repeat(50_000), MSG.commentTooLong],
    ['only invisible characters', '\u200b\u200b\u2060', MSG.commentTooShort],
    ['a script tag', 'Nice <script>alert(1)</script>', MSG.commentDangerous],
    ['a closing script tag', 'oops </SCRIPT >', MSG.commentDangerous],
    ['a javascript: link', '[study guide](javascript:alert(1))', MSG.commentDangerous],
    ['an inline event handler', '<img src=x onerror=alert(1)>', MSG.commentDangerous],
    ['a NUL character', 'hello\u0000world', MSG.commentInvalidCharacters],
  ])('refuses %s with the exact text of the rule', async (_name, content, message) => {
    const res = await postComment(t, member, cert.id, { content });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ statusCode: 400, error: 'Bad Request', message });
  });

  it('takes 2000 characters once trimmed, but not 2001', async () => {
    const ok = await postComment(t, member, cert.id, { content: `   ${'é'.repeat(2000)}   ` });
    expect(ok.statusCode).toBe(201);
    expect(ok.json().content).toHaveLength(2000);
    const tooLong = await postComment(t, member, cert.id, { content: 'é'.repeat(2001) });
    expect(tooLong.json().message).toBe(MSG.commentTooLong);
  });

  it.each([
    ['no content', {}, MSG.commentEmpty],
    ['content that is not text', { content: 42 }, MSG.commentEmpty],
    ['a parent id that is not a number', { content: 'Hi', parentCommentId: 'abc' }, /parentCommentId/],
    ['a negative parent id', { content: 'Hi', parentCommentId: -3 }, /parentCommentId/],
  ])('answers 400 with a readable message for %s', async (_name, payload, message) => {
    const res = await postComment(t, member, cert.id, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(message);
  });

  it('answers 400 to malformed JSON and 413 to a body over 100 KiB', async () => {
    const headers = { ...(await bearer(t.app, member)), 'content-type': 'application/json' };
    const url = `/api/certification/${cert.id}/comments`;
    const bad = await t.app.inject({ method: 'POST', url, headers, payload: '{"content": "x"' });
    expect(bad.json()).toMatchObject({ statusCode: 400, message: MSG.malformedJson });
    const huge = await t.app.inject({ method: 'POST', url, headers, payload: { content: 'x'.repeat(200_000) } });
    expect(huge.statusCode).toBe(413);
  });

  it('answers 404 for an unknown certification and a pending one the member cannot see', async () => {
    expect((await postComment(t, member, 999_999, { content: 'Hi' })).json()).toMatchObject({
      statusCode: 404,
      message: MSG.certificationNotFound,
    });
    const submitter = await buildMember(t);
    const pending = await buildCertification(t.db.db, { status: 'PENDING', submittedById: submitter.id });
    expect((await postComment(t, member, pending.id, { content: 'Hi' })).statusCode).toBe(404);
    expect((await postComment(t, submitter, pending.slug, { content: 'Any news?' })).statusCode).toBe(201);
  });
});

describe('replies', () => {
  it('go three levels deep, and no deeper (400, and the database refuses depth 4 too)', async () => {
    const c = await buildCertification(t.db.db);
    let parent = (await postComment(t, member, c.id, { content: 'depth 0' })).json();
    for (const depth of [1, 2, 3]) {
      const res = await postComment(t, member, c.id, { content: `depth ${depth}`, parentCommentId: parent.id });
      expect(res.statusCode).toBe(201);
      parent = res.json();
      const [row] = await t.db.db.select().from(comments).where(eq(comments.id, parent.id));
      expect(row!.depth).toBe(depth);
    }
    const tooDeep = await postComment(t, member, c.id, { content: 'depth 4', parentCommentId: parent.id });
    expect(tooDeep.json()).toEqual({ statusCode: 400, error: 'Bad Request', message: MSG.commentTooDeep });

    await expect(
      t.db.db
        .insert(comments)
        .values({ certificationId: c.id, userId: member.id, parentId: parent.id, depth: 4, content: 'sneaky' }),
    ).rejects.toThrow();
    const { tree } = await listComments(t, c.id);
    expect(tree[0]!.replies[0]!.replies[0]!.replies[0]!.content).toBe('depth 3');
    expect(tree[0]!.replies[0]!.replies[0]!.replies[0]!.replies).toEqual([]);
  });

  it('refuse a parent that does not exist, belongs to another certification, or was deleted', async () => {
    const a = await buildCertification(t.db.db);
    const b = await buildCertification(t.db.db);
    const onA = (await postComment(t, member, a.id, { content: 'on A' })).json();

    const unknown = await postComment(t, member, a.id, { content: 'Hi', parentCommentId: 2_000_000 });
    expect(unknown.json()).toMatchObject({ statusCode: 404, message: MSG.commentNotFound });
    const elsewhere = await postComment(t, member, b.id, { content: 'Hi', parentCommentId: onA.id });
    expect(elsewhere.json()).toMatchObject({ statusCode: 400, message: MSG.commentParentElsewhere });

    await postComment(t, member, a.id, { content: 'keeps the parent as a placeholder', parentCommentId: onA.id });
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/comments/${onA.id}`,
      headers: await bearer(t.app, member),
    });
    expect(del.statusCode).toBe(204);
    const toDeleted = await postComment(t, member, a.id, { content: 'Hi', parentCommentId: onA.id });
    expect(toDeleted.json()).toMatchObject({ statusCode: 400, message: MSG.commentParentDeleted });
  });
});

describe('posting interval per account', () => {
  it('makes an established member wait 5 seconds between posts, with the reason and Retry-After', async () => {
    const m = await buildMember(t);
    expect((await postComment(t, m, cert.id, { content: 'one' }, { keepLimits: true })).statusCode).toBe(201);
    const second = await postComment(t, m, cert.id, { content: 'two' }, { keepLimits: true });
    expect(second.statusCode).toBe(429);
    expect(second.json().message).toBe(MSG.commentTooFast);
    expect(Number(second.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(Number(second.headers['retry-after'])).toBeLessThanOrEqual(5);
  });

  it('makes an account on its first day wait 30 seconds', async () => {
    const newcomer = await buildUser(t.db.db);
    expect((await postComment(t, newcomer, cert.id, { content: 'hi' }, { keepLimits: true })).statusCode).toBe(201);
    const second = await postComment(t, newcomer, cert.id, { content: 'again' }, { keepLimits: true });
    expect(second.statusCode).toBe(429);
    expect(Number(second.headers['retry-after'])).toBeGreaterThan(5);
    expect(Number(second.headers['retry-after'])).toBeLessThanOrEqual(30);
  });

  it('does not count refused comments, and does not hold back moderators', async () => {
    const m = await buildMember(t);
    expect((await postComment(t, m, cert.id, { content: '' }, { keepLimits: true })).statusCode).toBe(400);
    expect((await postComment(t, m, cert.id, { content: 'ok' }, { keepLimits: true })).statusCode).toBe(201);

    const moderator = await buildMember(t, { role: 'MODERATOR' });
    for (const content of ['one', 'two', 'three']) {
      expect((await postComment(t, moderator, cert.id, { content }, { keepLimits: true })).statusCode).toBe(201);
    }
  });
});
