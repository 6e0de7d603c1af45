import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatStat } from '../apps/web/app/features/site/format-stat.js';
import { hasChromium, openPage } from './support/browser.js';
import { signInByApi } from './support/members.js';
import { type RunningServer } from './support/server.js';
import { startSuite, stopSuite } from './support/suite.js';

/**
 * Friction a new member meets: the bell beside a phone's menu button and its preview on a wide screen, the keyboard
 * from the top of the home page to the first result and around the rating form, a visible focus ring on text
 * fields in both themes, and figures and dates that agree from page to page.
 */
const PASSWORD = 'Friction-e2e-1';
const CKA = 'certified-kubernetes-administrator-cka';
const PHONE = { width: 375, height: 800 };
const DESKTOP = { width: 1280, height: 900 };

let server: RunningServer;
let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  ({ server, browser } = await startSuite({
    database: 'friction',
    members: { fr_ann: 'USER', fr_ben: 'USER', fr_cat: 'USER' },
    password: PASSWORD,
    contexts,
  }));
});

afterAll(stopSuite);

async function api(path: string, token: string | null, init: { method?: string; body?: unknown } = {}) {
  const res = await fetch(`${server.url}${path}`, {
    method: init.method ?? 'GET',
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), 'content-type': 'application/json' },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined };
}

interface Visit {
  username?: string;
  viewport?: { width: number; height: number };
  theme?: 'light' | 'dark';
}

async function open(path: string, { username, viewport = DESKTOP, theme = 'light' }: Visit = {}) {
  return openPage(browser, server.url, path, {
    auth: username ? await signInByApi(server.url, username, PASSWORD) : null,
    contexts,
    contextOptions: { colorScheme: theme, viewport },
    hydrate: true,
  });
}

/** The focused element: its tag, its name (aria-label, else its text) and where it is. */
function focused(page: Page) {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    return {
      tag: el?.tagName ?? '',
      name: (el?.getAttribute('aria-label') ?? el?.textContent ?? '').trim(),
      inFirstResult: !!el && document.querySelector('#results > li article')?.contains(el) === true,
      inRatingForm: !!el?.closest('form[aria-label="Your rating"]'),
      vendorButton: !!el?.closest('[aria-label="Filter by vendor"]') && el?.tagName === 'BUTTON',
    };
  });
}

/** Tab presses from the top of the page until the focus is in the first result (at most `limit`). */
async function tabsToFirstResult(page: Page, limit: number): Promise<number> {
  for (let presses = 1; presses <= limit; presses++) {
    await page.keyboard.press('Tab');
    if ((await focused(page)).inFirstResult) return presses;
  }
  return Infinity;
}

/** WCAG's contrast ratio of two `rgb()`/`rgba()` colours (the second opaque). */
function contrast(a: string, b: string): number {
  const channels = (c: string) =>
    c
      .match(/[\d.]+/g)!
      .slice(0, 3)
      .map(Number);
  const luminance = (c: number[]) =>
    c
      .map((v) => v / 255)
      .map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4))
      .reduce((sum, v, i) => sum + v * [0.2126, 0.7152, 0.0722][i]!, 0);
  const [l1, l2] = [luminance(channels(a)), luminance(channels(b))].sort((x, y) => y - x);
  return (l1! + 0.05) / (l2! + 0.05);
}

describe.skipIf(!hasChromium)('friction, in Chromium', () => {
  for (const [screen, viewport] of [
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const) {
    it(`the keyboard reaches the first result in 3 Tab presses through "Skip to results" (${screen})`, async () => {
      const { page, problems } = await open('/', { viewport });
      await page.keyboard.press('Tab');
      expect((await focused(page)).name).toBe('Skip to main content');
      await page.keyboard.press('Tab');
      expect((await focused(page)).name).toBe('Skip to results');
      await page.keyboard.press('Enter');
      await page.keyboard.press('Tab');
      const first = await focused(page);
      expect(first.inFirstResult).toBe(true);
      // A visitor's vote buttons are out of the way: the first stop is the result's link.
      expect(first).toMatchObject({ tag: 'A', name: 'View & Discuss' });

      // Without the skip link, the vendor buttons are one stop and the way is still short (was 31 on a desktop, 73 on a
      // phone; 24 on a desktop with the navbar's Paths and the home page's Compare).
      await page.goto(`${server.url}/`);
      await page.waitForFunction(() => document.querySelector<HTMLElement>('#results')?.dataset.shownFor !== undefined);
      expect(await tabsToFirstResult(page, 40)).toBeLessThanOrEqual(screen === 'phone' ? 15 : 24);
      expect(problems).toEqual([]);
    });
  }

  it('the vendor buttons are one tab stop that the arrow keys walk along (phone)', async () => {
    const { page } = await open('/', { viewport: PHONE });
    await page.getByRole('searchbox', { name: 'Search certifications' }).focus();
    await page.keyboard.press('Tab');
    const all = await focused(page);
    expect(all).toMatchObject({ vendorButton: true });
    expect(all.name).toMatch(/^All \(\d+\)$/);
    await page.keyboard.press('ArrowRight');
    const second = await focused(page);
    expect(second.vendorButton).toBe(true);
    expect(second.name).not.toBe(all.name);
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: second.name, pressed: true }).waitFor();
    // The next Tab leaves the row; coming back lands on the chosen vendor.
    await page.keyboard.press('Tab');
    expect((await focused(page)).vendorButton).toBe(false);
    await page.keyboard.press('Shift+Tab');
    expect(await focused(page)).toMatchObject({ vendorButton: true, name: second.name });
  });

  it('the rating form takes the focus when opened and gives it back to its button on Cancel and after saving', async () => {
    const { page, problems } = await open(`/certification/${CKA}`, { username: 'fr_cat' });
    const rate = page.getByRole('button', { name: 'Rate this certification' });
    await rate.focus();
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => !!document.activeElement?.closest('form[aria-label="Your rating"]'));
    await page.getByRole('button', { name: 'Cancel' }).focus();
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => document.activeElement?.textContent === 'Rate this certification');

    await page.keyboard.press('Enter');
    const form = page.getByRole('form', { name: 'Your rating' });
    await form.waitFor();
    expect((await focused(page)).inRatingForm).toBe(true);
    for (const group of await form.locator('fieldset').all()) await group.getByText('4', { exact: true }).click();
    await form.getByRole('button', { name: 'Save my rating' }).focus();
    await page.keyboard.press('Enter');
    await form.waitFor({ state: 'detached' });
    // The same button, now saying the member rated it (the rating arrives after the form closed).
    await page.waitForFunction(
      () =>
        document.activeElement?.closest('[data-testid="own-rating"]') && document.activeElement.tagName === 'BUTTON',
    );
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('✓ You rated it · Change');
    expect(problems).toEqual([]);
  });

  for (const theme of ['light', 'dark'] as const) {
    it(`text fields show a focus ring of 3:1 or more against the page (${theme} theme)`, async () => {
      const { page } = await open('/', { theme });
      for (const name of ['Search certifications', 'Search the catalogue']) {
        await page.getByRole('searchbox', { name }).focus();
        const ring = await page.evaluate(() => {
          const el = document.activeElement as HTMLElement;
          const css = getComputedStyle(el);
          // The colour behind the field: its nearest ancestor with an opaque background.
          let behind = el.parentElement;
          while (
            behind &&
            getComputedStyle(behind)
              .backgroundColor.replace(/\s/g, '')
              .match(/rgba\(.*,0\)|transparent/)
          )
            behind = behind.parentElement;
          return {
            style: css.outlineStyle,
            width: parseFloat(css.outlineWidth),
            color: css.outlineColor,
            background: getComputedStyle(behind ?? document.body).backgroundColor,
          };
        });
        expect(ring.style, name).toBe('solid');
        expect(ring.width, name).toBeGreaterThanOrEqual(2);
        expect(
          contrast(ring.color, ring.background),
          `${name}: ${ring.color} on ${ring.background}`,
        ).toBeGreaterThanOrEqual(3);
      }
    });
  }

  describe('the notifications bell', () => {
    /** fr_ann's comment and fr_ben's reply to it: one unread notification for fr_ann. */
    let replied: Promise<void> | null = null;
    const replyToAnn = () =>
      (replied ??= (async () => {
        const ann = await signInByApi(server.url, 'fr_ann', PASSWORD);
        const ben = await signInByApi(server.url, 'fr_ben', PASSWORD);
        const cert = (await api(`/api/certification/${CKA}`, null)).body;
        const posted = await api(`/api/certification/${cert.id}/comments`, ann.token, {
          method: 'POST',
          body: { content: 'Did the exam environment feel slow to anyone else?' },
        });
        expect(posted.status).toBe(201);
        const reply = await api(`/api/certification/${cert.id}/comments`, ben.token, {
          method: 'POST',
          body: { content: 'A little, on the first two tasks.', parentCommentId: posted.body.id },
        });
        expect(reply.status).toBe(201);
      })());

    it('shows on a phone beside the menu button with its count, the menu folded', async () => {
      await replyToAnn();
      const { page, problems } = await open('/', { username: 'fr_ann', viewport: PHONE });
      const bell = page.getByRole('link', { name: 'Notifications, 1 unread' });
      await bell.waitFor();
      expect(await page.locator('#main-nav').isVisible()).toBe(false);
      const toggler = (await page.getByRole('button', { name: 'Toggle navigation' }).boundingBox())!;
      const box = (await bell.boundingBox())!;
      // On the toggler's row, just left of it, inside the screen.
      expect(box.y + box.height).toBeGreaterThan(toggler.y);
      expect(box.y).toBeLessThan(toggler.y + toggler.height);
      expect(box.x + box.width).toBeLessThanOrEqual(toggler.x);
      expect(box.x).toBeGreaterThan(0);
      expect(await bell.getByTestId('unread-badge').textContent()).toBe('1');
      await bell.click();
      await page.waitForURL(`${server.url}/notifications`);
      expect(problems).toEqual([]);
    });

    it('opens a preview of the latest notifications on a wide screen, loaded when opened, linking to the page', async () => {
      await replyToAnn();
      const asked: string[] = [];
      const { page, problems } = await open('/', { username: 'fr_ann' });
      page.on('request', (r) => {
        if (new URL(r.url()).pathname === '/api/notifications') asked.push(r.url());
      });
      const bell = page.getByRole('button', { name: 'Notifications, 1 unread' });
      await bell.waitFor();
      expect(await bell.getAttribute('aria-expanded')).toBe('false');
      expect(asked).toEqual([]);
      await bell.click();
      const preview = page.getByRole('region', { name: 'Latest notifications' });
      await preview.getByRole('link', { name: /fr_ben replied/ }).waitFor();
      expect(asked).toHaveLength(1);
      expect(await bell.getAttribute('aria-expanded')).toBe('true');
      expect(await preview.getByRole('link', { name: 'See all notifications' }).getAttribute('href')).toBe(
        '/notifications',
      );
      // Escape closes it and the focus is back on the bell.
      await page.keyboard.press('Escape');
      await preview.waitFor({ state: 'detached' });
      expect((await focused(page)).name).toBe('Notifications, 1 unread');
      await bell.click();
      await preview.getByRole('link', { name: 'See all notifications' }).click();
      await page.waitForURL(`${server.url}/notifications`);
      await preview.waitFor({ state: 'detached' });
      expect(problems).toEqual([]);
    });
  });

  it('the About page counts the certifications and vendors the home page lists, and says they are active', async () => {
    const { page } = await open('/', { viewport: PHONE });
    const row = page.getByRole('group', { name: 'Filter by vendor' });
    const all = Number(/\((\d+)\)/.exec((await row.getByRole('button').first().textContent())!)![1]);
    const vendors = (await row.getByRole('button').count()) - 1;
    const stats = (await api('/api/stats', null)).body;
    expect([stats.certifications, stats.vendors]).toEqual([all, vendors]);
    await page.goto(`${server.url}/about`);
    const figures = page.getByRole('list', { name: 'Certitude in numbers' });
    expect(await figures.getByRole('listitem').allTextContents()).toEqual(
      expect.arrayContaining([`${formatStat(all)}Active Certifications`, `${formatStat(vendors)}Technology Vendors`]),
    );
  });

  it('the open data page cites its dump by a day written as everywhere else', async () => {
    const { page } = await open('/data');
    const cite = (await page.locator('blockquote').textContent()) ?? '';
    expect(cite).toMatch(/dump of \d{1,2} [A-Z][a-z]{2} \d{4}\./);
    expect(cite).not.toMatch(/\d{4}-\d{2}-\d{2}/);
  });
});
