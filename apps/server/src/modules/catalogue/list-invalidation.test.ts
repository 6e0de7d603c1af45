import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildInstance } from '../../../test/app.js';
import { createTestDatabase, type TestDatabase } from '../../../test/database.js';
import { buildCertification, buildUser } from '../../../test/factories.js';

const hasRedisServer = spawnSync('redis-server', ['--version']).status === 0;

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** A throwaway Redis of this test's own, so it can be stopped and started again. */
async function startRedis(port: number): Promise<ChildProcess> {
  const child = spawn('redis-server', ['--port', String(port), '--save', '', '--appendonly', 'no'], {
    stdio: 'ignore',
  });
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const up = await new Promise<boolean>((resolve) => {
      const s = createServer();
      s.once('error', () => resolve(true));
      s.listen(port, '127.0.0.1', () => s.close(() => resolve(false)));
    });
    if (up) return child;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('redis-server did not start');
}

async function stopRedis(child: ChildProcess) {
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}

async function until(check: () => boolean | Promise<boolean>, ms = 5_000) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe.skipIf(!hasRedisServer)('list cache across instances through Redis', () => {
  let db: TestDatabase;
  let redis: ChildProcess;
  let port: number;
  let a: FastifyInstance;
  let b: FastifyInstance;

  const instance = async () => (await buildInstance(db, { REDIS_URL: `redis://127.0.0.1:${port}` })).app;

  beforeAll(async () => {
    db = await createTestDatabase();
    port = await freePort();
    redis = await startRedis(port);
    a = await instance();
    b = await instance();
    await until(() => a.services.changeRelay.canCache && b.services.changeRelay.canCache);
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    if (redis?.exitCode === null) await stopRedis(redis);
    await db?.destroy();
  });

  const list = (i: FastifyInstance, etag?: string) =>
    i.inject({ method: 'GET', url: '/api/certification', headers: etag ? { 'if-none-match': etag } : {} });

  it('a vote on one instance drops the cached list of the other', async () => {
    const cert = await buildCertification(db.db);
    const user = await buildUser(db.db);
    const token = await a.accessTokens.sign({ userId: user.id, username: user.username, role: 'USER' });
    const before = await list(b);
    expect((await list(b, before.headers.etag as string)).statusCode).toBe(304);

    const voted = await a.inject({
      method: 'POST',
      url: `/api/vote/certification/${cert.id}/upvote`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(voted.statusCode).toBe(200);
    await until(async () => (await list(b, before.headers.etag as string)).statusCode === 200);
    const after = (await list(b)).json();
    expect(after.find((c: { id: number }) => c.id === cert.id).upvoteCount).toBe(1);
  });

  it('a change announced on one instance is heard on the other as the same kind, made elsewhere', async () => {
    const heard: string[] = [];
    b.services.changes.subscribe('member', (change, origin) => heard.push(`${change.kind} ${origin}`));
    a.services.changes.announce({ kind: 'member' });
    await until(() => heard.length > 0);
    expect(heard).toEqual(['member elsewhere']);
  });

  it('with Redis down, requests still succeed and each instance reads fresh lists; back up, caching resumes', async () => {
    await stopRedis(redis);
    await until(() => !b.services.changeRelay.canCache);
    const cert = await buildCertification(db.db);
    const user = await buildUser(db.db);
    const token = await a.accessTokens.sign({ userId: user.id, username: user.username, role: 'USER' });
    const first = await list(b);
    expect(first.statusCode).toBe(200);
    const voted = await a.inject({
      method: 'POST',
      url: `/api/vote/certification/${cert.id}/downvote`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(voted.statusCode).toBe(200);
    // Nobody could tell b: it must not have kept a copy.
    const during = await list(b, first.headers.etag as string);
    expect(during.statusCode).toBe(200);
    expect(during.json().find((c: { id: number }) => c.id === cert.id).downvoteCount).toBe(1);

    redis = await startRedis(port);
    await until(() => a.services.changeRelay.canCache && b.services.changeRelay.canCache, 10_000);
    const cached = await list(b);
    expect((await list(b, cached.headers.etag as string)).statusCode).toBe(304);
  });
});
