import { createHash } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, launchBrowser, openPage } from './support/browser.js';
import { createMember, e2eDatabase, signInByApi } from './support/members.js';
import { startServer, type RunningServer } from './support/server.js';

/** Visitors' pages served from memory by the built server: one body for all, never for credentials, dropped on change. */
const MEMBER = { username: 'cache_voter', password: 'Cached-pages-42' };
const CKA = '/certification/certified-kubernetes-administrator-cka';

let server: RunningServer;
let database: Awaited<ReturnType<typeof e2eDatabase>>;

beforeAll(async () => {
  database = await e2eDatabase('pagecache');
  // The member is made before the server opens the database (PGlite admits one process at a time).
  const dataDir = mkdtempSync(join(tmpdir(), 'certitude-e2e-pagecache-'));
  createMember(dataDir, MEMBER, database.env);
  server = await startServer({ ...database.env, DATA_DIR: dataDir });
});

afterAll(async () => {
  const code = await server?.stop();
  await database?.drop();
  expect(code, server?.output()).toBe(0);
});

async function page(path: string, headers: Record<string, string> = {}) {
  const res = await fetch(`${server.url}${path}`, { headers });
  const html = await res.text();
  const policy = res.headers.get('content-security-policy') ?? '';
  const policyNonce = /'nonce-([^']+)'/.exec(policy)?.[1];
  return { status: res.status, cache: res.headers.get('x-page-cache'), html, policy, policyNonce };
}

const nonces = (html: string) => new Set([...html.matchAll(/nonce="([^"]+)"/g)].map((m) => m[1]));
/** The SHA-256 sources of a policy, and the hash of each inline script of a page as a browser computes it. */
const policyHashes = (policy: string) => new Set([...policy.matchAll(/'sha256-([^']+)'/g)].map((m) => m[1]));
const inlineScriptHashes = (html: string) =>
  new Set(
    [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)]
      .filter((m) => !/\bsrc=/.test(m[1]!))
      .map((m) => createHash('sha256').update(m[2]!).digest('base64')),
  );

describe('pages a visitor sees', () => {
  it('are rendered once, then served from memory as the same bytes, their inline scripts allowed by hash', async () => {
    const first = await page('/about');
    const second = await page('/about');
    const third = await page('/about', { 'accept-encoding': 'br' });
    expect([first.status, second.status, third.status]).toEqual([200, 200, 200]);
    expect([first.cache, second.cache, third.cache]).toEqual(['miss', 'hit', 'hit']);
    // The first answer is rendered for this request, with its nonce on every inline script.
    expect([...nonces(first.html)]).toEqual([first.policyNonce]);
    // Kept: the nonce taken out everywhere, the policy naming exactly the page's inline scripts by hash, and no
    // 'unsafe-inline' for scripts.
    expect(second.policyNonce).toBeUndefined();
    expect(nonces(second.html).size).toBe(0);
    expect(second.html).toBe(first.html.replaceAll(first.policyNonce!, ''));
    expect(policyHashes(second.policy)).toEqual(inlineScriptHashes(second.html));
    expect(policyHashes(second.policy).size).toBeGreaterThan(0);
    expect(/script-src [^;]*unsafe-inline/.test(second.policy)).toBe(false);
    expect(third.html).toBe(second.html);
  });

  it.skipIf(!hasChromium)(
    'run their scripts in Chromium under the hash policy: the page hydrates, nothing is refused',
    async () => {
      const browser = await launchBrowser();
      try {
        const { page: tab } = await openPage(browser, server.url, null);
        const refused: string[] = [];
        tab.on('console', (m) => {
          if (/Content Security Policy/i.test(m.text())) refused.push(m.text());
        });
        await page('/articles');
        const res = await tab.goto(`${server.url}/articles`);
        expect(res?.headers()['x-page-cache']).toBe('hit');
        // The inline scripts ran (the router's context and route modules), then the entry hydrated the page.
        await tab.waitForFunction(() => '__reactRouterContext' in window && '__reactRouterRouteModules' in window);
        await tab.waitForFunction(() => '__reactRouterDataRouter' in window);
        expect(refused).toEqual([]);
      } finally {
        await browser.close();
      }
    },
  );

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

  it('asked for by many visitors at once while missing, are rendered once and served to all', async () => {
    // The paths overview, not asked for before in this file: eight visitors at the same moment.
    const answers = await Promise.all(Array.from({ length: 8 }, () => page('/paths')));
    expect(answers.map((a) => a.status)).toEqual(Array(8).fill(200));
    // One render (the first visitor's, with its nonce); the seven others wait for it and get the kept copy.
    expect(answers.filter((a) => a.cache === 'miss')).toHaveLength(1);
    expect(answers.filter((a) => a.cache === 'hit')).toHaveLength(7);
    const first = answers.find((a) => a.cache === 'miss')!;
    for (const a of answers) if (a.cache === 'hit') expect(a.html).toBe(first.html.replaceAll(first.policyNonce!, ''));
  });
});
