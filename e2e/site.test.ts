import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { STORAGE_KEYS, WELCOME_POPUP_DELAY_MS, type Stats } from '@certitude/shared';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatStat } from '../apps/web/app/features/site/format-stat.js';
import { checkA11y, describeViolations } from './support/a11y.js';
import { switchTheme } from './support/theme-switch.js';
import { hasChromium, runClockPastPopup } from './support/browser.js';
import { ROOT, startServer, type RunningServer } from './support/server.js';
import { open, startSuite, stopSuite } from './support/suite.js';

const DONATE = 'https://donate.example.org/certitude';
const SCREENSHOTS = join(ROOT, 'test-results', 'screenshots');
const CKA = '/certification/certified-kubernetes-administrator-cka';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  ({ server, browser } = await startSuite({
    env: { SUPPORT_URL: DONATE },
    // A page that records script errors and CSP violations; tests expect none.
    pages: { consoleErrors: true },
  }));
  mkdirSync(SCREENSHOTS, { recursive: true });
});
afterAll(async () => {
  await visitor?.close();
  await stopSuite();
});

/** A returning visitor, so that the welcome popup stays out of the way of what a test looks at. */
const RETURNING = { [STORAGE_KEYS.visited]: 'true', [STORAGE_KEYS.welcomeShown]: 'true' };

interface ContextOptions {
  storage?: Record<string, string>;
  width?: number;
  javaScript?: boolean;
  /** A context of its own, for a test that changes what the browser stores (a dismissed banner). */
  own?: boolean;
}

/**
 * The returning visitor's context at 1280px that tests without options share, each on a page of its own: the
 * app's files then come from the browser's cache instead of a cold one each time.
 */
let visitor: BrowserContext | undefined;

async function newContext(opts: ContextOptions = {}): Promise<BrowserContext> {
  const storage = opts.storage ?? RETURNING;
  return browser.newContext({
    viewport: { width: opts.width ?? 1280, height: 800 },
    javaScriptEnabled: opts.javaScript ?? true,
    storageState: {
      cookies: [],
      origins: [
        { origin: server.url, localStorage: Object.entries(storage).map(([name, value]) => ({ name, value })) },
      ],
    },
  });
}

/** The context a test's page opens in: the shared returning visitor's, unless the options ask for another. */
async function contextFor(opts: ContextOptions = {}): Promise<BrowserContext> {
  const shared = !opts.own && !opts.storage && opts.width === undefined && opts.javaScript === undefined;
  return shared ? (visitor ??= await newContext()) : newContext(opts);
}

/** Closes a test's page, and its context unless tests share it. */
async function done(page: Page) {
  if (page.context() === visitor) await page.close();
  else await page.context().close();
}

const storageItem = (page: Page, key: string) => page.evaluate((k) => localStorage.getItem(k), key);

async function liveStats(): Promise<Stats> {
  const res = await fetch(`${server.url}/api/stats`);
  expect(res.status).toBe(200);
  return (await res.json()) as Stats;
}

describe('About page, as a crawler sees it', () => {
  it('carries title, description, canonical link and social tags with a real share image', async () => {
    const res = await fetch(`${server.url}/about`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('<title>About: Discover the Best Tech Certifications | Certitude</title>');
    const description = html.match(/<meta name="description" content="([^"]+)"/)?.[1];
    expect(description?.length).toBeGreaterThan(50);
    expect(description!.length).toBeLessThanOrEqual(155);
    expect(html).toContain(`<link rel="canonical" href="${server.url}/about"/>`);
    expect(html).toContain('<meta property="og:type" content="website"/>');
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image"/>');
    const image = html.match(/<meta property="og:image" content="([^"]+)"/)?.[1];
    expect(image).toBe(`${server.url}/og-image.png`);
    expect(html).toContain(`<meta name="twitter:image" content="${image}"/>`);

    const png = await fetch(image!);
    expect(png.status).toBe(200);
    expect(png.headers.get('content-type')).toBe('image/png');
    const bytes = Buffer.from(await png.arrayBuffer());
    expect(bytes.subarray(1, 4).toString()).toBe('PNG');
    // IHDR: width and height, big-endian, at bytes 16 and 20.
    expect([bytes.readUInt32BE(16), bytes.readUInt32BE(20)]).toEqual([1200, 630]);
  });
});

describe.skipIf(!hasChromium)('in Chromium', () => {
  describe('About page', () => {
    it('renders its live figures on the server, equal to /api/stats', async () => {
      const stats = await liveStats();
      // Without JavaScript, what is on screen came from the server.
      const { page } = await open('/about', { context: await contextFor({ javaScript: false }) });
      const items = page.getByRole('list', { name: 'Certitude in numbers' }).getByRole('listitem');
      expect(await items.allTextContents()).toEqual([
        `${formatStat(stats.certifications)}Active Certifications`,
        `${formatStat(stats.vendors)}Technology Vendors`,
        `${formatStat(stats.resources)}Learning Resources`,
        `${formatStat(stats.members)}Community Members`,
      ]);
      // The seeded catalogue: a rounded figure such as '120+'.
      expect(stats.certifications).toBeGreaterThanOrEqual(100);
      expect(await items.first().textContent()).toMatch(/^\d{3}\+?Active Certifications$/);
      await done(page);
    });

    it('shows every section, and its call to action leads to the listing', async () => {
      const { page, problems } = await open('/about', { context: await contextFor({ width: 375 }) });
      await page.getByRole('heading', { level: 1, name: 'Discover the Best Tech Certifications' }).waitFor();
      for (const name of [
        'Our Mission',
        'Community Rankings',
        'Curated Resources',
        'Expert Insights',
        'Career Growth',
        'How Certitude Works',
        'Discover Certifications',
        'Community Feedback',
        'Access Resources',
        'Join Our Community',
        'Ready to Advance Your Career?',
      ]) {
        expect(await page.getByRole('heading', { name, exact: true }).count(), name).toBe(1);
      }
      const cta = page.getByRole('link', { name: 'Explore Certifications' });
      const box = await cta.boundingBox();
      expect(box!.width).toBeGreaterThanOrEqual(200);
      await cta.click();
      await page.getByRole('heading', { level: 1, name: 'Top Technology Certifications' }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/');
      expect(problems).toEqual([]);
      await done(page);
    });
  });

  describe('legal pages', () => {
    it.each([
      ['/privacy', 'Privacy Policy'],
      ['/terms', 'Terms of Service'],
      ['/cookies', 'Cookie Policy'],
    ])('%s shows %s, last updated January 1, 2024, with its own title and canonical link', async (path, title) => {
      const { page, problems } = await open(path, { context: await contextFor() });
      await page.getByRole('heading', { level: 1, name: title }).waitFor();
      expect(await page.getByText('Last updated: January 1, 2024').count()).toBe(1);
      expect(await page.title()).toBe(`${title} | Certitude`);
      expect(await page.locator('link[rel=canonical]').getAttribute('href')).toBe(`${server.url}${path}`);
      const sections = await page.getByRole('navigation', { name: 'On this page' }).getByRole('link').count();
      expect(sections).toBeGreaterThanOrEqual(6);
      expect(problems).toEqual([]);
      await done(page);
    });

    it('the cookie policy states the token and cookie lifetimes and what is really stored, and no cookie is set', async () => {
      const { page } = await open('/cookies', { context: await contextFor() });
      const text = (await page.locator('main').innerText()).replace(/\s+/g, ' ');
      expect(text).toContain('Access token: 5 minutes');
      expect(text).toContain('Refresh token: 90 days at most');
      expect(text).toContain('Persistent cookies: up to 1 year');
      expect(text).toContain('Analytics: up to 2 years');
      const table = page.getByRole('table');
      for (const key of Object.values(STORAGE_KEYS)) {
        expect(await table.getByRole('rowheader', { name: key, exact: true }).count(), key).toBe(1);
      }
      // "No cookies in normal browsing": what the page says is what the browser holds.
      await page.goto(`${server.url}/`);
      await page.goto(`${server.url}/about`);
      expect(await page.context().cookies()).toEqual([]);
      await done(page);
    });
  });

  describe('welcome popup', () => {
    /** Opens a page for a first-time visitor with the page's clock stopped, once the popup's timer is set. */
    async function firstVisit(storage: Record<string, string> = {}) {
      const context = await newContext({ storage });
      const page = await context.newPage();
      await page.clock.install();
      await page.clock.pauseAt(Date.now() + 1000);
      const dialogCode: string[] = [];
      page.on('request', (r) => {
        if (/\/assets\/welcome-dialog-[\w-]+\.js$/.test(r.url())) dialogCode.push(r.url());
      });
      // The dialog's code is fetched when the timer is set, not for the first paint.
      const timerSet = page
        .waitForRequest(/\/assets\/welcome-dialog-[\w-]+\.js$/, { timeout: 15_000 })
        .then(() => undefined);
      timerSet.catch(() => undefined);
      await page.goto(`${server.url}/`);
      return { page, timerSet, dialogCode };
    }

    const dialog = (page: Page) => page.getByRole('dialog', { name: 'Welcome to Certitude!' });

    it('appears one second after load for a first-time visitor, who is then marked visited', async () => {
      const { page, timerSet } = await firstVisit();
      await timerSet;
      // The page's clock stands 50 ms short of the second: nothing due yet has been left to run.
      await runClockPastPopup(page, WELCOME_POPUP_DELAY_MS - 50);
      expect(await page.getByRole('dialog').count()).toBe(0);
      expect(await storageItem(page, STORAGE_KEYS.visited)).toBeNull();
      await page.clock.runFor(50);
      await page.clock.resume();
      await dialog(page).waitFor();
      expect(await storageItem(page, STORAGE_KEYS.visited)).not.toBeNull();
      expect(await storageItem(page, STORAGE_KEYS.welcomeShown)).toBeNull();
      await page.context().close();
    });

    it.each([
      ['an access token', STORAGE_KEYS.accessToken],
      ['the popup already shown', STORAGE_KEYS.welcomeShown],
      ['an earlier visit', STORAGE_KEYS.visited],
    ])('stays away with %s', async (_label, key) => {
      const { page, dialogCode } = await firstVisit({ [key]: 'x' });
      await page.waitForLoadState('networkidle');
      await page.clock.runFor(WELCOME_POPUP_DELAY_MS * 3);
      await page.clock.resume();
      await page.getByRole('heading', { level: 1, name: 'Top Technology Certifications' }).waitFor();
      await runClockPastPopup(page, WELCOME_POPUP_DELAY_MS * 2);
      expect(await page.getByRole('dialog').count()).toBe(0);
      expect(dialogCode).toEqual([]);
      await page.context().close();
    });

    it('is a named modal dialog that traps focus, walks through two steps and returns focus on Escape', async () => {
      const { page, timerSet } = await firstVisit();
      await timerSet;
      // The visitor is reading the page with the keyboard when the popup arrives.
      // The navbar's About link: the footer shows once its code has loaded, which this test's stopped clock holds back.
      const about = page.getByRole('navigation').first().getByRole('link', { name: 'About' });
      await about.focus();
      await page.clock.runFor(WELCOME_POPUP_DELAY_MS);
      await page.clock.resume();
      const welcome = dialog(page);
      await welcome.waitFor();
      expect(await welcome.getAttribute('aria-modal')).toBe('true');
      await page.waitForFunction(() => document.activeElement?.closest('[role=dialog]') !== null);
      for (let i = 0; i < 6; i++) {
        await page.keyboard.press('Tab');
        expect(await page.evaluate(() => document.activeElement?.closest('[role=dialog]') !== null)).toBe(true);
      }
      await welcome.getByRole('button', { name: 'Next' }).click();
      const step2 = page.getByRole('dialog', { name: 'Join the community' });
      await step2.getByText('Step 2 of 2').waitFor();
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Join the community');
      expect(await step2.getByRole('button', { name: 'Create Free Account' }).isVisible()).toBe(true);
      expect(await step2.getByRole('button', { name: 'Sign In' }).isVisible()).toBe(true);
      await step2.getByRole('button', { name: 'Previous' }).click();
      await dialog(page).getByRole('button', { name: 'Skip and browse as guest' }).waitFor();

      await page.keyboard.press('Escape');
      await page.getByRole('dialog').waitFor({ state: 'detached' });
      expect(await storageItem(page, STORAGE_KEYS.welcomeShown)).not.toBeNull();
      expect(await about.evaluate((el) => el === document.activeElement)).toBe(true);
      await page.context().close();
    });

    it('Skip and browse as guest closes it for good', async () => {
      const { page, timerSet } = await firstVisit();
      await timerSet;
      await page.clock.runFor(WELCOME_POPUP_DELAY_MS);
      await page.clock.resume();
      await dialog(page).getByRole('button', { name: 'Skip and browse as guest' }).click();
      await page.getByRole('dialog').waitFor({ state: 'detached' });
      expect(await storageItem(page, STORAGE_KEYS.welcomeShown)).not.toBeNull();
      await page.reload();
      await page.getByRole('heading', { level: 1, name: 'Top Technology Certifications' }).waitFor();
      await runClockPastPopup(page, WELCOME_POPUP_DELAY_MS * 2);
      expect(await page.getByRole('dialog').count()).toBe(0);
      await page.context().close();
    });

    it.each([
      ['Create Free Account', /Join Certitude/],
      ['Sign In', /Welcome Back/],
    ])('%s on step 2 closes it and opens the matching sign-in dialog', async (button, title) => {
      const { page, timerSet } = await firstVisit();
      await timerSet;
      await page.clock.runFor(WELCOME_POPUP_DELAY_MS);
      await page.clock.resume();
      await dialog(page).getByRole('button', { name: 'Next' }).click();
      await page.getByRole('dialog', { name: 'Join the community' }).getByRole('button', { name: button }).click();
      await page.getByRole('dialog', { name: title }).waitFor();
      expect(await page.getByRole('dialog', { name: 'Join the community' }).count()).toBe(0);
      expect(await storageItem(page, STORAGE_KEYS.welcomeShown)).not.toBeNull();
      await page.context().close();
    });
  });

  describe('support banner', () => {
    const banner = (page: Page) => page.getByRole('complementary', { name: 'Support' });

    it('links to the donation page and stays dismissed after a reload', async () => {
      const { page, problems } = await open('/', { context: await contextFor({ own: true }) });
      const link = banner(page).getByRole('link', { name: /support Certitude/ });
      expect(await link.getAttribute('href')).toBe(DONATE);
      expect(await link.getAttribute('target')).toBe('_blank');
      await banner(page).getByRole('button', { name: 'Dismiss support banner' }).click();
      await banner(page).waitFor({ state: 'detached' });
      expect(await storageItem(page, STORAGE_KEYS.supportBannerDismissed)).not.toBeNull();

      // Before hydration the server's HTML still holds the banner: the head script must hide it at once.
      await page.reload({ waitUntil: 'domcontentloaded' });
      expect(await page.locator('.support-banner').isVisible()).toBe(false);
      await page.waitForLoadState('networkidle');
      expect(await banner(page).count()).toBe(0);
      expect(problems).toEqual([]);
      await done(page);
    });
  });

  describe('footer', () => {
    it('links to browse, about, privacy, terms and cookies', async () => {
      const { page } = await open('/about', { context: await contextFor() });
      const footer = page.getByRole('contentinfo');
      for (const [name, href] of [
        ['Browse certifications', '/'],
        ['About', '/about'],
        ['Privacy', '/privacy'],
        ['Terms', '/terms'],
        ['Cookies', '/cookies'],
      ]) {
        expect(await footer.getByRole('link', { name, exact: true }).getAttribute('href'), name).toBe(href);
      }
      await footer.getByRole('link', { name: 'Cookies', exact: true }).click();
      await page.getByRole('heading', { level: 1, name: 'Cookie Policy' }).waitFor();
      await done(page);
    });

    it('quick links go home, then scroll to 400px', async () => {
      const { page, problems } = await open('/about', { context: await contextFor() });
      const quickLinks = page.getByRole('navigation', { name: 'Quick links' }).getByRole('link');
      // The footer's code loads after the page's own (root.tsx): wait for it, do not count what is there yet.
      await expect.poll(() => quickLinks.count()).toBeGreaterThanOrEqual(1);
      await quickLinks.first().click();
      await page.waitForURL(`${server.url}/`);
      await page.waitForFunction(() => Math.round(window.scrollY) === 400, undefined, { timeout: 10_000 });
      // Staying there: nothing scrolls it back to the top afterwards. Two frames later every effect of the
      // navigation (the scroll to the top on a path change among them) has run.
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
      expect(Math.round(await page.evaluate(() => window.scrollY))).toBe(400);

      // From the home page itself too.
      await page.evaluate(() => window.scrollTo(0, 0));
      await quickLinks.last().click();
      await page.waitForFunction(() => Math.round(window.scrollY) === 400, undefined, { timeout: 10_000 });
      expect(problems).toEqual([]);
      await done(page);
    });
  });

  describe('at the layout breakpoints', () => {
    const USER = { id: 1, username: 'layoutcheck', email: 'layout@example.com', role: 'USER' };
    const PAGES = [
      ['home', '/'],
      ['detail', CKA],
      ['about', '/about'],
      ['profile', '/profile'],
    ] as const;

    it.each([375, 768, 1280])('home, detail, about and profile fit %ipx without sideways scrolling', async (width) => {
      // The visitor's pages share one context at this width, each on a page of its own, so that the app's files
      // load once; the signed-in member's profile has a context of its own.
      const visitorAtWidth = await newContext({ width, storage: RETURNING });
      for (const [name, path] of PAGES) {
        const signedIn = name === 'profile';
        const context = signedIn
          ? await newContext({
              width,
              storage: {
                ...RETURNING,
                [STORAGE_KEYS.accessToken]: 'layout-token',
                [STORAGE_KEYS.user]: JSON.stringify(USER),
              },
            })
          : visitorAtWidth;
        const page = await context.newPage();
        if (signedIn) {
          // The layout is under test here, not sign-in: the member's calls answer for the stored member.
          const answers: Record<string, unknown> = {
            '/api/user/profile': { ...USER, emailVerified: true, createdAt: '2024-01-01T00:00:00.000Z' },
            '/api/user/certifications': [],
            '/api/user/notification-settings': {
              email: { replies: true, decisions: true, watched: false, expiry: true, digest: false },
            },
            '/api/notifications/unread-count': { count: 0 },
            '/api/user/badges': [],
            '/api/user/rating-privacy': { showOutcome: false },
            '/api/user/first-sign-in': { pending: false, outcome: 'SKIPPED', at: '2024-01-01T00:00:00.000Z' },
          };
          await page.route(
            (url) => url.pathname in answers,
            (route) => route.fulfill({ json: answers[new URL(route.request().url()).pathname] }),
          );
        }
        await page.goto(`${server.url}${path}`);
        await page.getByRole('heading', { level: 1 }).first().waitFor();
        await page.waitForLoadState('networkidle');
        if (signedIn) await page.getByRole('tab', { name: 'Profile Info' }).waitFor();
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow, `${name} at ${width}px is wider than the screen`).toBeLessThanOrEqual(0);
        // Below lg (992px) the navbar collapses behind its toggle.
        expect(await page.getByRole('button', { name: 'Toggle navigation' }).isVisible(), `${name} ${width}`).toBe(
          width < 992,
        );
        // The whole page, except the home page's first screen only: its whole grid is tens of thousands of pixels
        // tall on a phone, and encoding that picture cost seconds a width.
        await page.screenshot({ path: join(SCREENSHOTS, `${name}-${width}.png`), fullPage: name !== 'home' });
        if (signedIn) await context.close();
        else await page.close();
      }
      await visitorAtWidth.close();
    });
  });

  describe('accessibility (axe-core)', () => {
    // The home page's audits, in both themes and as a visitor and a member, are a11y.test.ts's.
    const AXE_PAGES = ['/about', '/privacy', '/terms', '/cookies'].flatMap((path) =>
      (['light', 'dark'] as const).map((theme) => [path, theme] as const),
    );

    /**
     * The page that a light theme's test leaves, once it passed, to the dark theme's test of the same page,
     * which switches it to dark through the theme toggle (support/theme-switch.ts: the theme is the `data-bs-theme`
     * attribute the styles hang on) instead of loading it again. A test that finds no page left for it opens
     * its own, as the light theme's test does.
     */
    let left: { key: string; page: Page; problems: string[] } | null = null;
    async function takeLeft(key: string, theme: 'light' | 'dark') {
      const taken = left;
      left = null;
      if (!taken) return null;
      if (taken.key === key && (await switchTheme(taken.page, theme, { systemPreference: false }))) return taken;
      await taken.page.context().close();
      return null;
    }
    afterAll(async () => {
      await left?.page.context().close();
      left = null;
    });

    it.each(AXE_PAGES)(
      'finds no violation on %s in the %s theme',
      async (path, theme) => {
        const taken = await takeLeft(path, theme);
        const { page, problems } =
          taken ??
          (await open(path, { context: await contextFor({ storage: { ...RETURNING, [STORAGE_KEYS.theme]: theme } }) }));
        if (!taken) {
          await page.getByRole('heading', { level: 1 }).first().waitFor();
          await page.waitForLoadState('networkidle');
        }
        expect(await page.evaluate(() => document.documentElement.getAttribute('data-bs-theme'))).toBe(theme);
        const report = await checkA11y(page);
        expect(report.passes).toBeGreaterThan(10);
        expect(describeViolations(report.violations)).toBe('');
        // axe ran under the page's strict policy, without tripping it (a refused script logs a console error).
        const csp = (await fetch(`${server.url}${path}`)).headers.get('content-security-policy');
        // This answer's nonce, or, for a page the page cache kept, its own inline scripts' hashes (decision 2).
        expect(csp).toMatch(/script-src 'self'( 'nonce-[^']+'| 'sha256-[^']+')+(;|$)/);
        expect(problems).toEqual([]);
        if (theme === 'light') left = { key: path, page, problems };
        else await page.context().close();
      },
      180_000,
    );

    it.each(['light', 'dark'] as const)(
      'finds no violation in the open welcome popup in the %s theme',
      async (theme) => {
        const taken = await takeLeft('welcome popup', theme);
        const page = taken?.page ?? (await (await newContext({ storage: { [STORAGE_KEYS.theme]: theme } })).newPage());
        const welcome = page.getByRole('dialog', { name: 'Welcome to Certitude!' });
        if (!taken) {
          await page.goto(`${server.url}/about`);
          await welcome.waitFor();
          await page.waitForFunction(() => document.querySelector('.modal.show') !== null);
        }
        // A popup left by the light theme's test shows its second step: the steps are checked the other way round.
        for (const step of taken ? [2, 1] : [1, 2]) {
          // checkA11y lets the fade-in and any colour change finish, so colours are measured as they end up.
          const report = await checkA11y(page, { include: '.modal' });
          expect(report.passes).toBeGreaterThan(5);
          expect(describeViolations(report.violations), `step ${step}`).toBe('');
          if (step === 1 && !taken) {
            await welcome.getByRole('button', { name: 'Next' }).click();
            await page.getByText('Step 2 of 2').waitFor();
          } else if (step === 2 && taken) {
            await page.getByRole('dialog').getByRole('button', { name: 'Previous' }).click();
            await welcome.getByText('Step 1 of 2').waitFor();
          }
        }
        if (theme === 'light') left = { key: 'welcome popup', page, problems: [] };
        else await page.context().close();
      },
    );
  });
});

describe.skipIf(!hasChromium)('without SUPPORT_URL', () => {
  let plain: RunningServer;
  beforeAll(async () => {
    plain = await startServer();
  });
  afterAll(async () => {
    expect(await plain?.stop()).toBe(0);
  });

  it('shows no support banner', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${plain.url}/`);
    await page.getByRole('heading', { level: 1, name: 'Top Technology Certifications' }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(await page.getByRole('complementary', { name: 'Support' }).count()).toBe(0);
    expect(await page.getByRole('link', { name: /support Certitude/ }).count()).toBe(0);
    await context.close();
  });
});
