import type { Certification } from '@certitude/shared';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, hydrated } from './support/browser.js';
import type { RunningServer } from './support/server.js';
import { open, startSuite, stopSuite } from './support/suite.js';

/**
 * Decision at a glance (docs/product.md#certification-card, #home-listing): the card's facts and ratings, the whole
 * card opening the certification, the rating sorts saying what they rank, the list kept in the address and restored
 * with its scroll position by Back and "← Back", and the vendor filter's buttons and menu on a desktop and a phone.
 */
const DESKTOP = { width: 1280, height: 700 };
const PHONE = { width: 375, height: 667 };

let server: RunningServer;
let catalogue: Certification[];

beforeAll(async () => {
  ({ server } = await startSuite({
    database: 'glance',
    pages: { contextOptions: { viewport: DESKTOP }, hydrate: true },
  }));
  catalogue = (await (await fetch(`${server.url}/api/certification`)).json()) as Certification[];
});
afterAll(stopSuite);

const grid = (page: Page) => page.getByRole('list', { name: 'Certifications' });
const cardOf = (page: Page, name: string) =>
  grid(page)
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name, exact: true }) });
const searchBox = (page: Page) => page.getByRole('searchbox', { name: 'Search certifications' });
const vendorRow = (page: Page) => page.getByRole('group', { name: 'Filter by vendor' });

/** Waits until the address is the home page with exactly these parameters, in any order. */
const sameList = (params: Record<string, string>) => (url: URL) =>
  url.pathname === '/' && [...url.searchParams].sort().join('&') === [...new URLSearchParams(params)].sort().join('&');
const atList = (page: Page, params: Record<string, string>) => page.waitForURL(sameList(params));

/**
 * Presses Apply and waits for the list of the new address. Its filters replace the pressed ones once its data has
 * come (each entry of the history mounts a list of its own): a choice made on the old form before that is lost, as
 * it would be for a reader, so the next step waits for the old form to go.
 */
async function apply(page: Page, params: Record<string, string>) {
  const button = page.getByRole('button', { name: 'Apply' });
  const pressed = await button.evaluateHandle((b) => (b as HTMLButtonElement).form);
  await button.click();
  await atList(page, params);
  await page.waitForFunction((form) => !form?.isConnected, pressed);
}

/** The vendors of the catalogue's shown list (retired left out), most certifications first. */
function vendorsByCount(): { vendor: string; count: number }[] {
  const counts = new Map<string, number>();
  for (const c of catalogue) if (c.lifecycle !== 'RETIRED') counts.set(c.vendor, (counts.get(c.vendor) ?? 0) + 1);
  return [...counts].map(([vendor, count]) => ({ vendor, count })).sort((a, b) => b.count - a.count);
}

describe.skipIf(!hasChromium)('decision at a glance in Chromium', () => {
  for (const [screen, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    it(`${screen}: a card shows the known facts, Not rated yet and its comments, and opens the certification`, async () => {
      const cert = catalogue.find((c) => c.exam.costUsd !== null && c.lifecycle === 'ACTIVE')!;
      expect(cert, 'a certification with its exam cost known').toBeDefined();
      const { page, problems } = await open(`/?q=${encodeURIComponent(cert.certCode)}`, {
        contextOptions: { viewport },
      });
      const card = cardOf(page, cert.name);
      expect(await card.getByTestId('card-facts').textContent()).toContain(`US$${cert.exam.costUsd} exam`);
      expect(await card.getByTestId('card-means').textContent()).toBe(
        `Not rated yet · ${cert.commentCount} comment${cert.commentCount === 1 ? '' : 's'}`,
      );
      // The spec's two links stay.
      expect(await card.getByRole('link', { name: 'View & Discuss' }).isVisible()).toBe(true);
      // No card is wider than the screen.
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(
        0,
      );
      // A click anywhere on the card, here on its facts, opens the certification. The search may show other cards
      // first (one typo away), so the card is brought on screen as a visitor would scroll to it.
      await card.getByTestId('card-facts').scrollIntoViewIfNeeded();
      const facts = (await card.getByTestId('card-facts').boundingBox())!;
      await page.mouse.click(facts.x + 5, facts.y + facts.height / 2);
      await page.waitForURL(`${server.url}/certification/${cert.slug}`);
      expect(problems).toEqual([]);
    });
  }

  it('a sort by ratings says how many it could rank and that the others follow, marked', async () => {
    const { page } = await open('/?sort=hardest');
    const shown = catalogue.filter((c) => c.lifecycle !== 'RETIRED');
    const rated = shown.filter((c) => c.difficulty !== null).length;
    expect(await page.getByTestId('ranked-note').textContent()).toBe(
      `Hardest ranks ${rated} of ${shown.length} certifications (those with 3 ratings or more); ` +
        `the ${shown.length - rated} others follow, marked Not rated yet.`,
    );
    // The sorts that do not need ratings say nothing of the kind.
    const { page: best } = await open('/');
    expect(await best.getByTestId('ranked-note').count()).toBe(0);
    // A filter on a fact says how many have it known.
    const costKnown = shown.filter((c) => c.exam.costUsd !== null).length;
    expect(await best.getByText(`Cost known for ${costKnown} of ${shown.length}`).isVisible()).toBe(true);
  });

  it('the search and vendor live in the address; Back and "← Back" restore them at the same scroll position', async () => {
    const { vendor } = vendorsByCount()[0]!;
    const query = vendor.toLowerCase();
    const { page, problems } = await open('/', { contextOptions: { viewport: { width: 1280, height: 500 } } });
    await searchBox(page).fill(query);
    await vendorRow(page)
      .getByRole('button', { name: new RegExp(`^${vendor} \\(`) })
      .click();
    await atList(page, { q: query, vendor });
    // Emptied, the search leaves the address: no empty parameter.
    await searchBox(page).fill('');
    await atList(page, { vendor });
    await searchBox(page).fill(query);
    await atList(page, { q: query, vendor });

    // Scrolled to the fifth card, then into a certification, then Back.
    const fifth = grid(page).locator('li:not([hidden])').nth(4);
    await fifth.scrollIntoViewIfNeeded();
    await page.evaluate(() => window.scrollBy(0, 37));
    const y = await page.evaluate(() => window.scrollY);
    expect(y).toBeGreaterThan(100);
    const name = (await fifth.getByRole('heading').textContent())!;
    await fifth.getByRole('link', { name: 'View & Discuss' }).click();
    await page.getByRole('heading', { level: 1, name }).waitFor();
    await page.goBack();
    await page.waitForFunction(
      ({ q, top }) =>
        (document.querySelector('input[type=search][aria-label="Search certifications"]') as HTMLInputElement | null)
          ?.value === q && Math.abs(window.scrollY - top) <= 2,
      { q: query, top: y },
    );
    expect(sameList({ q: query, vendor })(new URL(page.url()))).toBe(true);
    expect(
      await vendorRow(page)
        .getByRole('button', { name: new RegExp(`^${vendor} \\(`) })
        .getAttribute('aria-pressed'),
    ).toBe('true');

    // The certification page's "← Back" returns to the same list, at the same place.
    await fifth.getByRole('link', { name: 'View & Discuss' }).click();
    await page.getByRole('heading', { level: 1, name }).waitFor();
    await hydrated(page);
    await page.getByRole('link', { name: '← Back' }).click();
    await page.waitForFunction(
      ({ q, top }) =>
        (document.querySelector('input[type=search][aria-label="Search certifications"]') as HTMLInputElement | null)
          ?.value === q && Math.abs(window.scrollY - top) <= 2,
      { q: query, top: y },
    );
    expect(sameList({ q: query, vendor })(new URL(page.url()))).toBe(true);

    // Apply keeps the search and the vendor, and writes no empty parameter nor the default sort.
    await apply(page, { q: query, vendor });
    await page.getByLabel('Sort by').selectOption('name');
    await apply(page, { q: query, vendor, sort: 'name' });
    expect(await searchBox(page).inputValue()).toBe(query);
    expect(problems).toEqual([]);
  });

  it('desktop: the most common vendors as buttons in at most two rows, the others in a menu with counts', async () => {
    const { page } = await open('/');
    const row = vendorRow(page);
    const buttons = row.getByRole('button');
    const visible = await buttons.evaluateAll((els) => els.filter((e) => (e as HTMLElement).offsetParent).length);
    expect(visible).toBe(9); // All and the eight most common vendors.
    const buttonHeight = (await buttons.first().boundingBox())!.height;
    expect((await row.boundingBox())!.height).toBeLessThan(buttonHeight * 2 + 16);
    const menu = row.getByRole('combobox', { name: 'More vendors' });
    expect(await menu.isVisible()).toBe(true);
    const others = vendorsByCount().slice(8);
    const last = others.at(-1)!;
    expect(await menu.locator('option').count()).toBe(others.length + 1);
    await menu.selectOption(last.vendor);
    await atList(page, { vendor: last.vendor });
    expect(await page.getByText(`Showing ${last.count} of`).isVisible()).toBe(true);
  });

  it('phone: the one-line vendor filter stays, with every vendor and no menu', async () => {
    const { page } = await open('/', { contextOptions: { viewport: PHONE } });
    const row = vendorRow(page);
    const buttonHeight = (await row.getByRole('button').first().boundingBox())!.height;
    expect((await row.boundingBox())!.height).toBeLessThan(buttonHeight * 2);
    expect(await row.getByRole('combobox', { name: 'More vendors' }).isVisible()).toBe(false);
    expect(await row.getByRole('button').count()).toBe(vendorsByCount().length + 1);
  });
});
