import type { FastifyInstance } from 'fastify';
import type { Comment } from '@certitude/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildInstance } from '../../../test/app.js';
import { createTestDatabase, TEST_DATABASE_KIND, type TestDatabase } from '../../../test/database.js';
import { buildCertification, buildUser } from '../../../test/factories.js';
import { POST_INTERVAL } from './discussion-limits.js';
import { flatten } from '../../../test/support/discussion.js';

/**
 * Two instances on one database and no Redis between them: each keeps the comment trees it built, and a
 * change made through either shows on the other's very next read.
 */
describe(`comment trees kept per instance, on ${TEST_DATABASE_KIND}`, () => {
  let db: TestDatabase;
  let a: FastifyInstance;
  let b: FastifyInstance;

  const instance = async () => (await buildInstance(db)).app;

  beforeAll(async () => {
    db = await createTestDatabase();
    a = await instance();
    b = await instance();
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await db?.destroy();
  });

  const read = async (i: FastifyInstance, certId: number) => {
    const res = await i.inject({ method: 'GET', url: `/api/certification/${certId}/comments` });
    expect(res.statusCode).toBe(200);
    return flatten(res.json() as Comment[]);
  };

  it('a post, an edit and a delete on one instance show at once on the other', async () => {
    const cert = await buildCertification(db.db);
    const user = await buildUser(db.db, { createdAt: new Date(Date.now() - 7 * 24 * 3600_000) });
    const headers = {
      authorization: `Bearer ${await a.accessTokens.sign({ userId: user.id, username: user.username, role: 'USER' })}`,
    };
    expect(await read(b, cert.id)).toEqual([]);

    const posted = await a.inject({
      method: 'POST',
      url: `/api/certification/${cert.id}/comments`,
      headers,
      payload: { content: 'Passed it last week.' },
    });
    expect(posted.statusCode).toBe(201);
    const id = (posted.json() as Comment).id;
    // Read twice: the second read is served from what b kept, and must be the same discussion.
    expect((await read(b, cert.id)).map((c) => c.content)).toEqual(['Passed it last week.']);
    expect((await read(b, cert.id)).map((c) => c.content)).toEqual(['Passed it last week.']);

    const edited = await a.inject({
      method: 'PUT',
      url: `/api/comments/${id}`,
      headers,
      payload: { content: 'Passed it last week, on the second try.' },
    });
    expect(edited.statusCode).toBe(200);
    expect(await read(b, cert.id)).toMatchObject([
      { content: 'Passed it last week, on the second try.', isEdited: true },
    ]);

    await a.rateLimiter.reset(POST_INTERVAL, String(user.id));
    const deleted = await a.inject({ method: 'DELETE', url: `/api/comments/${id}`, headers });
    expect(deleted.statusCode).toBe(204);
    expect(await read(b, cert.id)).toEqual([]);
  });

  /** A first page of twenty threads as b serves it: cut from the tree b keeps, and kept itself. */
  const firstPage = async (i: FastifyInstance, certId: number, sort = 'oldest') => {
    const res = await i.inject({ method: 'GET', url: `/api/certification/${certId}/comments?limit=20&sort=${sort}` });
    expect(res.statusCode).toBe(200);
    const threads = res.json() as Comment[];
    return {
      total: Number(res.headers['x-total-count']),
      more: /rel="next"/.test(String(res.headers.link ?? '')),
      threads: threads.map((c) => ({ content: c.content, replies: flatten(c.replies).map((r) => r.content) })),
    };
  };

  it('a post, an edit and a delete on one instance show at once in the other’s first page of threads', async () => {
    const cert = await buildCertification(db.db);
    const user = await buildUser(db.db, { createdAt: new Date(Date.now() - 7 * 24 * 3600_000) });
    const headers = {
      authorization: `Bearer ${await a.accessTokens.sign({ userId: user.id, username: user.username, role: 'USER' })}`,
    };
    const write = async (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: Record<string, unknown>) => {
      await a.rateLimiter.reset(POST_INTERVAL, String(user.id));
      return a.inject({ method, url, headers, ...(payload ? { payload } : {}) });
    };
    const ids: number[] = [];
    for (let i = 1; i <= 21; i++) {
      const res = await write('POST', `/api/certification/${cert.id}/comments`, { content: `Thread ${i}.` });
      expect(res.statusCode).toBe(201);
      ids.push((res.json() as Comment).id);
    }
    const threads = (from: number, to: number, replies: Record<number, string[]> = {}) =>
      Array.from({ length: to - from + 1 }, (_, k) => ({
        content: `Thread ${from + k}.`,
        replies: replies[from + k] ?? [],
      }));
    // Read twice each time: the second read is served from the page b kept, and must be the same page.
    const twice = async (certId: number, sort?: string) => {
      const first = await firstPage(b, certId, sort);
      expect(await firstPage(b, certId, sort)).toEqual(first);
      return first;
    };
    expect(await twice(cert.id)).toEqual({ total: 21, more: true, threads: threads(1, 20) });
    expect((await twice(cert.id, 'newest')).threads[0]!.content).toBe('Thread 21.');

    const posted = await write('POST', `/api/certification/${cert.id}/comments`, {
      content: 'A reply into the first page.',
      parentCommentId: ids[1],
    });
    expect(posted.statusCode).toBe(201);
    const replyId = (posted.json() as Comment).id;
    expect(await twice(cert.id)).toEqual({
      total: 21,
      more: true,
      threads: threads(1, 20, { 2: ['A reply into the first page.'] }),
    });

    const edited = await write('PUT', `/api/comments/${replyId}`, { content: 'A reply, edited on a.' });
    expect(edited.statusCode).toBe(200);
    expect(await twice(cert.id)).toEqual({
      total: 21,
      more: true,
      threads: threads(1, 20, { 2: ['A reply, edited on a.'] }),
    });

    expect((await write('DELETE', `/api/comments/${replyId}`)).statusCode).toBe(204);
    expect(await twice(cert.id)).toEqual({ total: 21, more: true, threads: threads(1, 20) });

    // A thread posted on a heads b's newest first page; a thread deleted on a leaves b's oldest one, whose cut moves.
    const newest = await write('POST', `/api/certification/${cert.id}/comments`, { content: 'Thread 22.' });
    expect(newest.statusCode).toBe(201);
    expect((await twice(cert.id, 'newest')).threads.slice(0, 2).map((t) => t.content)).toEqual([
      'Thread 22.',
      'Thread 21.',
    ]);
    expect((await write('DELETE', `/api/comments/${ids[0]}`)).statusCode).toBe(204);
    expect(await twice(cert.id)).toEqual({ total: 21, more: true, threads: threads(2, 21) });
  });
});
