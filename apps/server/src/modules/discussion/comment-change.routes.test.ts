import { MSG } from '@certitude/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.js';
import { bearer, buildCertification } from '../../../test/factories.js';
import { comments, moderationLog } from '../../db/schema/index.js';
import { EDITS_PER_DAY } from './discussion-limits.js';
import { buildMember, flatten, listComments, postComment } from '../../../test/support/discussion.js';

let t: TestApp;
let cert: Awaited<ReturnType<typeof buildCertification>>;
type Member = Awaited<ReturnType<typeof buildMember>>;
let author: Member;
let other: Member;
let moderator: Member;
let admin: Member;

beforeAll(async () => {
  t = await buildTestApp();
  cert = await buildCertification(t.db.db);
  author = await buildMember(t);
  other = await buildMember(t);
  moderator = await buildMember(t, { role: 'MODERATOR' });
  admin = await buildMember(t, { role: 'ADMIN' });
});
afterAll(() => t.close());

async function post(content: string, parentCommentId?: number, as: Member = author, certId = cert.id) {
  const res = await postComment(t, as, certId, { content, parentCommentId });
  expect(res.statusCode).toBe(201);
  return res.json() as { id: number; content: string; createdAt: string };
}

async function edit(id: number | string, content: unknown, as?: Member) {
  return t.app.inject({
    method: 'PUT',
    url: `/api/comments/${id}`,
    headers: as ? await bearer(t.app, as) : {},
    payload: { content },
  });
}

async function remove(id: number | string, as?: Member, options: { query?: string; payload?: unknown } = {}) {
  return t.app.inject({
    method: 'DELETE',
    url: `/api/comments/${id}${options.query ?? ''}`,
    headers: as ? await bearer(t.app, as) : {},
    ...(options.payload === undefined ? {} : { payload: options.payload as object }),
  });
}

const rowOf = async (id: number) => (await t.db.db.select().from(comments).where(eq(comments.id, id)))[0];

describe('PUT /api/comments/{id}', () => {
  it('lets the author edit: trimmed text, isEdited, a later updatedAt, shown so in the tree', async () => {
    const c = await post('Frist');
    // The clock has moved past the comment's creation, so that an edit's time can tell.
    await vi.waitUntil(() => Date.now() > Date.parse(c.createdAt), { interval: 1 });
    const res = await edit(c.id, '  First, *fixed*  ', author);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ id: c.id, content: 'First, *fixed*', isEdited: true, deleted: false });
    expect(Date.parse(body.updatedAt)).toBeGreaterThan(Date.parse(body.createdAt));
    const { tree } = await listComments(t, cert.id);
    expect(flatten(tree).find((x) => x.id === c.id)).toMatchObject({ content: 'First, *fixed*', isEdited: true });
  });

  it('answers with the edited comment and the replies under it', async () => {
    const c = await post('parent');
    const r = await post('child', c.id, other);
    const body = (await edit(c.id, 'parent, edited', author)).json();
    expect(body.replies.map((x: { id: number }) => x.id)).toEqual([r.id]);
  });

  it('does not mark an unchanged text as edited', async () => {
    const c = await post('Same words');
    const body = (await edit(c.id, ' Same words ', author)).json();
    expect(body.isEdited).toBe(false);
    expect((await rowOf(c.id))!.isEdited).toBe(false);
  });

  it.each([
    ['', MSG.commentEmpty],
    ['y'.repeat(2001), MSG.commentTooLong],
    ['<script>x</script>', MSG.commentDangerous],
    ['<a onclick="x()">a</a>', MSG.commentDangerous],
  ])('applies the comment rules to an edit (%#)', async (content, message) => {
    const c = await post('Fine as is');
    const res = await edit(c.id, content, author);
    expect(res.json()).toEqual({ statusCode: 400, error: 'Bad Request', message });
    expect((await rowOf(c.id))!.content).toBe('Fine as is');
  });

  it('is for the author only: 401 for visitors, 403 for other members and moderators, 404 when unknown', async () => {
    const c = await post('Mine');
    expect((await edit(c.id, 'Hijacked')).statusCode).toBe(401);
    expect((await edit(c.id, 'Hijacked', other)).json()).toMatchObject({
      statusCode: 403,
      message: MSG.commentEditNotOwner,
    });
    expect((await edit(c.id, 'Hijacked', moderator)).statusCode).toBe(403);
    expect((await rowOf(c.id))!.content).toBe('Mine');
    expect((await edit(9_999_999, 'x', author)).json()).toMatchObject({
      statusCode: 404,
      message: MSG.commentNotFound,
    });
    expect((await edit('abc', 'x', author)).statusCode).toBe(400);
  });

  it(`allows ${EDITS_PER_DAY.max} edits a day per account, then 429`, async () => {
    const editor = await buildMember(t);
    const c = await post('v0', undefined, editor);
    for (let i = 1; i <= EDITS_PER_DAY.max; i++) expect((await edit(c.id, `v${i}`, editor)).statusCode).toBe(200);
    const over = await edit(c.id, 'one more', editor);
    expect(over.statusCode).toBe(429);
    expect(over.json().message).toBe(MSG.commentEditsTooMany);
  });
});

describe('DELETE /api/comments/{id}', () => {
  it('lets the author delete a comment without replies: 204, and it is gone', async () => {
    const c = await post('Regret this');
    const res = await remove(c.id, author);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect(await rowOf(c.id)).toBeUndefined();
    expect(flatten((await listComments(t, cert.id)).tree).map((x) => x.id)).not.toContain(c.id);
    expect((await remove(c.id, author)).statusCode).toBe(404);
  });

  it('keeps a deleted comment with replies as a placeholder without words or author, so the thread survives', async () => {
    const c = await buildCertification(t.db.db);
    const top = await post('Top', undefined, author, c.id);
    const reply = await post('Reply', top.id, other, c.id);
    expect((await remove(top.id, author)).statusCode).toBe(204);

    const { tree } = await listComments(t, c.id);
    expect(tree).toHaveLength(1);
    expect(tree[0]).toMatchObject({ id: top.id, deleted: true, content: '', username: '' });
    expect(tree[0]!.replies.map((x) => x.id)).toEqual([reply.id]);
    expect((await rowOf(top.id))!.content).toBe('');
    expect((await edit(top.id, 'Back again', author)).statusCode).toBe(404);
    expect((await remove(top.id, author)).statusCode).toBe(404);
  });

  it('removes a placeholder once the last reply under it is deleted, up the thread', async () => {
    const c = await buildCertification(t.db.db);
    const a = await post('a', undefined, author, c.id);
    const b = await post('b', a.id, other, c.id);
    const d = await post('d', b.id, author, c.id);
    await remove(a.id, author);
    await remove(b.id, other);
    expect(flatten((await listComments(t, c.id)).tree).map((x) => [x.id, x.deleted])).toEqual([
      [a.id, true],
      [b.id, true],
      [d.id, false],
    ]);
    await remove(d.id, author);
    expect((await listComments(t, c.id)).tree).toEqual([]);
    expect(await rowOf(a.id)).toBeUndefined();
  });

  it('is refused to visitors (401) and to other members (403)', async () => {
    const c = await post('Stay');
    expect((await remove(c.id)).statusCode).toBe(401);
    expect((await remove(c.id, other)).json()).toMatchObject({ statusCode: 403, message: MSG.commentDeleteNotOwner });
    expect((await rowOf(c.id))!.content).toBe('Stay');
  });

  it('lets a moderator remove any comment, recorded in the moderation log with the reason', async () => {
    const c = await post('Buy cheap exam dumps at …');
    const res = await remove(c.id, moderator, { payload: { reason: '  Spam: exam dumps  ' } });
    expect(res.statusCode).toBe(204);
    expect(await rowOf(c.id)).toBeUndefined();
    const [entry] = await t.db.db.select().from(moderationLog).where(eq(moderationLog.itemId, c.id));
    expect(entry).toMatchObject({
      moderatorId: moderator.id,
      moderatorUsername: moderator.username,
      action: 'REMOVE_COMMENT',
      itemType: 'comment',
      itemId: c.id,
      reason: 'Spam: exam dumps',
    });
    expect(entry!.itemLabel).toContain(author.username);
  });

  it('takes the reason from the query too; an admin may remove; no reason is fine', async () => {
    const c1 = await post('Off topic');
    expect((await remove(c1.id, admin, { query: '?reason=Off%20topic' })).statusCode).toBe(204);
    const c2 = await post('Rude');
    const top = await post('Reply under rude', c2.id, other);
    expect((await remove(c2.id, moderator)).statusCode).toBe(204);
    const entries = await t.db.db.select().from(moderationLog);
    expect(entries.find((e) => e.itemId === c1.id)).toMatchObject({ moderatorId: admin.id, reason: 'Off topic' });
    expect(entries.find((e) => e.itemId === c2.id)).toMatchObject({ moderatorId: moderator.id, reason: null });
    expect(flatten((await listComments(t, cert.id)).tree).find((x) => x.id === c2.id)).toMatchObject({
      deleted: true,
      replies: [expect.objectContaining({ id: top.id })],
    });
  });

  it('does not log a moderator deleting their own comment', async () => {
    const own = await post('My own words', undefined, moderator);
    expect((await remove(own.id, moderator, { payload: { reason: 'changed my mind' } })).statusCode).toBe(204);
    const entries = await t.db.db.select().from(moderationLog).where(eq(moderationLog.itemId, own.id));
    expect(entries).toEqual([]);
  });

  it('answers 400 to a bad id or reason, 404 to an unknown comment', async () => {
    expect((await remove('abc', author)).statusCode).toBe(400);
    expect((await remove(0, author)).statusCode).toBe(400);
    expect((await remove(9_999_999, author)).json()).toMatchObject({ statusCode: 404, message: MSG.commentNotFound });
    const c = await post('Keep');
    const long = await remove(c.id, moderator, { payload: { reason: 'r'.repeat(1001) } });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toMatch(/at most 1000 characters/);
    expect((await remove(c.id, moderator, { payload: { reason: 42 } })).statusCode).toBe(400);
    expect((await remove(c.id, moderator, { payload: { reason: 'a\u0000b' } })).statusCode).toBe(400);
    expect((await rowOf(c.id))!.content).toBe('Keep');
  });
});

describe('the API document', () => {
  it('describes the four comment calls', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/certification/{id}/comments', '/api/comments/{id}']),
    );
    expect(Object.keys(doc.paths['/api/comments/{id}']).sort()).toEqual(['delete', 'put']);
  });
});
