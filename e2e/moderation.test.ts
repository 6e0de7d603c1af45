import { TEXT } from '@certitude/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium } from './support/browser.js';
import type { MailCapture } from './support/mail.js';
import { signInByApi } from './support/members.js';
import type { RunningServer } from './support/server.js';
import { open, startSuite, stopSuite } from './support/suite.js';

const PASSWORD = 'Moderation-e2e-1';
const MEMBERS = { sub_e2e: 'USER', promo_e2e: 'USER', mod_e2e: 'MODERATOR', admin_e2e: 'ADMIN' } as const;
const GOOD = 'E2E Approved Certification';
const BAD = 'E2E Rejected Certification';
const REASON = 'Duplicate of an existing certification';

let server: RunningServer;
let mail: MailCapture;

beforeAll(async () => {
  ({ server, mail } = await startSuite({
    database: 'moderation',
    members: MEMBERS,
    password: PASSWORD,
    mail: true,
    pages: { consoleErrors: true },
  }));
});
afterAll(stopSuite);

const login = (username: string) => signInByApi(server.url, username, PASSWORD);

describe.skipIf(!hasChromium)('moderation in Chromium', () => {
  it('a member submits two certifications, and a member who opens /admin is sent home', async () => {
    const { page, problems } = await open('/', { as: 'sub_e2e' });
    for (const [name, code] of [
      [GOOD, 'E2E-GOOD'],
      [BAD, 'E2E-BAD'],
    ] as const) {
      await page.getByRole('button', { name: 'Submit Certification' }).click();
      const dialog = page.getByRole('dialog', { name: 'Submit New Certification' });
      await dialog.getByLabel('Certification Name').fill(name);
      await dialog.getByLabel('Certification Code').fill(code);
      await dialog.getByLabel('Vendor').fill('E2E Vendor');
      await dialog.getByLabel('Description').fill('Submitted from the moderation browser test.');
      await dialog.getByLabel('Official URL').fill('https://example.com/e2e');
      await dialog.getByRole('button', { name: 'Submit Certification' }).click();
      const done = page.getByRole('dialog', { name: 'Certification Submitted!' });
      await done.getByRole('button', { name: 'Got it!' }).click();
      await done.waitFor({ state: 'detached' });
    }
    expect(await page.getByRole('link', { name: /Admin Panel/ }).count()).toBe(0);
    await page.goto(`${server.url}/admin`);
    await page.waitForURL(`${server.url}/`);
    expect(problems).toEqual([]);
  });

  it('a moderator sees the badge, approves one, rejects one with a reason; the submitter is mailed', async () => {
    const { page, problems } = await open('/', { as: 'mod_e2e' });
    const badge = page.getByTestId('pending-badge');
    await expect.poll(() => badge.textContent().catch(() => '')).toContain('2');
    await page.getByRole('link', { name: /Admin Panel/ }).click();
    await page.getByRole('tab', { name: 'Review Queue' }).waitFor();
    const good = page.locator('.card', { hasText: GOOD });
    await good.getByText('E2E-GOOD').waitFor();
    await good.getByRole('button', { name: 'Approve' }).click();
    await good.waitFor({ state: 'detached' });
    await expect.poll(() => badge.textContent()).toContain('1');

    const since = Date.now();
    const bad = page.locator('.card', { hasText: BAD });
    await bad.getByRole('button', { name: 'Reject' }).click();
    await bad.getByLabel('Reason for rejection').fill(REASON);
    await bad.getByRole('button', { name: 'Reject' }).click();
    await bad.waitFor({ state: 'detached' });
    await badge.waitFor({ state: 'detached' });
    await page.getByText('Nothing is waiting for review.').waitFor();

    await page.getByRole('tab', { name: 'Moderation Log' }).click();
    await page.getByRole('cell', { name: REASON }).waitFor();

    const message = await mail.waitForMail('sub_e2e@example.com', {
      match: (m) => m.subject.includes(BAD),
      timeoutMs: 20_000,
    });
    expect(message.text).toContain(`Reason: ${REASON}`);
    expect(message.receivedAt).toBeGreaterThanOrEqual(since);

    await page.goto(`${server.url}/`);
    await page.getByPlaceholder(TEXT.searchPlaceholder).fill('E2E');
    await page.getByText(GOOD).first().waitFor();
    expect(await page.getByText(BAD).count()).toBe(0);
    expect(problems).toEqual([]);
  });

  it('an admin promotes a member to moderator', async () => {
    const { page, problems } = await open('/admin', { as: 'admin_e2e' });
    await page.getByRole('tab', { name: 'Members' }).click();
    await page.getByLabel('Search members by username or email').fill('promo_e2e');
    const select = page.getByLabel('Role of promo_e2e');
    await select.waitFor();
    await select.selectOption('MODERATOR');
    await page.getByText('Role updated: promo_e2e is now MODERATOR').waitFor();
    expect((await login('promo_e2e')).user.role).toBe('MODERATOR');
    expect(problems).toEqual([]);
  });

  it('an article is written with a preview, published and read at its slug, with its tags in the HTML', async () => {
    const { page, problems } = await open('/admin', { as: 'admin_e2e' });
    await page.getByRole('tab', { name: 'Articles' }).click();
    await page.getByRole('button', { name: 'New Article' }).click();
    const dialog = page.getByRole('dialog', { name: 'New Article' });
    await dialog.getByLabel('Title', { exact: true }).fill('Moderation in practice');
    await dialog.getByLabel('Summary').fill('How the review queue keeps the catalogue clean.');
    await dialog.getByLabel('Content').fill('## Review\n\nEvery submission is **reviewed** by a moderator.');
    await dialog.getByText('Preview', { exact: true }).click();
    await dialog.getByTestId('article-preview').locator('strong', { hasText: 'reviewed' }).waitFor();
    await dialog.getByRole('button', { name: 'Save Article' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('link', { name: 'Moderation in practice' }).waitFor();

    await page.goto(`${server.url}/articles`);
    await page.getByRole('link', { name: 'Moderation in practice' }).click();
    await page.waitForURL(`${server.url}/articles/moderation-in-practice`);
    await page.getByRole('heading', { name: 'Moderation in practice', level: 1 }).waitFor();
    await page.locator('.markdown-body strong', { hasText: 'reviewed' }).waitFor();
    expect(problems).toEqual([]);

    const html = await (await fetch(`${server.url}/articles/moderation-in-practice`)).text();
    expect(html).toContain('<title>Moderation in practice | Certitude</title>');
    expect(html).toContain(`<link rel="canonical" href="${server.url}/articles/moderation-in-practice"`);
    expect(html).toMatch(/property="og:type" content="article"/);
    expect(html).toContain('"@type":"Article"');
  });
});
