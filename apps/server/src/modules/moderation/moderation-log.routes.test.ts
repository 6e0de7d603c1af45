import { MODERATION_TARGET_TEXT, publicModerationEntrySchema, type PublicModerationEntry } from '@certitude/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildTestApp, type TestApp } from '../../../test/app.js';
import { buildCertification, buildUser } from '../../../test/factories.js';
import { postComment } from '../../../test/support/discussion.js';
import { buildRole, call, type Member } from '../../../test/support/moderation.js';
import { moderationLog, resources } from '../../db/schema/index.js';

let t: TestApp;
let author: Member;
let moderator: Member;
let admin: Member;

const COMMENT_WORDS = 'Buy cheap exam dumps from a secret shop';

const read = (query = '') => call(t, undefined, 'GET', `/api/moderation-log${query}`);
const entriesOf = (body: string) => z.array(publicModerationEntrySchema).parse(JSON.parse(body));

beforeAll(async () => {
  t = await buildTestApp();
  author = await buildUser(t.db.db, { createdAt: new Date(Date.now() - 7 * 24 * 3600_000) });
  moderator = await buildRole(t, 'MODERATOR');
  admin = await buildRole(t, 'ADMIN');

  // Approve, reject, a resource, a role change, a suspension and its lift, a removed comment, an article.
  const approved = await buildCertification(t.db.db, { status: 'PENDING', submittedById: author.id });
  expect((await call(t, moderator, 'POST', `/api/admin/certification/${approved.id}/approve`)).statusCode).toBe(200);
  const rejected = await buildCertification(t.db.db, {
    status: 'PENDING',
    name: 'Rejected Cert',
    submittedById: author.id,
  });
  const reject = await call(t, moderator, 'POST', `/api/admin/certification/${rejected.id}/reject`, {
    reason: 'Duplicate, ask spammer@example.com',
  });
  expect(reject.statusCode).toBe(200);
  const [resource] = await t.db.db
    .insert(resources)
    .values({
      certificationId: approved.id,
      name: 'Study guide',
      url: 'https://example.com/guide',
      description: 'A guide',
      type: 'book',
      status: 'PENDING',
      submittedById: author.id,
    })
    .returning();
  expect((await call(t, moderator, 'POST', `/api/admin/resource/${resource!.id}/approve`)).statusCode).toBe(200);
  const promoted = await buildRole(t, 'USER');
  expect((await call(t, admin, 'PUT', `/api/admin/users/${promoted.id}/role`, { role: 'MODERATOR' })).statusCode).toBe(
    200,
  );
  expect(
    (await call(t, moderator, 'POST', `/api/admin/users/${author.id}/suspend`, { days: 3, reason: 'Spam' })).statusCode,
  ).toBe(200);
  expect((await call(t, moderator, 'DELETE', `/api/admin/users/${author.id}/suspend`)).statusCode).toBe(200);
  const comment = await postComment(t, author, approved.id, { content: COMMENT_WORDS });
  expect(comment.statusCode).toBe(201);
  const removed = await call(t, moderator, 'DELETE', `/api/comments/${comment.json().id}`, { reason: 'Spam' });
  expect(removed.statusCode).toBe(204);
  const draft = await call(t, moderator, 'POST', '/api/articles', {
    title: 'Secret draft title',
    summary: 'S',
    content: 'C',
    published: false,
  });
  expect(draft.statusCode).toBe(201);
  const article = await call(t, moderator, 'POST', '/api/articles', {
    title: 'Published title',
    summary: 'S',
    content: 'C',
  });
  expect(article.statusCode).toBe(201);
});
afterAll(() => t.close());

describe('GET /api/moderation-log', () => {
  it('answers anyone, newest first, with each action’s public target', async () => {
    const res = await read();
    expect(res.statusCode).toBe(200);
    const entries = entriesOf(res.body);
    expect(entries.map((e) => e.action)).toEqual([
      'PUBLISH_ARTICLE',
      'EDIT_ARTICLE',
      'REMOVE_COMMENT',
      'LIFT_SUSPENSION',
      'SUSPEND_USER',
      'CHANGE_ROLE',
      'APPROVE_RESOURCE',
      'REJECT_CERTIFICATION',
      'APPROVE_CERTIFICATION',
    ]);
    const ids = entries.map((e) => e.id);
    expect([...ids].sort((a, b) => b - a)).toEqual(ids);
    const by = (action: string) => entries.find((e) => e.action === action)!;
    const cert = by('APPROVE_CERTIFICATION');
    expect(cert).toMatchObject({ moderator: moderator.username, targetType: 'certification', reason: null });
    expect(cert.targetLink).toMatch(/^\/certification\/[a-z0-9-]+$/);
    // A rejected submission was never public: its title stays with the moderators (docs/security.md).
    expect(by('REJECT_CERTIFICATION')).toMatchObject({
      targetTitle: MODERATION_TARGET_TEXT.certification,
      targetLink: null,
      reason: 'Duplicate, ask [email address hidden]',
    });
    expect(by('APPROVE_RESOURCE')).toMatchObject({ targetTitle: 'Study guide', targetLink: cert.targetLink });
    expect(by('CHANGE_ROLE')).toMatchObject({
      moderator: admin.username,
      targetType: 'user',
      reason: 'USER -> MODERATOR',
    });
    expect(by('CHANGE_ROLE').targetLink).toBe(`/u/${by('CHANGE_ROLE').targetTitle}`);
    expect(by('SUSPEND_USER')).toMatchObject({
      targetTitle: author.username,
      targetLink: `/u/${author.username}`,
      reason: 'Spam',
    });
    expect(by('LIFT_SUSPENSION')).toMatchObject({ targetTitle: author.username, reason: null });
    const comment = by('REMOVE_COMMENT');
    expect(comment.targetTitle).toBe(`a comment on ${cert.targetTitle}`);
    expect(comment).toMatchObject({ targetType: 'comment', targetLink: cert.targetLink, reason: 'Spam' });
    expect(by('EDIT_ARTICLE')).toMatchObject({ targetTitle: 'an unpublished article', targetLink: null });
    expect(by('PUBLISH_ARTICLE')).toMatchObject({ targetTitle: 'Published title' });
    expect(by('PUBLISH_ARTICLE').targetLink).toMatch(/^\/articles\/published-title/);
    expect(Object.keys(cert).sort()).toEqual(
      ['action', 'createdAt', 'id', 'moderator', 'reason', 'targetLink', 'targetTitle', 'targetType'].sort(),
    );
  });

  it('never holds an email address, a removed comment’s words or a draft’s title', async () => {
    const { body } = await read('?limit=100');
    expect(body).not.toMatch(/@/);
    expect(body).not.toContain('example.com');
    expect(body).not.toContain(COMMENT_WORDS);
    expect(body).not.toContain('exam dumps');
    expect(body).not.toContain('Secret draft title');
  });

  it('hides the link of a suspended account and maps away the words of entries written before 0011', async () => {
    await call(t, moderator, 'POST', `/api/admin/users/${author.id}/suspend`, { reason: 'Again' });
    await t.db.db.insert(moderationLog).values({
      moderatorId: moderator.id,
      moderatorUsername: moderator.username,
      action: 'REMOVE_COMMENT',
      itemType: 'comment',
      itemId: 987_654,
      itemLabel: `${author.username}: old removed words, mail me at old@example.com`,
      reason: null,
    });
    const entries = entriesOf((await read('?limit=2')).body);
    expect(entries[0]).toMatchObject({ action: 'REMOVE_COMMENT', targetTitle: 'a comment', targetLink: null });
    expect(entries[1]).toMatchObject({ action: 'SUSPEND_USER', targetTitle: author.username, targetLink: null });
    expect(JSON.stringify(entries)).not.toContain('old removed words');
    await call(t, moderator, 'DELETE', `/api/admin/users/${author.id}/suspend`);
  });

  it('pages with a cursor and a Link header', async () => {
    const all = entriesOf((await read('?limit=100')).body);
    const first = await read('?limit=4');
    const page1 = entriesOf(first.body);
    expect(page1).toEqual(all.slice(0, 4));
    expect(first.headers.link).toBe(`</api/moderation-log?limit=4&cursor=${page1[3]!.id}>; rel="next"`);
    const seen: PublicModerationEntry[] = [...page1];
    let next = /<([^>]+)>/.exec(String(first.headers.link))?.[1];
    while (next) {
      const res = await call(t, undefined, 'GET', next);
      expect(res.statusCode).toBe(200);
      seen.push(...entriesOf(res.body));
      next = res.headers.link ? /<([^>]+)>/.exec(String(res.headers.link))?.[1] : undefined;
    }
    expect(seen).toEqual(all);
    expect((await read(`?limit=100`)).headers.link).toBeUndefined();
    expect(entriesOf((await read(`?cursor=${all[all.length - 1]!.id}`)).body)).toEqual([]);
  });

  it('answers 400 to a bad limit or cursor', async () => {
    for (const query of [
      '?limit=0',
      '?limit=101',
      '?limit=abc',
      '?limit=1.5',
      '?cursor=0',
      '?cursor=-1',
      '?cursor=x',
    ]) {
      const res = await read(query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().message, query).toMatch(/limit|cursor/);
    }
    expect((await read('?cursor=99999999999')).statusCode).toBe(400);
  });

  it('is the page data of /moderation-log', async () => {
    const api = entriesOf((await read('?limit=3')).body);
    const page = await t.app.pageData.moderationLog({ limit: 3 });
    expect(page.entries).toEqual(api);
    expect(page.nextCursor).toBe(api[2]!.id);
    const rest = await t.app.pageData.moderationLog({ limit: 100, cursor: api[2]!.id });
    expect(rest.nextCursor).toBeNull();
  });
});
