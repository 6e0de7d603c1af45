/*
 * The certification page's reviews in Chromium: a rating without words counts in the summary but is not listed as
 * a review; a review shows its author (a link to their page) and its day, in the one date format.
 */

import { formatDate } from '@certitude/shared';
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, hydrated, openPage } from './support/browser.js';
import { signInByApi, type AuthTokens } from './support/members.js';
import { type RunningServer } from './support/server.js';
import { startSuite, stopSuite } from './support/suite.js';

const PASSWORD = 'Reviews-e2e-pass-1';
const RATERS = ['words_a', 'quiet_b', 'blank_c', 'words_d'];
const CERT = 'comptia-linux-plus';

let server: RunningServer;
let browser: Browser;
const contexts: BrowserContext[] = [];
const tokens: Record<string, AuthTokens> = {};

beforeAll(async () => {
  ({ server, browser } = await startSuite({
    database: 'reviews',
    members: Object.fromEntries(RATERS.map((username) => [username, 'USER'])),
    password: PASSWORD,
    contexts,
  }));
  for (const username of RATERS) tokens[username] = await signInByApi(server.url, username, PASSWORD);
});
afterAll(stopSuite);

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
