/*
 * The certification page's reviews in Chromium: a rating without words counts in the summary but is not listed as
 * a review; a review shows its author (a link to their page) and its day, in the one date format.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { formatDate } from '@certitude/shared';
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, hydrated, launchBrowser, openPage } from './support/browser.js';
import { createMember, e2eDatabase, signInByApi, type AuthTokens } from './support/members.js';
import { startServer, type RunningServer } from './support/server.js';

const PASSWORD = 'Reviews-e2e-pass-1';
const RATERS = ['words_a', 'quiet_b', 'blank_c', 'words_d'];
const CERT = 'comptia-linux-plus';

let server: RunningServer;
let browser: Browser;
let database: Awaited<ReturnType<typeof e2eDatabase>>;
const contexts: BrowserContext[] = [];
const tokens: Record<string, AuthTokens> = {};

beforeAll(async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'certitude-e2e-reviews-'));
  database = await e2eDatabase('reviews');
  for (const username of RATERS) createMember(dataDir, { username, password: PASSWORD }, database.env);
  server = await startServer({ DATA_DIR: dataDir, ...database.env });
  for (const username of RATERS) tokens[username] = await signInByApi(server.url, username, PASSWORD);
  if (hasChromium) browser = await launchBrowser();
});
afterAll(async () => {
  for (const c of contexts) await c.close();
  await browser?.close();
  const code = await server?.stop();
  await database?.drop();
  expect(code, server?.output()).toBe(0);
});

async function rate(username: string, review?: string) {
  const res = await fetch(`${server.url}/api/certification/${CERT}/rating`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${tokens[username]!.token}` },
    body: JSON.stringify({ difficulty: 3, value: 4, recognition: 4, ...(review === undefined ? {} : { review }) }),
  });
  expect(res.status).toBe(200);
}

describe.skipIf(!hasChromium)('reviews on the certification page', () => {
  it('lists only the ratings with words, each with its author’s page and its day; the summary counts them all', async () => {
    await rate('words_a', 'Hands-on and fair.');
    await rate('quiet_b');
    await rate('blank_c', '   ');
    await rate('words_d', 'Know your **permissions**.');
    const { page, problems } = await openPage(browser, server.url, `/certification/${CERT}`, { contexts });
    await hydrated(page);
    const card = page.getByRole('region', { name: 'Ratings' });
    await card.getByText('4 ratings').waitFor();
    const reviews = page.getByTestId('reviews').getByRole('listitem');
    expect(await reviews.count()).toBe(2);
    expect(await page.getByTestId('reviews').getByRole('link').allTextContents()).toEqual(['words_d', 'words_a']);
    for (const quiet of ['quiet_b', 'blank_c']) expect(await card.getByText(quiet).count()).toBe(0);
    const first = reviews.filter({ hasText: 'Know your' });
    expect(await first.getByRole('link', { name: 'words_d' }).getAttribute('href')).toBe('/u/words_d');
    const time = first.locator('time');
    expect(await time.textContent()).toBe(formatDate((await time.getAttribute('datetime'))!));
    expect(problems).toEqual([]);
  });
});
