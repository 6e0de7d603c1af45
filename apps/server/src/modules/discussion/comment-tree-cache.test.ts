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
});
