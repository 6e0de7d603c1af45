import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkA11y, describeViolations } from './support/a11y.js';
import { hasChromium, hydrated } from './support/browser.js';
import type { RunningServer } from './support/server.js';
import { open, startSuite, stopSuite } from './support/suite.js';

/** Suspensions and the public moderation log (docs/product.md#admin-panel, docs/product.md#moderation-log-page). */
const PASSWORD = 'Integrity-e2e-1';
const MEMBERS = { spam_e2e: 'USER', keeper_e2e: 'ADMIN' } as const;
const REASON = 'Repeated spam in the discussions';
const EMAIL = /[\w.+-]+@[\w-]+\.[\w.-]+/;

let server: RunningServer;

beforeAll(async () => {
  ({ server } = await startSuite({
    database: 'integrity',
    members: MEMBERS,
    password: PASSWORD,
    // A refused sign-in is an answer the page expects: the browser logs its 4xx, the page does not fail.
    pages: { consoleErrors: (text) => !/status of 4\d\d/.test(text) },
  }));
});
afterAll(stopSuite);

describe.skipIf(!hasChromium)('suspensions and the public moderation log in Chromium', () => {
  it('an admin suspends a member for 3 days from the Members tab, with a reason', async () => {
    const { page, problems } = await open('/admin', { as: 'keeper_e2e' });
    await page.getByRole('tab', { name: 'Members' }).click();
    await page.getByLabel('Search members by username or email').fill('spam_e2e');
    const row = page.getByTestId('member-spam_e2e');
    await row.getByRole('button', { name: 'Suspend', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Suspend spam_e2e' });
    await dialog.getByLabel('Number of days', { exact: true }).fill('3');
    await dialog.getByLabel('Reason', { exact: true }).fill(REASON);
    const before = Date.now();
    await dialog.getByRole('button', { name: 'Suspend', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByText('spam_e2e is suspended').waitFor();

    const badge = row.getByTestId('suspended-badge');
    const shown = (await badge.textContent()) ?? '';
    expect(shown).toMatch(/^Suspended until \d{1,2} \w{3} \d{4}, \d\d:\d\d UTC$/);
    const until = Date.parse(shown.replace('Suspended until ', '').replace(',', '').replace(' UTC', 'Z'));
    expect(Math.abs(until - (before + 3 * 24 * 3_600_000))).toBeLessThan(5 * 60_000);
    await row.getByRole('button', { name: 'Lift suspension' }).waitFor();

    await row.getByRole('button', { name: 'Suspensions', exact: true }).click();
    const history = page.getByRole('table', { name: 'Suspensions of spam_e2e' });
    await history.getByRole('cell', { name: REASON }).waitFor();
    await history.getByRole('cell', { name: 'In force' }).waitFor();
    expect(problems).toEqual([]);
  });

  it('the suspended member signs in through the dialog and reads why', async () => {
    const { page, problems } = await open('/');
    await hydrated(page);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Welcome Back' });
    await dialog.getByLabel('Username').fill('spam_e2e');
    await dialog.getByLabel('Password').fill(PASSWORD);
    await dialog.getByRole('button', { name: 'Sign In', exact: true }).click();
    const alert = dialog.getByRole('alert');
    await alert.waitFor();
    const text = (await alert.textContent()) ?? '';
    expect(text.startsWith('Login Failed:')).toBe(true);
    expect(text).toContain(REASON);
    expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();
    expect(problems).toEqual([]);

    // The API says the same, with the reason and the end apart.
    const res = await fetch(`${server.url}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'spam_e2e', password: PASSWORD }),
    });
    expect(res.status).toBe(403);
    const body = (await res.json()) as { message: string; reason: string; endsAt: string | null };
    expect(body.reason).toBe(REASON);
    expect(body.endsAt).not.toBeNull();
    expect(text).toContain(body.message);
  });

  it('a visitor reaches /moderation-log from the footer and reads the suspension, without any email address', async () => {
    const { page, problems } = await open('/');
    await hydrated(page);
    await page.getByRole('navigation', { name: 'Footer' }).getByRole('link', { name: 'Moderation log' }).click();
    await page.waitForURL(`${server.url}/moderation-log`);
    await page.getByRole('heading', { level: 1, name: 'Moderation log' }).waitFor();
    const entry = page.getByTestId('moderation-entry').filter({ hasText: 'Suspended an account' });
    await entry.waitFor();
    const text = (await entry.textContent()) ?? '';
    expect(text).toContain('spam_e2e');
    expect(text).toContain('by keeper_e2e');
    expect(text).toContain(REASON);
    expect(await entry.locator('time').getAttribute('datetime')).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(await page.locator('body').innerText()).not.toMatch(EMAIL);
    expect(problems).toEqual([]);

    // Rendered on the server: the entry is in the HTML before any script runs, and no address is anywhere in it.
    const html = await (await fetch(`${server.url}/moderation-log`)).text();
    expect(html).toContain(REASON);
    expect(html).toContain('<title>Moderation log | Certitude</title>');
    expect(html).toContain(`<link rel="canonical" href="${server.url}/moderation-log"`);
    expect(html).not.toContain('@example.com');
  });

  it("a suspended member's public page shows only the name and says the account is suspended", async () => {
    const { page, problems } = await open('/u/spam_e2e');
    await page.getByRole('heading', { level: 1, name: 'spam_e2e' }).waitFor();
    await page.getByText('This account is suspended. Its profile is not shown.').waitFor();
    expect(await page.getByText('Certifications held').count()).toBe(0);
    expect(problems).toEqual([]);
  });

  it('axe finds nothing to fix on /moderation-log', async () => {
    const { page } = await open('/moderation-log');
    await page.getByTestId('moderation-entry').first().waitFor();
    await hydrated(page);
    const report = await checkA11y(page);
    expect(report.passes).toBeGreaterThan(0);
    expect(report.violations, describeViolations(report.violations)).toEqual([]);
  });
});
