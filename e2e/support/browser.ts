import { existsSync } from 'node:fs';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';
import { AFTER_PAINT_TYPE } from '../../apps/web/app/scripts-after-paint.js';
import chromiumSetup from '../../scripts/chromium.json' with { type: 'json' };
import { assetsOf } from '../../scripts/lib/page-assets.mjs';
import { reactHolds } from '../../scripts/lib/react-holds.mjs';
import { watchContext } from './diagnostics.js';
import type { AuthTokens } from './members.js';

/** The system Chromium: CHROME_PATH, else Debian's (scripts/chromium.json). Nothing is downloaded. */
const CHROME_PATH = process.env.CHROME_PATH ?? chromiumSetup.path;
export const hasChromium = existsSync(CHROME_PATH);

/**
 * Playwright gives every launch a fresh, empty user-data-dir of its own. Every context the browser opens is
 * watched, so that a failed test can tell what its pages did (support/diagnostics.ts), and its pages' navigations
 * wait for the page's scripts (`navigationsWaitForScripts`) unless the context runs no JavaScript.
 */
export async function launchBrowser(): Promise<Browser> {
  const browser = await chromium.launch({
    headless: true,
    executablePath: CHROME_PATH,
    args: [...chromiumSetup.flags, `--disable-features=${chromiumSetup.playwrightDisabledFeatures.join(',')}`],
  });
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (...args) => {
    const context = await newContext(...args);
    watchContext(context);
    if (args[0]?.javaScriptEnabled !== false) {
      context.on('page', navigationsWaitForScripts);
      const newPage = context.newPage.bind(context);
      context.newPage = async () => navigationsWaitForScripts(await newPage());
    }
    return context;
  };
  return browser;
}

const NAVIGATIONS = ['goto', 'reload', 'goBack', 'goForward'] as const;
const waiting = new WeakSet<Page>();

/**
 * A page asks for its scripts once it has painted, which can be after the load event that a navigation waits for
 * (decision 56). So `goto`, `reload`, `goBack` and `goForward` of `page` also wait until React has taken over a page
 * of the app (`hydrated` with `appOnly`: other pages pass at once), as a reader's first click lands on a page that
 * has painted and then loaded its code. A navigation asked to return sooner (`waitUntil: 'commit'` or
 * `'domcontentloaded'`) still does.
 */
function navigationsWaitForScripts(page: Page): Page {
  if (waiting.has(page)) return page;
  waiting.add(page);
  for (const name of NAVIGATIONS) {
    const navigate = page[name].bind(page) as (...args: unknown[]) => ReturnType<Page['reload']>;
    const wrapped = async (...args: unknown[]) => {
      const response = await navigate(...args);
      const options = args.find((a): a is { waitUntil?: string } => typeof a === 'object' && a !== null);
      if (options?.waitUntil !== 'commit' && options?.waitUntil !== 'domcontentloaded')
        await hydrated(page, { wholeGrid: false, appOnly: true });
      return response;
    };
    Object.assign(page, { [name]: wrapped });
  }
  return page;
}

/**
 * The site's own scripts that a page's HTML loads for its first render (scripts/lib/page-assets.mjs, as the
 * page-speed gate reads them), as paths under /assets/.
 */
export function scriptsNamedBy(html: string): string[] {
  return assetsOf(html, 'http://page.invalid/')
    .js.map((address) => new URL(address).pathname)
    .filter((path) => path.startsWith('/assets/'));
}

/**
 * Chromium keeps only the last `--disable-features` of its command line, so the list of scripts/chromium.json
 * stands in for Playwright's own: a Playwright that disables a feature the list lacks would have it switched back
 * on without a word. The run's global setup calls this once: it fails, naming the features to add.
 */
export async function refuseDroppedFeatures(): Promise<void> {
  const browser = await launchBrowser();
  try {
    const page = await browser.newPage();
    await page.goto('chrome://version');
    const args = ((await page.locator('#command_line').textContent()) ?? '').split(/\s+/);
    const flag = '--disable-features=';
    const lists = args.filter((a) => a.startsWith(flag)).map((a) => a.slice(flag.length).split(','));
    const kept = new Set(lists.at(-1));
    const dropped = lists.flat().filter((f) => !kept.has(f));
    if (lists.length === 0) throw new Error('chrome://version showed no --disable-features: the check cannot run');
    if (dropped.length > 0) {
      throw new Error(`add ${dropped.join(', ')} to playwrightDisabledFeatures in scripts/chromium.json`);
    }
  } finally {
    await browser.close();
  }
}

/**
 * React has taken over the server's HTML: a click from now on reaches its handler. On the home page, also every
 * card is in: the grid adds the cards after the first ones while the browser is idle, and names the search it
 * answers (`data-shown-for`) once it holds them all. `wholeGrid: false` leaves that out, for a page whose clock
 * the test has stopped (the idle steps run on that clock).
 */
export async function hydrated(
  page: Page,
  { wholeGrid = true, appOnly = false }: { wholeGrid?: boolean; appOnly?: boolean } = {},
) {
  // One condition, checked again in whatever document the page holds: it holds across a navigation the page
  // makes itself (a sign-out sending the reader home) while it is waited for.
  await page.waitForFunction(reactHolds, { whole: wholeGrid, inert: appOnly ? AFTER_PAINT_TYPE : null });
}

/**
 * A returning visitor's storage, signed in as `auth` when given, as the sign-in dialog leaves it: the first-visit
 * welcome popup and the first sign-in's questions would otherwise cover the page under test (`askFirstSignIn` leaves
 * the questions to the server's answer). With `once`, the tokens are stored only in the tab's
 * first document, so that a later sign-out or refresh in that tab is not undone by the next page load.
 */
async function seedStorage(
  context: BrowserContext,
  auth: AuthTokens | null = null,
  { once = false, askFirstSignIn = false }: { once?: boolean; askFirstSignIn?: boolean } = {},
): Promise<void> {
  await context.addInitScript(
    ({ a, seedOnce, firstSignIn }) => {
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
      // The member has been through the first sign-in's questions in this browser, unless the test asks them.
      if (a && !firstSignIn && !localStorage.getItem('firstSignInAsked')) {
        localStorage.setItem('firstSignInAsked', JSON.stringify([a.user.id]));
      }
    },
    { a: auth, seedOnce: once, firstSignIn: askFirstSignIn },
  );
}

export interface OpenPageOptions {
  /** Signed in as this member, stored as the sign-in dialog stores it; a visitor without. */
  auth?: AuthTokens | null;
  /** The tokens stored in the tab's first document only (seedStorage's `once`): a sign-out or refresh holds. */
  storeOnce?: boolean;
  /** The first sign-in's questions are asked as the server says (otherwise this browser knows them answered). */
  askFirstSignIn?: boolean;
  /** Options of the new context: viewport, colour scheme, storage the browser starts with. */
  contextOptions?: BrowserContextOptions;
  /** Where the new context is put, for the test file to close after its tests. */
  contexts?: BrowserContext[];
  /** A context the caller prepared (its storage too): the page opens in it and nothing is stored. */
  context?: BrowserContext;
  /** Console errors are problems too: all of them, or those the filter keeps (it gets the message's text). */
  consoleErrors?: boolean | ((text: string) => boolean);
  /** Runs on the new page ahead of the first request: routes, listeners, a clock, init scripts. */
  before?: (page: Page) => Promise<unknown>;
  /** Waits for React to take over the page after it loaded (`hydrated`). */
  hydrate?: boolean;
}

/**
 * A page opened by a visitor or, with `auth`, by a member signed in as the sign-in dialog leaves the browser. Page
 * errors (and console errors, when asked) are put into `problems`, which tests expect to stay empty. With `path`
 * null, the page is left blank for the test to navigate.
 */
export async function openPage(
  browser: Browser,
  baseUrl: string,
  path: string | null,
  options: OpenPageOptions = {},
): Promise<{ page: Page; context: BrowserContext; problems: string[] }> {
  const {
    auth = null,
    storeOnce = false,
    askFirstSignIn = false,
    consoleErrors = false,
    before,
    hydrate = false,
  } = options;
  let context = options.context;
  if (!context) {
    context = await browser.newContext(options.contextOptions);
    options.contexts?.push(context);
    await seedStorage(context, auth, { once: storeOnce, askFirstSignIn });
  }
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  if (consoleErrors) {
    const keep = consoleErrors === true ? () => true : consoleErrors;
    page.on('console', (m) => {
      if (m.type() === 'error' && keep(m.text())) problems.push(`console: ${m.text()}`);
    });
  }
  await before?.(page);
  if (path !== null) {
    await page.goto(`${baseUrl}${path}`);
    if (hydrate) await hydrated(page);
  }
  return { page, context, problems };
}

/**
 * Runs the page's clock (Playwright's, installed by the test) `ms` on, once the page's code has all arrived: the
 * welcome popup's timer, if set, fires within the run, its code is already in, and its decision (shown or not) is
 * in the page when this returns. So a test that expects no popup cannot pass only because a slow machine had not
 * got to it yet, as a real-time wait could.
 */
export async function runClockPastPopup(page: Page, ms: number): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.clock.runFor(ms);
}
