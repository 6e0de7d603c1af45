/*
 * The home page of a catalogue too large to hold in the browser (more than 1,000 certifications after the
 * address's filters): it shows pages of 60, and the search and the vendor buttons ask the server
 * (docs/product.md#home-listing). PostgreSQL only: the catalogue is grown with one INSERT while the server is
 * stopped, which the embedded database's lock does not allow from outside.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, launchBrowser, openPage } from './support/browser.js';
import { e2eDatabase } from './support/members.js';
import { startServer, type RunningServer } from './support/server.js';
import { stopOwnServer } from './support/suite.js';

const GENERATED = 1_100;
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

let server: RunningServer | undefined;
let browser: Browser | undefined;
let database: Awaited<ReturnType<typeof e2eDatabase>> | undefined;
let total = 0;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  if (!onPostgres || !hasChromium) return;
  const dataDir = mkdtempSync(join(tmpdir(), 'certitude-e2e-large-'));
  database = await e2eDatabase('large');
  // The first start migrates and seeds; the catalogue grows while the server is stopped, so no cache is stale.
  const first = await startServer({ DATA_DIR: dataDir, ...database.env });
  expect(await first.stop(), first.output()).toBe(0);
  const client = new pg.Client({ connectionString: database.env.DATABASE_URL });
  await client.connect();
  try {
    await client.query(
      `insert into certifications (slug, name, cert_code, vendor, description, url, status)
       select 'generated-' || i, 'Generated ' || (array['Cloud','Security','Network','Data'])[1 + i % 4] || ' Certification ' || i,
              'GEN-' || i, (array['Generated One','Generated Two','Generated Three'])[1 + i % 3],
              'A generated certification for the large catalogue test.', 'https://example.com/gen/' || i, 'APPROVED'
       from generate_series(1, ${GENERATED}) as i`,
    );
    const { rows } = await client.query(
      `select count(*)::int as n from certifications where status = 'APPROVED' and lifecycle <> 'RETIRED'`,
    );
    total = rows[0].n;
  } finally {
    await client.end();
  }
  server = await startServer({ DATA_DIR: dataDir, ...database.env });
  browser = await launchBrowser();
});
afterAll(async () => {
  const code = await stopOwnServer({ contexts, browser, server, database });
  if (server) expect(code, server.output()).toBe(0);
});

async function openHome(path = '/') {
  // The first page is server-rendered: wait for React before clicking, or the click meets a button with no handler.
  const { page, problems } = await openPage(browser!, server!.url, path, { contexts, hydrate: true });
  const grid = page.getByRole('list', { name: 'Certifications' });
  return { page, grid, problems, cards: grid.locator(':scope > li:not([hidden])') };
}

/**
 * How many certifications 'certification 107' finds, as the list API counts them: the eleven generated names with
 * 107 and 1070-1079, and the seeded certifications whose words start so (an exam code 1Z0-1072, say).
 */
async function foundFor107(): Promise<number> {
  const res = await fetch(`${server!.url}/api/certification?q=${encodeURIComponent('certification 107')}&limit=1`);
  const found = Number(res.headers.get('x-total-count'));
  expect(found).toBeGreaterThanOrEqual(11);
  expect(found).toBeLessThan(60);
  return found;
}

describe.skipIf(!onPostgres || !hasChromium)('a catalogue of more than 1,000 certifications', () => {
  it('shows the first 60, loads more on request, and searches through the server', async () => {
    const { page, grid, cards, problems } = await openHome();
    await page.getByText(`Showing ${total} of ${total} certifications`).waitFor();
    expect(await cards.count()).toBe(60);
    await page.getByRole('button', { name: 'Load more certifications' }).click();
    await page.waitForFunction(() => document.querySelectorAll('ul[aria-label=Certifications] > li').length === 120);

    // 'certification 107' is in 107 and 1070-1079: eleven generated names (and a few seeded ones), found by the server.
    const found = await foundFor107();
    await page.getByRole('searchbox', { name: 'Search certifications' }).fill('certification 107');
    await page.waitForFunction(
      () =>
        document.querySelector<HTMLElement>('ul[aria-label=Certifications]')?.dataset.shownFor === 'certification 107',
    );
    await page.getByText(`Showing ${found} of ${total} certifications`).waitFor();
    expect(await cards.count()).toBe(found);
    expect(await page.getByRole('button', { name: 'Load more certifications' }).count()).toBe(0);
    await expect
      .poll(() => grid.getByRole('heading', { name: 'Generated Network Certification 1074' }).count())
      .toBe(1);

    // The vendor buttons count the whole list, and filter through the server as well.
    await page.getByRole('button', { name: 'Clear search box' }).click();
    const perVendor = Math.floor(GENERATED / 3) + (GENERATED % 3 >= 1 ? 1 : 0);
    await page.getByRole('button', { name: `Generated Two (${perVendor})` }).click();
    await page.getByText(`Showing ${perVendor} of ${total} certifications`).waitFor();
    expect(await cards.count()).toBe(60);
    expect(problems).toEqual([]);
  });

  it('renders the search of the address on the server, first page only', async () => {
    const found = await foundFor107();
    const res = await fetch(`${server!.url}/?q=${encodeURIComponent('certification 107')}`);
    const html = await res.text();
    expect(html).toContain(`Showing ${found} of ${total} certifications`);
    const { page, cards } = await openHome('/?q=certification%20107');
    await page.getByText(`Showing ${found} of ${total} certifications`).waitFor();
    expect(await cards.count()).toBe(found);
    // The whole home page stays small: its first page, not the catalogue.
    const all = await fetch(`${server!.url}/`);
    expect((await all.text()).length).toBeLessThan(400_000);
  });
});
