import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import {
  formatDay,
  MY_RATING_TEXT,
  PATHS_TEXT,
  STORAGE_KEYS,
  TRACKER_CHOICE_TEXT,
  type Certification,
  type PathMap,
  type Theme,
} from '@certitude/shared';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkA11y, describeViolations } from './support/a11y.js';
import { hasChromium, openPage } from './support/browser.js';
import { signInByApi } from './support/members.js';
import { ROOT, type RunningServer } from './support/server.js';
import { startSuite, stopSuite } from './support/suite.js';

/**
 * Choosing at a glance (docs/product.md#paths-pages, #certification-page, #home-listing): a domain's overview above its
 * map and the map's first screen, Paths in the navbar, the one-click tracker choice and the member's own rating on a
 * certification page, and the filters that say how many certifications have their fact known. Screenshots of the
 * overview, the map's first screen and the tracker's buttons in both themes go to docs/screenshots/ for review.
 */
const SCREENSHOTS = join(ROOT, 'docs', 'screenshots');
const PASSWORD = 'Glance-e2e-pass-1';
const MEMBER = 'gina_g';
const DOMAIN = 'security';
const CERT = 'comptia-security-plus';
const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 375, height: 740 };

let server: RunningServer;
let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  mkdirSync(SCREENSHOTS, { recursive: true });
  ({ server, browser } = await startSuite({
    database: 'glance_choose',
    members: { [MEMBER]: 'USER' },
    password: PASSWORD,
    contexts,
  }));
});

afterAll(stopSuite);

async function open(path: string, opts: { member?: boolean; theme?: Theme; viewport?: typeof DESKTOP } = {}) {
  const theme = opts.theme ?? 'light';
  return openPage(browser, server.url, path, {
    auth: opts.member ? await signInByApi(server.url, MEMBER, PASSWORD) : null,
    contextOptions: {
      viewport: opts.viewport ?? DESKTOP,
      reducedMotion: 'reduce',
      colorScheme: theme,
      storageState: {
        cookies: [],
        origins: [{ origin: server.url, localStorage: [{ name: STORAGE_KEYS.theme, value: theme }] }],
      },
    },
    contexts,
    hydrate: true,
  });
}

async function getJson<T>(path: string, token?: string): Promise<T> {
  const res = await fetch(`${server.url}${path}`, token ? { headers: { authorization: `Bearer ${token}` } } : {});
  expect(res.status, path).toBe(200);
  return (await res.json()) as T;
}

const noSideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth).then((d) => expect(d).toBe(0));

describe.skipIf(!hasChromium)('choosing at a glance in Chromium', () => {
  for (const theme of ['light', 'dark'] as const) {
    it(`${theme}: a domain's overview shows every certification as a chip by sub-area and level above the map`, async () => {
      const map = await getJson<PathMap>(`/api/paths/${DOMAIN}`);
      const { page, problems } = await open(`/paths/${DOMAIN}`, { theme });
      const overview = page.getByTestId('path-overview');
      const chips = overview.locator('a.path-chip');
      expect(await chips.count()).toBe(map.nodes.length);
      // Foundational is the first row; '{Domain} only' the first column.
      expect(await overview.locator('.path-ov-level-name').first().textContent()).toBe('Foundational');
      expect(await overview.getByRole('heading', { level: 3 }).first().textContent()).toBe(
        PATHS_TEXT.overviewOnly('Security'),
      );
      // Readable without zooming: text at 13 px, the whole overview within the screen's width and one screen high.
      expect(await chips.first().evaluate((el) => parseFloat(getComputedStyle(el).fontSize))).toBeGreaterThanOrEqual(
        12,
      );
      const grid = (await page.locator('.path-overview').boundingBox())!;
      expect(grid.width).toBeLessThanOrEqual(DESKTOP.width);
      expect(await page.locator('.path-overview').evaluate((el) => el.scrollWidth - el.clientWidth)).toBe(0);
      expect(grid.height).toBeLessThanOrEqual(DESKTOP.height);
      // Chips in their vendor's colour: more than one colour on the left borders.
      const colours = new Set(await chips.evaluateAll((els) => els.map((el) => getComputedStyle(el).borderLeftColor)));
      expect(colours.size).toBeGreaterThan(3);
      await overview.screenshot({ path: join(SCREENSHOTS, `paths-overview-${theme}-1280.png`) });

      // The map's first screen: its top holds linked certifications with their edges.
      const frame = page.getByTestId('path-map');
      await frame.evaluate((el) => el.scrollIntoView({ block: 'start' }));
      const box = (await frame.boundingBox())!;
      const inFrame = (b: { x: number; y: number; width: number; height: number } | null) =>
        b !== null &&
        b.x < box.x + box.width &&
        b.y < box.y + box.height &&
        b.x + b.width > box.x &&
        b.y + b.height > box.y;
      const edges = await page.locator('.path-edge').all();
      let shown = 0;
      for (const e of edges) if (inFrame(await e.boundingBox())) shown++;
      expect(shown, 'edges on the map’s first screen').toBeGreaterThanOrEqual(2);
      // In every column that has linked certifications, the top box is one of them.
      const linked = new Set(map.edges.flatMap((e) => [e.from, e.to]));
      const columns = await page.evaluate(() => {
        const byX = new Map<number, { id: number; y: number }[]>();
        for (const a of Array.from(document.querySelectorAll<SVGAElement>('a.path-node'))) {
          const r = a.querySelector('rect')!;
          const x = Number(r.getAttribute('x'));
          byX.set(x, [...(byX.get(x) ?? []), { id: Number(a.dataset.id), y: Number(r.getAttribute('y')) }]);
        }
        return [...byX.values()].map((nodes) => nodes.sort((a, b) => a.y - b.y).map((n) => n.id));
      });
      const withLinks = columns.filter((ids) => ids.some((id) => linked.has(id)));
      expect(withLinks.length).toBeGreaterThan(0);
      for (const ids of withLinks) expect(linked.has(ids[0]!), 'the top of a column with links').toBe(true);
      await page
        .locator('.path-map-wrap')
        .screenshot({ path: join(SCREENSHOTS, `paths-map-first-screen-${theme}.png`) });

      // Paths in the navbar, as the current page.
      const navPaths = page.locator('#main-nav').getByRole('link', { name: 'Paths' });
      expect(await navPaths.getAttribute('aria-current')).toBe('page');
      const report = await checkA11y(page);
      expect(report.violations, describeViolations(report.violations)).toEqual([]);
      expect(problems).toEqual([]);
    });
  }

  it('phone: the overview stacks its sub-areas, each with its levels, nothing sideways', async () => {
    const { page, problems } = await open(`/paths/${DOMAIN}`, { viewport: PHONE });
    const overview = page.getByTestId('path-overview');
    await noSideways(page);
    const first = overview.locator('.path-ov-area').first();
    const second = overview.locator('.path-ov-area').nth(1);
    expect((await second.boundingBox())!.y).toBeGreaterThan((await first.boundingBox())!.y);
    // Each cell names its level on a phone.
    expect(await first.locator('.path-ov-cell-level').first().isVisible()).toBe(true);
    await page.screenshot({ path: join(SCREENSHOTS, 'paths-overview-light-375.png') });
    expect(problems).toEqual([]);
  });

  for (const theme of ['light', 'dark'] as const) {
    it(`${theme}: on a certification page a member chooses I hold / I'm studying / I plan this in one click`, async () => {
      const auth = await signInByApi(server.url, MEMBER, PASSWORD);
      const cert = await getJson<Certification>(`/api/certification/${CERT}`);
      // From a clean list.
      await fetch(`${server.url}/api/user/certifications/${cert.id}`, {
        method: 'DELETE',
        headers: { authorization: `Bearer ${auth.token}` },
      });
      const { page, problems } = await open(`/certification/${CERT}`, { member: true, theme });
      const group = page.getByRole('group', { name: TRACKER_CHOICE_TEXT.group });
      const status = page.getByTestId('tracker-choice-status');
      const studying = group.getByRole('button', { name: TRACKER_CHOICE_TEXT.STUDYING });
      await expect.poll(() => status.textContent()).toBe(TRACKER_CHOICE_TEXT.none);
      await studying.click();
      await expect.poll(() => studying.getAttribute('aria-pressed')).toBe('true');
      expect(await status.textContent()).toBe(TRACKER_CHOICE_TEXT.chosenStudying);
      const listed = async () =>
        (
          await getJson<{ certification: { id: number }; status: string; earnedOn: string | null }[]>(
            '/api/user/certifications',
            auth.token,
          )
        ).find((e) => e.certification.id === cert.id);
      expect((await listed())?.status).toBe('STUDYING');
      await page.getByTestId('tracker-choice').screenshot({ path: join(SCREENSHOTS, `tracker-choice-${theme}.png`) });
      const report = await checkA11y(page, { include: '[data-testid="tracker-choice"]' });
      expect(report.violations, describeViolations(report.violations)).toEqual([]);

      // Held: earned today until the member sets the date; a reload shows the same choice.
      await group.getByRole('button', { name: TRACKER_CHOICE_TEXT.HELD }).click();
      const today = new Date().toISOString().slice(0, 10);
      await expect.poll(() => status.textContent()).toBe(TRACKER_CHOICE_TEXT.chosenHeld(formatDay(today)));
      expect(await listed()).toMatchObject({ status: 'HELD', earnedOn: today });
      await page.reload();
      const held = page.getByRole('group', { name: TRACKER_CHOICE_TEXT.group }).getByRole('button', {
        name: TRACKER_CHOICE_TEXT.HELD,
      });
      await expect.poll(() => held.getAttribute('aria-pressed')).toBe('true');
      // Pressed again, it is taken out of the list.
      await held.click();
      await expect.poll(() => page.getByTestId('tracker-choice-status').textContent()).toBe(TRACKER_CHOICE_TEXT.none);
      expect(await listed()).toBeUndefined();
      expect(problems).toEqual([]);
    });
  }

  it('a visitor sees the same buttons, which ask to sign in; on a phone nothing goes sideways', async () => {
    const { page, problems } = await open(`/certification/${CERT}`, { viewport: PHONE });
    expect(await page.getByTestId('tracker-choice-status').textContent()).toBe(TRACKER_CHOICE_TEXT.visitor);
    await noSideways(page);
    await page
      .getByRole('group', { name: TRACKER_CHOICE_TEXT.group })
      .getByRole('button', { name: TRACKER_CHOICE_TEXT.PLANNED })
      .click();
    await page.getByRole('dialog', { name: 'Welcome Back' }).waitFor();
    expect(problems).toEqual([]);
  });

  it('the rating button says the member rated and shows their scores while the public means are hidden', async () => {
    const auth = await signInByApi(server.url, MEMBER, PASSWORD);
    const res = await fetch(`${server.url}/api/certification/${CERT}/rating`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${auth.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ difficulty: 4, value: 3, recognition: 5 }),
    });
    expect(res.status, await res.text()).toBe(200);
    const { page, problems } = await open(`/certification/${CERT}`, { member: true });
    // One rating: below the 3 the means need.
    expect(await page.getByTestId('ratings-not-enough').isVisible()).toBe(true);
    const own = page.getByTestId('own-rating');
    await own.waitFor();
    expect(await own.textContent()).toContain(MY_RATING_TEXT.scores(4, 3, 5));
    expect(await own.getByRole('button', { name: MY_RATING_TEXT.change }).isVisible()).toBe(true);
    // Most rated ranks it first; the others follow, marked.
    const { page: list } = await open('/?sort=rated');
    const cards = list.getByRole('list', { name: 'Certifications' }).getByRole('listitem');
    expect(await cards.first().getByRole('heading').first().textContent()).toBe('CompTIA Security+');
    expect(await cards.nth(1).getByTestId('card-means').textContent()).toMatch(/^Not rated yet/);
    expect(await list.getByTestId('ranked-note').textContent()).toMatch(/^Most rated ranks 1 of \d+ certifications/);
    expect(problems).toEqual([]);
  });

  it('a filter on a fact says how many certifications have it known', async () => {
    const shown = (await getJson<Certification[]>('/api/certification')).filter((c) => c.lifecycle !== 'RETIRED');
    const costKnown = shown.filter((c) => c.exam.costUsd !== null).length;
    const levelKnown = shown.filter((c) => c.level !== null).length;
    const { page, problems } = await open('/?maxCostUsd=400&level=ASSOCIATE', { viewport: PHONE });
    const note = await page.getByTestId('known-note').textContent();
    expect(note).toContain(`Exam cost known for ${costKnown} of ${shown.length} certifications`);
    expect(note).toContain(`Level known for ${levelKnown} of ${shown.length} certifications`);
    expect(await page.getByTestId('known-note').isVisible()).toBe(true);
    expect(problems).toEqual([]);
  });
});
