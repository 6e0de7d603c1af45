import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium } from './support/browser.js';
import type { RunningServer } from './support/server.js';
import { open, startSuite, stopSuite } from './support/suite.js';

let server: RunningServer;

beforeAll(async () => {
  ({ server } = await startSuite());
});
afterAll(stopSuite);

describe('a page that does not exist', () => {
  it('answers 404, not a page for search engines to index', async () => {
    for (const path of ['/no-such-page', '/certification/no-such-certification', '/articles/no-such-article']) {
      const res = await fetch(`${server.url}${path}`);
      expect(res.status, path).toBe(404);
    }
    expect((await fetch(`${server.url}/certification/certified-kubernetes-administrator-cka`)).status).toBe(200);
  });
});

describe('the search page, without script', () => {
  it('is rendered on the server with the ranked results and a canonical address', async () => {
    const res = await fetch(`${server.url}/search?q=az104`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('href="/certification/microsoft-certified-azure-administrator-associate"');
    expect(html).toMatch(/<link rel="canonical" href="[^"]*\/search\?q=az104"/);
    const tooLong = await fetch(`${server.url}/search?q=${'a'.repeat(101)}`);
    expect(tooLong.status).toBe(400);
    expect(await tooLong.text()).toContain('The search must be at most 100 characters');
  });
});

describe.skipIf(!hasChromium)('in Chromium', () => {
  it('the navbar search box leads from any page to the search page', async () => {
    const { page, problems } = await open('/about', { hydrate: true });
    const box = page.getByRole('search').first().getByRole('searchbox', { name: 'Search the catalogue' });
    await box.fill('sec+');
    await box.press('Enter');
    await page.waitForURL(/\/search\?q=sec%2B$/);
    const first = page.getByTestId('search-results').getByRole('link').first();
    await expect.poll(() => first.textContent()).toBe('CompTIA Security+');
    expect(problems).toEqual([]);
  });

  it('a search that finds nothing says what was searched and offers the nearest one', async () => {
    const { page } = await open('/search?q=kubernetis%20adminstratorr%20zzqx', {
      hydrate: true,
    });
    await page.getByRole('heading', { name: 'No Certifications Found' }).waitFor();
    expect(await page.getByText('Nothing matches “kubernetis adminstratorr zzqx”.').count()).toBe(1);
    await page.goto(`${server.url}/search?q=terrafrom%20asociatte`);
    await page.getByRole('link', { name: 'terraform associate' }).click();
    await page.waitForURL(/\/search\?q=terraform%20associate$/);
    await expect
      .poll(() => page.getByTestId('search-results').getByRole('link').first().textContent())
      .toBe('HashiCorp Certified: Terraform Associate');
  });

  it('the home page finds what people type: a code without its hyphen, words in any order', async () => {
    const { page } = await open('/', { hydrate: true });
    const box = page.getByRole('searchbox', { name: 'Search certifications' });
    await box.fill('az104');
    await expect.poll(() => page.getByText(/^Showing 1 of \d+ certifications$/).count()).toBe(1);
    await box.fill('security aws');
    await expect
      .poll(() => page.locator('ul[aria-label=Certifications] > li:not([hidden]) h2').allTextContents())
      .toContain('AWS Certified Security - Specialty');
    await box.fill('fundamantels');
    await page.getByRole('button', { name: 'fundamentals' }).click();
    await expect.poll(() => box.inputValue()).toBe('fundamentals');
  });
});
