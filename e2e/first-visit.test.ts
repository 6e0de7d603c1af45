import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { STORAGE_KEYS, WELCOME_POPUP_DELAY_MS } from '@certitude/shared';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkA11y, describeViolations, settled } from './support/a11y.js';
import { hasChromium, hydrated, launchBrowser, openPage, runClockPastPopup } from './support/browser.js';
import { e2eDatabase } from './support/members.js';
import { ROOT, startServer, type RunningServer } from './support/server.js';

// A first visit as a newcomer makes it: on a phone, the catalogue within the first screen; and one dialog at
// a time, whatever the visitor does while the welcome popup waits for its second.

const SCREENSHOTS = join(ROOT, 'test-results', 'screenshots');
/** The phone of the issue, and the first screens of a tablet and a desktop. */
const SCREENS = { 375: 667, 768: 1024, 1280: 800 } as const;
const WELCOME = 'Welcome to Certitude!';

let server: RunningServer;
let browser: Browser;
let database: Awaited<ReturnType<typeof e2eDatabase>>;

beforeAll(async () => {
  database = await e2eDatabase('first_visit');
  // With the support banner: the tallest first screen a deployment can have.
  server = await startServer({ SUPPORT_URL: 'https://donate.example.org/certitude', ...database.env });
  if (hasChromium) browser = await launchBrowser();
  mkdirSync(SCREENSHOTS, { recursive: true });
});
afterAll(async () => {
  await browser?.close();
  const code = await server?.stop();
  await database?.drop();
  expect(code, server?.output()).toBe(0);
});

const RETURNING = { [STORAGE_KEYS.visited]: 'true', [STORAGE_KEYS.welcomeShown]: 'true' };

async function newPage(
  width: keyof typeof SCREENS,
  storage: Record<string, string>,
): Promise<{ page: Page; context: BrowserContext; problems: string[] }> {
  const context = await browser.newContext({
    viewport: { width, height: SCREENS[width] },
    storageState: {
      cookies: [],
      origins: [
        { origin: server.url, localStorage: Object.entries(storage).map(([name, value]) => ({ name, value })) },
      ],
    },
  });
  return openPage(browser, server.url, null, { context, consoleErrors: true });
}

const openDialogs = (page: Page) => page.getByRole('dialog');
const vendorRow = (page: Page) => page.getByRole('group', { name: 'Filter by vendor' });
const storageItem = (page: Page, key: string) => page.evaluate((k) => localStorage.getItem(k), key);

/** Whether an element lies wholly within the horizontal extent of its scrolling row. */
async function inRow(chip: Locator): Promise<boolean> {
  return chip.evaluate((el) => {
    const row = el.parentElement!.getBoundingClientRect();
    const box = el.getBoundingClientRect();
    return box.left >= row.left - 0.5 && box.right <= row.right + 0.5;
  });
}

/**
 * A first-time visitor's page with the page's clock stopped: the welcome popup's second runs only when the
 * test says. Resolves once the page is hydrated and the popup's timer is set (its code is fetched then).
 */
async function firstVisit(width: keyof typeof SCREENS, storage: Record<string, string> = {}) {
  const opened = await newPage(width, storage);
  const { page } = opened;
  await page.clock.install();
  await page.clock.pauseAt(Date.now() + 1000);
  const timerSet = page.waitForRequest(/\/assets\/welcome-dialog-[\w-]+\.js$/, { timeout: 15_000 });
  await page.goto(`${server.url}/`);
  await timerSet;
  await hydrated(page, { wholeGrid: false });
  return opened;
}

describe.skipIf(!hasChromium)('first visit in Chromium', () => {
  describe('the catalogue on a phone', () => {
    it('at 375 x 667 the vendor filter takes one line and the first card starts in the first screen', async () => {
      const { page, context, problems } = await newPage(375, RETURNING);
      await page.goto(`${server.url}/`);
      await page.getByRole('complementary', { name: 'Support' }).waitFor();
      const firstCard = page.getByRole('list', { name: 'Certifications' }).getByRole('listitem').first();
      const name = firstCard.getByRole('heading');
      const cardBox = (await firstCard.boundingBox())!;
      const nameBox = (await name.boundingBox())!;
      // Its top, and its name in full, are on screen before any scrolling.
      expect(cardBox.y).toBeGreaterThan(0);
      expect(nameBox.y + nameBox.height).toBeLessThanOrEqual(SCREENS[375]);

      // One line of chips, 'All (n)' and one per vendor with its count, that scrolls sideways by itself.
      const row = vendorRow(page);
      const chips = row.getByRole('button');
      const chipBox = (await chips.first().boundingBox())!;
      const rowBox = (await row.boundingBox())!;
      expect(rowBox.height).toBeLessThan(chipBox.height * 2);
      const vendors = await chips.count();
      expect(vendors).toBeGreaterThan(20);
      expect(await chips.first().textContent()).toMatch(/^All \(\d+\)$/);
      expect(await chips.nth(1).textContent()).toMatch(/^\S.* \(\d+\)$/);
      const last = chips.last();
      expect(await inRow(last)).toBe(false);
      expect(await row.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(
        0,
      );
      expect(problems).toEqual([]);
      await context.close();
    });

    it('keeps the selected vendor in view, by pointer, by keyboard and from the empty state', async () => {
      const { page, context, problems } = await newPage(375, RETURNING);
      await page.goto(`${server.url}/`);
      await hydrated(page);
      const row = vendorRow(page);
      const chips = row.getByRole('button');
      const cards = page.getByRole('list', { name: 'Certifications' }).getByRole('listitem');

      // A chip cut by the screen's edge comes wholly into view when chosen, and filters the list.
      const cut = await chips.evaluateAll((els) => {
        const row = els[0]!.parentElement!.getBoundingClientRect();
        return els.findIndex((el) => {
          const box = el.getBoundingClientRect();
          return box.left < row.right && box.right > row.right;
        });
      });
      expect(cut).toBeGreaterThan(0);
      const chip = chips.nth(cut);
      const [, count] = (await chip.textContent())!.match(/\((\d+)\)$/)!;
      await chip.click({ position: { x: 4, y: 4 } });
      expect(await chip.getAttribute('aria-pressed')).toBe('true');
      await page.waitForFunction(
        (el) => {
          const row = el!.parentElement!.getBoundingClientRect();
          const box = el!.getBoundingClientRect();
          return box.left >= row.left - 0.5 && box.right <= row.right + 0.5;
        },
        await chip.elementHandle(),
      );
      expect(await cards.evaluateAll((els) => els.filter((el) => !(el as HTMLElement).hidden).length)).toBe(
        Number(count),
      );

      // By keyboard: the arrow keys walk the row (one tab stop), the focused chip scrolls into view; Enter chooses it.
      const last = chips.last();
      await chip.focus();
      const vendors = await chips.count();
      for (let i = cut + 1; i < vendors; i++) await page.keyboard.press('ArrowRight');
      expect(await last.evaluate((el) => el === document.activeElement)).toBe(true);
      await page.keyboard.press('Enter');
      expect(await last.getAttribute('aria-pressed')).toBe('true');
      expect(await inRow(last)).toBe(true);
      const all = chips.first();
      expect(await inRow(all)).toBe(false);

      // 'Show all vendors' in the empty state brings 'All' back into view, pressed.
      await page.getByRole('searchbox', { name: 'Search certifications' }).fill('no such certification anywhere');
      await page.getByRole('button', { name: 'Show all vendors' }).click();
      expect(await all.getAttribute('aria-pressed')).toBe('true');
      await page.waitForFunction(() => document.querySelector('[aria-label="Filter by vendor"]')!.scrollLeft === 0);
      expect(await inRow(all)).toBe(true);
      expect(problems).toEqual([]);
      await context.close();
    });

    it('the desktop keeps its vendor buttons in sight, in two rows at most, the others in a menu', async () => {
      const { page, context } = await newPage(1280, RETURNING);
      await page.goto(`${server.url}/`);
      const row = vendorRow(page);
      const chips = row.getByRole('button').filter({ visible: true });
      expect(await row.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
      expect(await inRow(chips.last())).toBe(true);
      const rowBox = (await row.boundingBox())!;
      const chipBox = (await chips.first().boundingBox())!;
      expect(rowBox.height).toBeLessThan(chipBox.height * 2 + 16);
      expect(await row.getByRole('combobox', { name: 'More vendors' }).isVisible()).toBe(true);
      await context.close();
    });

    it.each(['light', 'dark'] as const)(
      'axe finds no violation on the phone home page in the %s theme',
      async (theme) => {
        const { page, context, problems } = await newPage(375, { ...RETURNING, [STORAGE_KEYS.theme]: theme });
        await page.goto(`${server.url}/`);
        await hydrated(page);
        await page.waitForLoadState('networkidle');
        expect(await page.evaluate(() => document.documentElement.getAttribute('data-bs-theme'))).toBe(theme);
        // A chosen vendor far along the row: the pressed style is measured too.
        await vendorRow(page).getByRole('button').nth(10).click();
        const report = await checkA11y(page);
        expect(report.passes).toBeGreaterThan(10);
        expect(describeViolations(report.violations)).toBe('');
        expect(problems).toEqual([]);
        await context.close();
      },
    );
  });

  describe('one dialog at a time', () => {
    it.each([
      ['Sign In', 'Welcome Back'],
      ['Get Started', 'Join Certitude'],
    ])('%s opened 200 ms into a first visit leaves exactly that dialog open 2 s later', async (button, title) => {
      const { page, context, problems } = await firstVisit(1280);
      await page.clock.runFor(200);
      await page.getByRole('navigation').getByRole('button', { name: button }).click();
      await page.clock.resume();
      await page.getByRole('dialog', { name: title }).waitFor();
      await runClockPastPopup(page, WELCOME_POPUP_DELAY_MS * 2);
      expect(await openDialogs(page).count()).toBe(1);
      expect(await page.getByRole('dialog', { name: title }).count()).toBe(1);
      expect(await page.evaluate(() => document.activeElement?.closest('[role=dialog]')?.textContent)).toContain(title);
      // Not shown, so not spent: neither flag is set, and the next page view greets the visitor.
      expect(await storageItem(page, STORAGE_KEYS.visited)).toBeNull();
      expect(await storageItem(page, STORAGE_KEYS.welcomeShown)).toBeNull();
      expect(problems).toEqual([]);
      await context.close();
    });

    it('a visitor who starts typing is not interrupted; the next page view greets them, once', async () => {
      const { page, context } = await firstVisit(375);
      await page.clock.runFor(500);
      await page.getByRole('searchbox', { name: 'Search certifications' }).pressSequentially('aws');
      await runClockPastPopup(page, WELCOME_POPUP_DELAY_MS * 2);
      await page.clock.resume();
      expect(await openDialogs(page).count()).toBe(0);
      expect(await storageItem(page, STORAGE_KEYS.visited)).toBeNull();

      // A client-side navigation is the same page view, which the visitor has used: still no popup.
      await page.getByRole('button', { name: 'Toggle navigation' }).click();
      await page.locator('#main-nav').getByRole('link', { name: 'About' }).click();
      await page.getByRole('heading', { level: 1, name: 'Discover the Best Tech Certifications' }).waitFor();
      await runClockPastPopup(page, WELCOME_POPUP_DELAY_MS * 2);
      expect(await openDialogs(page).count()).toBe(0);

      // The next load of a page is the next page view: the popup comes a second later, untouched.
      await page.reload();
      await page.getByRole('dialog', { name: WELCOME }).waitFor({ timeout: 5000 });
      expect(await storageItem(page, STORAGE_KEYS.visited)).not.toBeNull();
      await page.keyboard.press('Escape');
      await openDialogs(page).waitFor({ state: 'detached' });
      await page.reload();
      await hydrated(page);
      await runClockPastPopup(page, WELCOME_POPUP_DELAY_MS * 2);
      expect(await openDialogs(page).count()).toBe(0);
      await context.close();
    });

    it('the popup still shows one second after load when nothing else happens', async () => {
      const { page, context, problems } = await firstVisit(375);
      // The page's clock stands 50 ms short of the second: nothing due yet has been left to run.
      await runClockPastPopup(page, WELCOME_POPUP_DELAY_MS - 50);
      expect(await openDialogs(page).count()).toBe(0);
      await page.clock.runFor(50);
      await page.clock.resume();
      const welcome = page.getByRole('dialog', { name: WELCOME });
      await welcome.waitFor();
      await page.waitForFunction(() => document.activeElement?.closest('[role=dialog]') !== null);
      expect(await openDialogs(page).count()).toBe(1);
      expect(await storageItem(page, STORAGE_KEYS.visited)).not.toBeNull();
      // It fits the phone's screen: its buttons can be reached without scrolling.
      const next = (await welcome.getByRole('button', { name: 'Next' }).boundingBox())!;
      expect(next.y + next.height).toBeLessThanOrEqual(SCREENS[375]);
      expect(problems).toEqual([]);
      await context.close();
    });
  });

  it.each([375, 768, 1280] as const)(
    'screenshots of the first screen at %ipx: the welcome popup within the screen, then the home page under it',
    async (width) => {
      const { page, context, problems } = await firstVisit(width);
      await page.clock.resume();
      const welcome = page.getByRole('dialog', { name: WELCOME });
      await welcome.waitFor();
      await settled(page);
      // The popup's text and buttons lie within the screen, nothing sideways to scroll to.
      const box = (await welcome.locator('.modal-content').boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(width);
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(
        0,
      );
      await page.screenshot({ path: join(SCREENSHOTS, `first-visit-welcome-${width}.png`) });
      await page.keyboard.press('Escape');
      await openDialogs(page).waitFor({ state: 'detached' });
      // Closed, it leaves the catalogue, its first card on the first screen.
      const firstCard = page.getByRole('list', { name: 'Certifications' }).getByRole('listitem').first();
      expect((await firstCard.boundingBox())!.y).toBeLessThan(SCREENS[width]);
      await page.screenshot({ path: join(SCREENSHOTS, `first-visit-home-${width}.png`) });
      expect(problems).toEqual([]);
      await context.close();
    },
  );
});
