import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, e2eDatabase, signInByApi } from './support/members.js';
import { startServer, type RunningServer } from './support/server.js';

/** Visitors' pages served from memory by the built server: fresh nonces, never for credentials, dropped on change. */
const MEMBER = { username: 'cache_voter', password: 'Cached-pages-42' };
const CKA = '/certification/certified-kubernetes-administrator-cka';

let server: RunningServer;
let database: Awaited<ReturnType<typeof e2eDatabase>>;

beforeAll(async () => {
  database = await e2eDatabase('pagecache');
  const first = await startServer(database.env);
  await first.stop();
  createMember(first.dataDir, MEMBER, database.env);
  server = await startServer({ ...database.env, DATA_DIR: first.dataDir });
});

afterAll(async () => {
  const code = await server?.stop();
  await database?.drop();
  expect(code, server?.output()).toBe(0);
});

async function page(path: string, headers: Record<string, string> = {}) {
  const res = await fetch(`${server.url}${path}`, { headers });
  const html = await res.text();
  const policyNonce = /'nonce-([^']+)'/.exec(res.headers.get('content-security-policy') ?? '')?.[1];
  return { status: res.status, cache: res.headers.get('x-page-cache'), html, policyNonce };
}

const nonces = (html: string) => new Set([...html.matchAll(/nonce="([^"]+)"/g)].map((m) => m[1]));

describe('pages a visitor sees', () => {
  it('are rendered once, then served from memory, each answer with its own nonce on every inline script', async () => {
    const first = await page('/about');
    const second = await page('/about');
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(first.cache).toBe('miss');
    expect(second.cache).toBe('hit');
    expect(second.policyNonce).toBeTruthy();
    expect(second.policyNonce).not.toBe(first.policyNonce);
    expect([...nonces(first.html)]).toEqual([first.policyNonce]);
    expect([...nonces(second.html)]).toEqual([second.policyNonce]);
    expect(second.html.replaceAll(second.policyNonce!, 'N')).toBe(first.html.replaceAll(first.policyNonce!, 'N'));
  });

  it('are never served from memory to a request with credentials or cookies', async () => {
    await page('/');
    expect((await page('/')).cache).toBe('hit');
    expect((await page('/', { authorization: 'Bearer whatever' })).cache).toBeNull();
    expect((await page('/', { cookie: 'a=b' })).cache).toBeNull();
  });

  it('show a change at once: a vote drops the cached pages', async () => {
    await page(CKA);
    const cached = await page(CKA);
    expect(cached.cache).toBe('hit');
    expect(cached.html).toContain('aria-label="Score 0"');
    const { token } = await signInByApi(server.url, MEMBER.username, MEMBER.password);
    const cert = (await (await fetch(`${server.url}/api${CKA}`)).json()) as { id: number };
    const vote = await fetch(`${server.url}/api/vote/certification/${cert.id}/upvote`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(vote.status).toBe(200);
    const after = await page(CKA);
    expect(after.cache).toBe('miss');
    expect(after.html).toContain('aria-label="Score 1"');
  });
});
