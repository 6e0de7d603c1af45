import { existsSync } from 'node:fs';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { watchContext } from './diagnostics.js';
import type { AuthTokens } from './members.js';

/** The system Chromium: CHROME_PATH, else Debian's /usr/bin/chromium. Nothing is downloaded. */
const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
export const hasChromium = existsSync(CHROME_PATH);

/**
 * Playwright gives every launch a fresh, empty user-data-dir of its own. Every context the browser opens is
 * watched, so that a failed test can tell what its pages did (support/diagnostics.ts).
 */
export async function launchBrowser(): Promise<Browser> {
  const browser = await chromium.launch({
    headless: true,
    executablePath: CHROME_PATH,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (...args) => {
    const context = await newContext(...args);
    watchContext(context);
    return context;
  };
  return browser;
}

/**
 * React has taken over the server's HTML: a click from now on reaches its handler. On the home page, also every
 * card is in: the grid adds the cards after the first ones while the browser is idle, and names the search it
 * answers (`data-shown-for`) once it holds them all. `wholeGrid: false` leaves that out, for a page whose clock
 * the test has stopped (the idle steps run on that clock).
 */
export async function hydrated(page: Page, { wholeGrid = true }: { wholeGrid?: boolean } = {}) {
  await page.waitForFunction((whole) => {
    const main = document.querySelector('main');
    const grid = document.querySelector<HTMLElement>('ul[aria-label=Certifications]');
    return (
      main !== null &&
      Object.keys(main).some((k) => k.startsWith('__react')) &&
      (!whole || grid === null || grid.dataset.shownFor !== undefined)
    );
  }, wholeGrid);
}

/**
 * A returning visitor's storage, signed in as `auth` when given, as the sign-in dialog leaves it: the first-visit
 * welcome popup would otherwise cover the page under test. With `once`, the tokens are stored only in the tab's
 * first document, so that a later sign-out or refresh in that tab is not undone by the next page load.
 */
export async function seedStorage(
  context: BrowserContext,
  auth: AuthTokens | null = null,
  { once = false }: { once?: boolean } = {},
): Promise<void> {
  await context.addInitScript(
    ({ a, seedOnce }) => {
      // The tab's first, blank document has no storage of its own (reading it throws): nothing to seed there.
      if (location.protocol !== 'http:' && location.protocol !== 'https:') return;
      if (a && !(seedOnce && sessionStorage.getItem('seeded'))) {
        if (seedOnce) sessionStorage.setItem('seeded', 'true');
        localStorage.setItem('accessToken', a.token);
        localStorage.setItem('refreshToken', a.refreshToken);
        localStorage.setItem('user', JSON.stringify(a.user));
      }
      localStorage.setItem('welcomeShown', 'true');
      localStorage.setItem('visited', 'true');
    },
    { a: auth, seedOnce: once },
  );
}
