/*
 * Certification facts, their public history, the home page's filters, ratings and the comparison, in Chromium:
 * a member suggests an edit, a moderator approves it, everyone sees the new fact and the diff.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium } from './support/browser.js';
import { signInByApi, type AuthTokens } from './support/members.js';
import type { RunningServer } from './support/server.js';
import { open, startSuite, stopSuite } from './support/suite.js';

const PASSWORD = 'Facts-e2e-pass-1';
const MEMBERS = { fact_member: 'USER', fact_mod: 'MODERATOR', rater_a: 'USER', rater_b: 'USER', rater_c: 'USER' };
const CERT = 'comptia-security-plus';

let server: RunningServer;
const tokens: Record<string, AuthTokens> = {};

beforeAll(async () => {
  ({ server } = await startSuite({
    database: 'facts',
    members: MEMBERS,
    password: PASSWORD,
  }));
  for (const username of Object.keys(MEMBERS)) tokens[username] = await signInByApi(server.url, username, PASSWORD);
});
afterAll(stopSuite);

/** A call of the API as a member. */
async function call(username: string, method: string, path: string, body?: unknown) {
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${tokens[username]!.token}` },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json().catch(() => null)) as Record<string, unknown> | null };
}

describe.skipIf(!hasChromium)('facts, history, filters, ratings and comparison in Chromium', () => {
  it('a member suggests an edit; a moderator approves it; the page and its history show the change', async () => {
    const member = await open(`/certification/${CERT}`, { auth: tokens.fact_member });
    await member.page.getByRole('button', { name: 'Suggest an edit' }).click();
    const form = member.page.getByRole('form', { name: 'Suggest an edit' });
    await form.getByLabel('Length (minutes)').fill('95');
    const description = form.getByLabel('Description');
    const old = await description.inputValue();
    await description.fill(`${old} Checked by the community.`);
    await form.getByLabel('Summary of your change').fill('Length from the official exam page');
    await form.getByRole('button', { name: 'Send my suggestion' }).click();
    await member.page.getByTestId('suggestion-sent').getByText('reviewed by a moderator').waitFor();
    // Nothing changed for the public yet.
    const facts = member.page.getByTestId('exam-facts');
    expect(await facts.textContent()).not.toContain('95 minutes');

    const moderator = await open('/admin', { auth: tokens.fact_mod });
    await moderator.page.getByRole('tab', { name: 'Review Queue' }).waitFor();
    const item = moderator.page.locator('.card', { hasText: 'Suggested edit of CompTIA Security+' });
    await item.getByText('Length from the official exam page').waitFor();
    await item.locator('ins', { hasText: 'Checked by the community.' }).waitFor();
    await item.getByRole('button', { name: 'Approve' }).click();
    await item.waitFor({ state: 'detached' });

    const reader = await open(`/certification/${CERT}`);
    await reader.page.getByTestId('exam-facts').getByText('95 minutes').waitFor();
    await reader.page.getByRole('link', { name: 'History of changes' }).click();
    await reader.page.getByRole('heading', { name: 'History of CompTIA Security+' }).waitFor();
    const entry = reader.page.getByTestId('revision').first();
    expect(await entry.textContent()).toContain('Length from the official exam page');
    expect(await entry.locator('ins').allTextContents()).toEqual(
      expect.arrayContaining([expect.stringContaining('Checked by the community.')]),
    );
    expect(await entry.getByText('Applied').count()).toBe(1);
    expect([...member.problems, ...moderator.problems, ...reader.problems]).toEqual([]);
  });

  it('filters the home page by domain and level from the address, with the count line kept true', async () => {
    // The seed classifies Cisco's CCIEs (and others) as EXPERT networking certifications; the counts come from the API.
    const experts = await fetch(`${server.url}/api/certification?level=EXPERT&limit=1`);
    const expertCount = experts.headers.get('x-total-count');
    const expected = (await (
      await fetch(`${server.url}/api/certification?domain=networking&level=EXPERT&sort=name`)
    ).json()) as { name: string }[];
    const { page, problems } = await open('/?domain=networking&level=EXPERT&sort=name');
    const names = await page.getByRole('list', { name: 'Certifications' }).getByRole('heading').allTextContents();
    expect(expected.map((c) => c.name)).toContain('Cisco CCIE Enterprise Infrastructure');
    expect(expected.map((c) => c.name)).toContain('Cisco CCIE Security');
    // The grid renders its first cards at once and the rest while the browser is idle: those shown are the API's first.
    expect(names.length).toBeGreaterThan(0);
    expect(names).toEqual(expected.slice(0, names.length).map((c) => c.name));
    await page.getByText(`Showing ${expected.length} of ${expected.length} certifications`).waitFor();
    // The form shows the choice and the counts, and applies a new one without any script of its own.
    expect(await page.getByLabel('Domain').inputValue()).toBe('networking');
    expect(await page.getByLabel('Level').locator('option:checked').textContent()).toBe(`Expert (${expertCount})`);
    await page.getByLabel('Level').selectOption('ASSOCIATE');
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.waitForURL(/level=ASSOCIATE/);
    await page.getByRole('heading', { name: 'Cisco Certified Network Associate (CCNA)' }).waitFor();
    expect(problems).toEqual([]);
  });

  it('shows a retired certification with its date and successor, and hides it from the home page unless asked', async () => {
    const res = await call('fact_mod', 'POST', '/api/certification/cisco-ccnp-service-provider/revisions', {
      changes: { lifecycle: 'RETIRED', retiresOn: '2025-01-31', supersededBy: 'cisco-ccnp-enterprise' },
      summary: 'e2e retirement',
    });
    expect(res.status).toBe(201);
    const { page } = await open('/certification/cisco-ccnp-service-provider');
    const banner = page.getByTestId('lifecycle-banner');
    expect(await banner.textContent()).toContain('This certification was retired on 31 Jan 2025.');
    await banner.getByRole('link', { name: 'Cisco CCNP Enterprise' }).click();
    await page.waitForURL(/\/certification\/cisco-ccnp-enterprise$/);

    const home = await open('/?sort=name');
    expect(await home.page.getByRole('heading', { name: 'Cisco CCNP Service Provider' }).count()).toBe(0);
    const all = await open('/?sort=name&lifecycle=ACTIVE,RETIRING,RETIRED');
    await all.page.getByRole('heading', { name: 'Cisco CCNP Service Provider' }).waitFor();
  });

  it('shows the means once the third member has rated', async () => {
    const cert = 'aws-certified-cloud-practitioner';
    const { page } = await open(`/certification/${cert}`, { auth: tokens.rater_a });
    await page.getByTestId('ratings-not-enough').waitFor();
    await page.getByRole('button', { name: 'Rate this certification' }).click();
    const form = page.getByRole('form', { name: 'Your rating' });
    // Keyboard: the scales are radio groups.
    await form
      .getByRole('group', { name: /Difficulty/ })
      .getByText('2', { exact: true })
      .click();
    await form
      .getByRole('group', { name: /Career value/ })
      .getByText('4', { exact: true })
      .click();
    await form
      .getByRole('group', { name: /Recognition/ })
      .getByText('5', { exact: true })
      .click();
    await form.getByLabel('Review').fill('A good **first** step.');
    await form.getByRole('button', { name: 'Save my rating' }).click();
    await form.waitFor({ state: 'detached' });
    await page.getByTestId('ratings-not-enough').getByText('1 of 3').waitFor();
    for (const [who, d] of [
      ['rater_b', 3],
      ['rater_c', 4],
    ] as const) {
      const res = await call(who, 'PUT', `/api/certification/${cert}/rating`, {
        difficulty: d,
        value: 4,
        recognition: 5,
      });
      expect(res.status).toBe(200);
    }
    await page.reload();
    expect(await page.getByTestId('mean-difficulty').textContent()).toContain('3.0');
    expect(await page.getByTestId('mean-value').textContent()).toContain('4.0');
    const chart = page.getByRole('img', { name: /^Difficulty: 0 gave 1, 1 gave 2, 1 gave 3, 1 gave 4, 0 gave 5/ });
    await chart.waitFor();
    await page.locator('[data-testid=reviews] strong', { hasText: 'first' }).waitFor();
  });

  it('builds a comparison from the tray across pages, refuses a fifth, and opens it on a phone', async () => {
    const phone = { width: 375, height: 740 };
    const { page, problems } = await open('/', { contextOptions: { viewport: phone } });
    const toggle = (name: string) => page.getByRole('button', { name: `Compare ${name}`, exact: true });
    await toggle('AWS Certified Cloud Practitioner').click();
    const tray = page.getByRole('complementary', { name: 'Comparison tray' });
    await tray.getByText('Compare (1/4)').waitFor();
    await tray.getByText('Pick one more to compare').waitFor();
    expect(await toggle('AWS Certified Cloud Practitioner').getAttribute('aria-pressed')).toBe('true');
    // The tray follows the visitor to another page, where the certification page's own toggle adds to it.
    await page.goto(`${server.url}/certification/cisco-certified-network-associate-ccna`);
    await tray.getByText('Compare (1/4)').waitFor();
    await toggle('Cisco Certified Network Associate (CCNA)').click();
    await tray.getByText('Compare (2/4)').waitFor();
    await page.goto(`${server.url}/`);
    for (const name of ['CompTIA Security+', 'CompTIA Network+']) await toggle(name).click();
    await tray.getByText('Compare (4/4)').waitFor();
    await toggle('CompTIA A+').click();
    await tray
      .getByRole('status')
      .getByText('A comparison holds at most 4 certifications: remove one first.')
      .waitFor();
    expect(await toggle('CompTIA A+').getAttribute('aria-pressed')).toBe('false');
    await tray.getByRole('button', { name: 'Remove CompTIA Network+ from the comparison' }).click();
    await tray.getByText('Compare (3/4)').waitFor();
    await tray.getByRole('link', { name: 'Compare now' }).click();
    await page.waitForURL(/\/compare\?c=/);
    const heads = page.locator('.compare-table thead th a');
    await heads.first().waitFor();
    expect(await heads.allTextContents()).toEqual([
      'AWS Certified Cloud Practitioner',
      'Cisco Certified Network Associate (CCNA)',
      'CompTIA Security+',
    ]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    // The tray keeps off the comparison it led to; the page without certifications named shows the picks.
    expect(await tray.count()).toBe(0);
    await page.goto(`${server.url}/compare`);
    await page.getByRole('list', { name: 'Picked to compare' }).getByRole('listitem').nth(2).waitFor();
    await page.getByRole('button', { name: 'Clear' }).click();
    await page.getByText('Nothing picked yet.').waitFor();
    expect(await page.evaluate(() => localStorage.getItem('compareTray'))).toBe('[]');
    expect(problems).toEqual([]);
  });

  it('compares two certifications on a phone: the columns scroll, the row labels stay', async () => {
    const { page, problems } = await open(
      '/compare?c=aws-certified-cloud-practitioner,cisco-certified-network-associate-ccna',
      {
        contextOptions: { viewport: { width: 375, height: 740 } },
      },
    );
    await page.getByRole('heading', { name: 'Compare certifications' }).waitFor();
    // Long names make the title name the exam codes; the description shared with a link names them in full.
    expect(await page.title()).toContain('CLF-C02 vs 200-301');
    expect(await page.locator('meta[property="og:description"]').getAttribute('content')).toContain(
      'AWS Certified Cloud Practitioner, Cisco Certified Network Associate (CCNA) side by side',
    );
    const label = page.getByRole('rowheader', { name: 'Exam cost' });
    expect(await label.evaluate((el) => getComputedStyle(el).position)).toBe('sticky');
    // The page itself does not scroll sideways; the table's box does.
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    expect(await page.locator('.compare-scroll').evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
    const bad = await open('/compare?c=aws-certified-cloud-practitioner');
    await bad.page.getByRole('alert').getByText('Name at least two certifications to compare').waitFor();
    await bad.page.getByRole('link', { name: 'Back to Certifications' }).waitFor();
    expect(problems).toEqual([]);
  });
});
