import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, launchBrowser } from './support/browser.js';
import { createMember, e2eDatabase, signInByApi } from './support/members.js';
import { startServer, type RunningServer } from './support/server.js';

/**
 * Sessions across the tabs of one browser: they share the stored tokens, and the server revokes every
 * session of a member when a refresh token is spent twice, so the tabs must take turns to refresh.
 */
const MEMBER = { username: 'two_tabs', password: 'Tabs-and-tabs-42' };

let server: RunningServer;
let browser: Browser;
let database: Awaited<ReturnType<typeof e2eDatabase>>;

beforeAll(async () => {
  database = await e2eDatabase('sessions');
  // The member is made before the server opens the database (PGlite admits one process at a time).
  const dataDir = mkdtempSync(join(tmpdir(), 'certitude-e2e-sessions-'));
  createMember(dataDir, MEMBER, database.env);
  server = await startServer({ ...database.env, DATA_DIR: dataDir });
  if (hasChromium) browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  const code = await server?.stop();
  await database?.drop();
  expect(code, server?.output()).toBe(0);
});

describe.skipIf(!hasChromium)('two tabs of one browser', () => {
  it('an expired session is refreshed once for both tabs, and the member stays signed in in each', async () => {
    const auth = await signInByApi(server.url, MEMBER.username, MEMBER.password);
    const context: BrowserContext = await browser.newContext();
    // An access token the server refuses, as after its five minutes: both tabs will need a refresh.
    await context.addInitScript((a) => {
      if (sessionStorage.getItem('seeded')) return;
      sessionStorage.setItem('seeded', 'true');
      if (localStorage.getItem('refreshToken')) return;
      localStorage.setItem('accessToken', 'expired.access.token');
      localStorage.setItem('refreshToken', a.refreshToken);
      localStorage.setItem('user', JSON.stringify(a.user));
      localStorage.setItem('firstSignInAsked', JSON.stringify([a.user.id]));
      localStorage.setItem('visited', 'true');
      localStorage.setItem('welcomeShown', 'true');
    }, auth);
    const refreshes: number[] = [];
    // The first refresh is held until both tabs were refused their profile, so that the second tab's 401 surely
    // arrives while it is under way.
    let refused = 0;
    let bothRefused!: () => void;
    const held = new Promise<void>((resolve) => (bothRefused = resolve));
    context.on('response', (res) => {
      const path = new URL(res.url()).pathname;
      if (path === '/auth/refresh') refreshes.push(res.status());
      if (path === '/api/user/profile' && res.status() === 401 && ++refused === 2) bothRefused();
    });
    let first = true;
    await context.route('**/auth/refresh', async (route) => {
      if (first) {
        first = false;
        await held;
      }
      await route.continue();
    });

    const tabs: Page[] = [await context.newPage(), await context.newPage()];
    // Each tab's profile page asks for the profile, is refused, and asks again once the session is renewed.
    const profiles = tabs.map((tab) =>
      tab.waitForResponse((r) => new URL(r.url()).pathname === '/api/user/profile' && r.status() === 200, {
        timeout: 30_000,
      }),
    );
    await Promise.all(tabs.map((tab) => tab.goto(`${server.url}/profile`)));
    await Promise.all(profiles);
    for (const tab of tabs) {
      await tab.getByTestId('account-type').waitFor();
      expect(new URL(tab.url()).pathname).toBe('/profile');
    }

    expect(refreshes).toEqual([200]);
    const stored = await tabs[1]!.evaluate(() => localStorage.getItem('refreshToken'));
    expect(stored).toBeTruthy();
    expect(stored).not.toBe(auth.refreshToken);
    // The family was not revoked: the token both tabs now hold still renews the session.
    const renewed = await fetch(`${server.url}/auth/refresh`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ refreshToken: stored }),
    });
    expect(renewed.status).toBe(200);
    await context.close();
  }, 90_000);
});
