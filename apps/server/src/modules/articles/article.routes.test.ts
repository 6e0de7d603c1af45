import type { Article, ModerationEntry } from '@certitude/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../../test/app.js';
import { appWithCast, call, type Member } from '../../../test/support/moderation.js';

let t: TestApp, member: Member, moderator: Member, admin: Member;
beforeAll(async () => ({ t, member, moderator, admin } = await appWithCast({ seed: true })));
afterAll(() => t.close());

const draft = (over: Record<string, unknown> = {}) => ({
  title: 'Passing the CKA on the first try',
  summary: 'What worked for our members.',
  content: '## Practice\n\nUse **kubectl** every day.',
  ...over,
});
const lastLog = async () => ((await call(t, admin, 'GET', '/api/admin/audit-log')).json() as ModerationEntry[])[0];

describe('reading articles', () => {
  it('lists the published seeded articles newest first, without content, signed by the team', async () => {
    const res = await call(t, undefined, 'GET', '/api/articles');
    expect(res.statusCode).toBe(200);
    const list = res.json() as Article[];
    expect(list.length).toBeGreaterThanOrEqual(3);
    const dates = list.map((a) => a.publishedAt!);
    expect([...dates].sort().reverse()).toEqual(dates);
    expect(list[0]!.content).toBeUndefined();
    expect(list.every((a) => a.author === 'Certitude Team')).toBe(true);
  });

  it('answers one article by slug, 404 for an unknown slug, 400 for a malformed one', async () => {
    const res = await call(t, undefined, 'GET', '/api/articles/how-to-choose-your-first-cloud-certification');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ title: 'How to choose your first cloud certification', published: true });
    expect(res.json().content).toContain('## Start from the job');
    const missing = await call(t, undefined, 'GET', '/api/articles/no-such-article');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Article not found');
    expect((await call(t, undefined, 'GET', '/api/articles/Bad%20Slug!')).statusCode).toBe(400);
  });
});

describe('writing articles', () => {
  it('is for moderators and admins', async () => {
    expect((await call(t, undefined, 'POST', '/api/articles', draft())).statusCode).toBe(401);
    expect((await call(t, member, 'POST', '/api/articles', draft())).statusCode).toBe(403);
    expect((await call(t, member, 'PUT', '/api/articles/1', draft())).statusCode).toBe(403);
    expect((await call(t, member, 'DELETE', '/api/articles/1')).statusCode).toBe(403);
    expect((await call(t, member, 'GET', '/api/admin/articles')).statusCode).toBe(403);
  });

  it('publishes an article with a slug from its title; it is read at its slug; the log says who', async () => {
    const res = await call(t, moderator, 'POST', '/api/articles', draft());
    expect(res.statusCode).toBe(201);
    const created = res.json() as Article;
    expect(created).toMatchObject({
      slug: 'passing-the-cka-on-the-first-try',
      author: moderator.username,
      published: true,
    });
    expect(created.publishedAt).not.toBeNull();
    const read = await call(t, undefined, 'GET', `/api/articles/${created.slug}`);
    expect(read.json().content).toBe('## Practice\n\nUse **kubectl** every day.');
    expect(((await call(t, undefined, 'GET', '/api/articles')).json() as Article[])[0]!.id).toBe(created.id);
    expect(await lastLog()).toMatchObject({
      action: 'PUBLISH_ARTICLE',
      moderator: moderator.username,
      itemType: 'article',
      itemId: created.id,
      itemLabel: 'Passing the CKA on the first try',
    });
    const second = (await call(t, admin, 'POST', '/api/articles', draft())).json() as Article;
    expect(second.slug).toBe('passing-the-cka-on-the-first-try-2');
  });

  it('keeps drafts from the public, shows them to editors, and stamps publishedAt when published', async () => {
    const res = await call(t, admin, 'POST', '/api/articles', draft({ title: 'Draft notes', published: false }));
    const d = res.json() as Article;
    expect(d).toMatchObject({ published: false, publishedAt: null });
    expect((await call(t, undefined, 'GET', `/api/articles/${d.slug}`)).statusCode).toBe(404);
    expect(((await call(t, undefined, 'GET', '/api/articles')).json() as Article[]).map((a) => a.id)).not.toContain(
      d.id,
    );
    const editorsList = (await call(t, moderator, 'GET', '/api/admin/articles')).json() as Article[];
    expect(editorsList.find((a) => a.id === d.id)?.content).toContain('kubectl');
    const published = await call(
      t,
      moderator,
      'PUT',
      `/api/articles/${d.id}`,
      draft({ title: 'Final notes', published: true }),
    );
    expect(published.statusCode).toBe(200);
    expect(published.json()).toMatchObject({ title: 'Final notes', slug: d.slug, published: true });
    expect(await lastLog()).toMatchObject({ action: 'PUBLISH_ARTICLE', itemId: d.id, moderator: moderator.username });
    const edited = await call(
      t,
      moderator,
      'PUT',
      `/api/articles/${d.id}`,
      draft({ title: 'Final notes v2', slug: 'final-notes' }),
    );
    expect(edited.json()).toMatchObject({ slug: 'final-notes', publishedAt: published.json().publishedAt });
    expect(await lastLog()).toMatchObject({ action: 'EDIT_ARTICLE', itemId: d.id });
  });

  it('deletes an article, on the record', async () => {
    const a = (await call(t, admin, 'POST', '/api/articles', draft({ title: 'Short lived' }))).json() as Article;
    expect((await call(t, moderator, 'DELETE', `/api/articles/${a.id}`)).statusCode).toBe(204);
    expect((await call(t, undefined, 'GET', `/api/articles/${a.slug}`)).statusCode).toBe(404);
    expect(await lastLog()).toMatchObject({ action: 'DELETE_ARTICLE', itemId: a.id, itemLabel: 'Short lived' });
    expect((await call(t, moderator, 'DELETE', `/api/articles/${a.id}`)).statusCode).toBe(404);
  });

  it('answers 409 to a taken slug and 400 to bad input', async () => {
    const taken = await call(
      t,
      admin,
      'POST',
      '/api/articles',
      draft({ slug: 'how-to-choose-your-first-cloud-certification' }),
    );
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe('An article with this slug already exists');
    const a = (await call(t, admin, 'POST', '/api/articles', draft({ title: 'Slug clash' }))).json() as Article;
    expect(
      (
        await call(
          t,
          admin,
          'PUT',
          `/api/articles/${a.id}`,
          draft({ slug: 'how-to-choose-your-first-cloud-certification' }),
        )
      ).statusCode,
    ).toBe(409);
    const noTitle = await call(t, admin, 'POST', '/api/articles', draft({ title: '  ' }));
    expect(noTitle.statusCode).toBe(400);
    expect(noTitle.json().message).toContain('Title is required');
    expect((await call(t, admin, 'POST', '/api/articles', draft({ slug: 'Not A Slug' }))).statusCode).toBe(400);
    expect((await call(t, admin, 'POST', '/api/articles', draft({ content: 'x'.repeat(50_001) }))).statusCode).toBe(
      400,
    );
    expect((await call(t, admin, 'PUT', '/api/articles/999999', draft())).statusCode).toBe(404);
    expect((await call(t, admin, 'PUT', '/api/articles/abc', draft())).statusCode).toBe(400);
  });
});

describe('server rendering and the OpenAPI document', () => {
  it('hands the published articles to the page loaders, and never a draft', async () => {
    const d = (
      await call(t, admin, 'POST', '/api/articles', draft({ title: 'Hidden draft', published: false }))
    ).json();
    const list = await t.app.pageData.listArticles();
    expect(list.map((a) => a.id)).not.toContain(d.id);
    expect(await t.app.pageData.getArticle(d.slug)).toBeNull();
    expect((await t.app.pageData.getArticle('how-to-choose-your-first-cloud-certification'))?.content).toBeTruthy();
  });

  it('documents every admin and article call', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/admin/pending-counts',
        '/api/admin/pending',
        '/api/admin/certification/{id}/approve',
        '/api/admin/certification/{id}/reject',
        '/api/admin/resource/{id}/approve',
        '/api/admin/resource/{id}/reject',
        '/api/admin/users',
        '/api/admin/users/{id}/role',
        '/api/admin/audit-log',
        '/api/articles',
        '/api/articles/{article}',
      ]),
    );
  });
});
