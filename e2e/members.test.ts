import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  bellLabel,
  EMAIL_KIND_LABELS,
  NOTIFICATIONS_PAGE_TEXT,
  TRACKER_TEXT,
  UNSUBSCRIBE_TEXT,
} from '@certitude/shared';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, hydrated, launchBrowser, seedStorage } from './support/browser.js';
import { extractLink, startMailCapture, type MailCapture } from './support/mail.js';
import { createMember, e2eDatabase, signInByApi } from './support/members.js';
import { startServer, type RunningServer } from './support/server.js';

/**
 * Members in Chromium: a reply raises the other member's bell and mails them with an unsubscribe link that works
 * without signing in; a held certification shows on the public profile only once it is public.
 */
const PASSWORD = 'Members-e2e-pass-1';
const CERT = 'certified-kubernetes-administrator-cka';

let mail: MailCapture;
let server: RunningServer;
let browser: Browser;
let database: Awaited<ReturnType<typeof e2eDatabase>>;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  mail = await startMailCapture();
  const dataDir = mkdtempSync(join(tmpdir(), 'certitude-e2e-members-'));
  database = await e2eDatabase('members');
  // PGlite admits one process at a time: members are made before the server opens the database.
  for (const username of ['ann_m', 'ben_m']) createMember(dataDir, { username, password: PASSWORD }, database.env);
  server = await startServer({ DATA_DIR: dataDir, SMTP_URL: mail.url, ...database.env });
  if (hasChromium) browser = await launchBrowser();
});

afterAll(async () => {
  for (const c of contexts) await c.close();
  await browser?.close();
  const code = await server?.stop();
  await mail?.stop();
  await database?.drop();
  expect(code, server?.output()).toBe(0);
});

async function api(path: string, token: string, init: { method?: string; body?: unknown } = {}) {
  const res = await fetch(`${server.url}${path}`, {
    method: init.method ?? 'GET',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined };
}

/** A page opened by `username` (signed in by storing what /auth/login returned), or by a visitor. */
async function open(path: string, username?: string): Promise<{ page: Page; problems: string[] }> {
  const context = await browser.newContext();
  contexts.push(context);
  const auth = username ? await signInByApi(server.url, username, PASSWORD) : null;
  await seedStorage(context, auth);
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  await page.goto(`${server.url}${path}`);
  await hydrated(page);
  return { page, problems };
}

describe.skipIf(!hasChromium)('members in Chromium', () => {
  it('a reply raises the bell of the comment’s author, and the mail’s unsubscribe link turns replies off', async () => {
    const ann = await signInByApi(server.url, 'ann_m', PASSWORD);
    const cert = await (await fetch(`${server.url}/api/certification/${CERT}`)).json();
    const posted = await api(`/api/certification/${cert.id}/comments`, ann.token, {
      method: 'POST',
      body: { content: 'Which labs helped you most with the troubleshooting part?' },
    });
    expect(posted.status).toBe(201);

    const annPage = await open('/about', 'ann_m');
    const bell = annPage.page.getByRole('link', { name: /^Notifications/ });
    await expect.poll(() => bell.getAttribute('aria-label'), { timeout: 15_000 }).toBe(bellLabel(0));

    // Ben replies in his own browser.
    const benPage = await open(`/certification/${CERT}`, 'ben_m');
    const annComment = benPage.page.getByRole('article', { name: 'Comment by ann_m' });
    await annComment.getByRole('button', { name: 'Reply to ann_m' }).click();
    await annComment.getByLabel('Reply to ann_m').fill('The killer.sh sessions, and the official docs search.');
    const since = Date.now();
    await annComment.getByRole('button', { name: 'Post Reply' }).click();
    // Shown as Ben's comment (the box itself also holds the text until the reply is sent).
    await benPage.page
      .getByRole('article', { name: 'Comment by ben_m' })
      .getByText('The killer.sh sessions, and the official docs search.')
      .waitFor();

    // Ann's bell counts it once her tab looks again (a new page view; the bell also refreshes on its own).
    await annPage.page.reload();
    await expect.poll(() => bell.getAttribute('aria-label'), { timeout: 15_000 }).toBe(bellLabel(1));
    await bell.click();
    await annPage.page.waitForURL(`${server.url}/notifications`);
    const item = annPage.page.getByRole('link', { name: /ben_m replied to your comment/ });
    await item.waitFor();
    expect(await item.getAttribute('href')).toMatch(new RegExp(`^/certification/${CERT}#comment-\\d+$`));
    await annPage.page.getByRole('button', { name: NOTIFICATIONS_PAGE_TEXT.markAllRead }).click();
    await expect.poll(() => bell.getAttribute('aria-label'), { timeout: 15_000 }).toBe(bellLabel(0));

    // The reply's email carries the one-click unsubscribe headers and a link a visitor can follow.
    const message = await mail.waitForMail('ann_m@example.com', { since, match: (m) => /ben_m/.test(m.text) });
    // Long header lines are folded onto the next line (RFC 5322): unfolded, each header is one line.
    const headers = message.raw
      .replace(/\r\n/g, '\n')
      .split('\n\n')[0]!
      .replace(/\n[ \t]+/g, ' ');
    expect(headers).toMatch(/^List-Unsubscribe: <http:\/\/127\.0\.0\.1:\d+\/unsubscribe\?token=[^>]+>$/m);
    expect(headers).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
    const link = new URL(extractLink(message, '/unsubscribe'));
    const visitor = await open(`${link.pathname}${link.search}`);
    await visitor.page.getByText(EMAIL_KIND_LABELS.replies, { exact: false }).first().waitFor();
    await visitor.page.getByRole('button', { name: UNSUBSCRIBE_TEXT.confirm }).click();
    await visitor.page.waitForLoadState();
    const settings = await api('/api/user/notification-settings', ann.token);
    expect(settings.body.email.replies).toBe(false);
    expect(settings.body.email.decisions).toBe(true);
    expect([...annPage.problems, ...benPage.problems, ...visitor.problems]).toEqual([]);
  });

  it('a held certification shows on the public profile only once it is public', async () => {
    const cert = await (await fetch(`${server.url}/api/certification/${CERT}`)).json();
    const { page, problems } = await open('/profile', 'ben_m');
    await page.getByRole('heading', { name: TRACKER_TEXT.title }).waitFor();
    await page.getByRole('button', { name: TRACKER_TEXT.add }).click();
    await page.getByLabel(TRACKER_TEXT.find).fill('CKA');
    await page.getByLabel(TRACKER_TEXT.certification, { exact: true }).selectOption(String(cert.id));
    await page.getByLabel(TRACKER_TEXT.status).selectOption('HELD');
    await page.getByLabel(TRACKER_TEXT.earnedOn).fill('2025-03-14');
    await page.getByRole('button', { name: TRACKER_TEXT.save, exact: true }).click();
    const entries = page.getByRole('list', { name: TRACKER_TEXT.title });
    await entries
      .getByText(/Kubernetes Administrator/)
      .first()
      .waitFor();
    await entries.getByText(TRACKER_TEXT.private).waitFor();

    const visitor = await open('/u/ben_m');
    await visitor.page.getByRole('heading', { name: /ben_m/ }).first().waitFor();
    expect(await visitor.page.getByText(/Kubernetes Administrator/).count()).toBe(0);

    // Made public: the next visit shows it, with the expiry the certification's validity gives.
    await entries
      .getByRole('button', { name: new RegExp(TRACKER_TEXT.edit) })
      .first()
      .click();
    await page.getByLabel(TRACKER_TEXT.showOnProfile).check();
    await page.getByRole('button', { name: TRACKER_TEXT.save, exact: true }).click();
    await entries.getByText(TRACKER_TEXT.public, { exact: true }).waitFor();
    await visitor.page.reload();
    await visitor.page.getByRole('link', { name: /Kubernetes Administrator/ }).waitFor();
    expect(await visitor.page.content()).not.toContain('ben_m@example.com');
    expect([...problems, ...visitor.problems]).toEqual([]);
  });
});
