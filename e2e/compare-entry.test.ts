/*
 * The way to the comparison in Chromium: the home page's Compare (on a phone and a desktop), the page that picks
 * certifications by search, the tray kept off the comparison itself, its chips readable in both themes, the
 * community score explained, and a count never marked best.
 */

import type { BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkA11y } from './support/a11y.js';
import { hasChromium, hydrated } from './support/browser.js';
import { switchTheme } from './support/theme-switch.js';
import { open, startSuite, stopSuite } from './support/suite.js';

const PHONE = { width: 375, height: 740 };
const DESKTOP = { width: 1280, height: 800 };

const contexts: BrowserContext[] = [];

beforeAll(async () => {
  await startSuite({ database: 'compare', contexts });
});
afterAll(stopSuite);

/** WCAG's contrast ratio of two colours given as 'rgb(r, g, b)'. */
function contrast(a: string, b: string): number {
  const lum = (c: string) => {
    const [r, g, bl] = (c.match(/[\d.]+/g) ?? []).slice(0, 3).map((v) => {
      const s = Number(v) / 255;
      return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * bl!;
  };
  const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

describe.skipIf(!hasChromium)('the way to the comparison', () => {
  for (const [device, viewport] of [
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const) {
    it(`on a ${device}, the home page's Compare leads to a page that picks by search and compares`, async () => {
      const { page, problems } = await open('/', { contextOptions: { viewport } });
      await hydrated(page);
      const entry = page.getByRole('link', { name: 'Compare certifications' });
      // Where people look: in the first screen, beside the title.
      const box = (await entry.boundingBox())!;
      expect(box.y + box.height).toBeLessThanOrEqual(viewport.height);
      expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
      await entry.click();
      await page.waitForURL('**/compare');
      await page.getByRole('heading', { level: 1, name: 'Compare certifications' }).waitFor();
      await page.getByText('Nothing picked yet.').waitFor();

      const search = page.getByRole('combobox', { name: 'Add a certification to compare' });
      const picked = page.getByRole('list', { name: 'Picked to compare' });
      for (const [typed, name] of [
        ['CompTIA Security+', 'CompTIA Security+'],
        ['CCNA', 'Cisco Certified Network Associate (CCNA)'],
      ] as const) {
        await search.focus();
        await page.keyboard.type(typed);
        const option = page.getByRole('option', { name: new RegExp(`^${name.replace(/[+()]/g, '\\$&')} \\(`) });
        await option.waitFor();
        await option.click();
        await picked.getByRole('link', { name }).waitFor();
      }
      await page.getByRole('link', { name: 'Compare now' }).click();
      await page.waitForURL(/\/compare\?c=comptia-security-plus,cisco-certified-network-associate-ccna$/);
      await page.locator('.compare-table').waitFor();
      // The tray holds both, yet does not cover the comparison.
      expect(await page.evaluate(() => JSON.parse(localStorage.getItem('compareTray') ?? '[]').length)).toBe(2);
      expect(await page.getByRole('complementary', { name: 'Comparison tray' }).count()).toBe(0);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      expect(problems).toEqual([]);
    });
  }

  it('explains the community score, and never marks a count of ratings best', async () => {
    const { page, problems } = await open('/compare?c=comptia-security-plus,comptia-a-plus', {
      contextOptions: { viewport: DESKTOP },
    });
    await hydrated(page);
    const score = page.getByRole('row', { name: /^Community score/ });
    const hint = score.getByRole('rowheader');
    expect(await hint.textContent()).toContain('95% confidence');
    const cell = score.getByRole('cell').first();
    const describedBy = (await cell.getAttribute('aria-describedby'))!;
    expect(await page.locator(`#${describedBy}`).textContent()).toContain('share of up votes');
    const ratings = page.getByRole('row', { name: /^Ratings/ });
    expect(await ratings.locator('.compare-best').count()).toBe(0);
    expect(await ratings.getByText('(best)').count()).toBe(0);
    expect(problems).toEqual([]);
  });

  for (const theme of ['light', 'dark'] as const) {
    it(`in the ${theme} theme the tray's chips and their remove buttons can be read (axe clean)`, async () => {
      const { page, problems } = await open('/', { contextOptions: { viewport: DESKTOP, colorScheme: theme } });
      await hydrated(page);
      await switchTheme(page, theme);
      for (const name of ['CompTIA Security+', 'CompTIA Network+'])
        await page.getByRole('button', { name: `Compare ${name}`, exact: true }).click();
      const tray = page.getByRole('complementary', { name: 'Comparison tray' });
      const remove = tray.getByRole('button', { name: 'Remove CompTIA Security+ from the comparison' });
      await remove.waitFor();
      const colours = await remove.evaluate((button) => {
        const chip = button.closest('li')!;
        const name = chip.querySelector('span')!;
        // The cross is Bootstrap's black icon, turned white by the theme's filter.
        const filter = getComputedStyle(button).filter;
        return {
          chip: getComputedStyle(chip).backgroundColor,
          page: getComputedStyle(document.body).backgroundColor,
          text: getComputedStyle(name).color,
          cross: filter.includes('invert') ? 'rgb(255, 255, 255)' : 'rgb(0, 0, 0)',
          opacity: Number(getComputedStyle(button).opacity),
          size: button.getBoundingClientRect(),
        };
      });
      expect(contrast(colours.text, colours.chip), theme).toBeGreaterThanOrEqual(4.5);
      // The cross stands out from its chip (non-text contrast, at its opacity).
      expect(contrast(colours.cross, colours.chip) * colours.opacity, theme).toBeGreaterThanOrEqual(3);
      // A chip of the page's own tone: no white chip in the dark theme.
      expect(contrast(colours.chip, colours.page), theme).toBeLessThan(2);
      expect(colours.size.width).toBeGreaterThanOrEqual(24);
      expect(colours.size.height).toBeGreaterThanOrEqual(24);
      const report = await checkA11y(page, { include: '.compare-tray' });
      expect(report.violations, theme).toEqual([]);
      expect(report.passes).toBeGreaterThan(0);
      expect(problems).toEqual([]);
    });
  }
});
