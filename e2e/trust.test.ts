import { ACCOUNT_TEXT, MSG, NAV_TEXT, TRACKER_TEXT } from '@certitude/shared';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, hydrated } from './support/browser.js';
import { extractLink, type MailCapture } from './support/mail.js';
import { signInByApi } from './support/members.js';
import { type RunningServer } from './support/server.js';
import { open, startSuite, stopSuite } from './support/suite.js';

/**
 * What a new member must be able to trust (issue 39): what the tracker says of their certifications' expiry, an
 * email change that never locks them out, a notification's link that lands on its comment, a way to have the
 * verification mail sent again from the sign-in dialog, and a word for the visitor whom "Profile" sent home.
 */
const PASSWORD = 'Trust-e2e-pass-1';
/** A certification whose validity no page has stated yet. */
const UNKNOWN_VALIDITY = 'certificate-of-cloud-security-knowledge-ccsk';
const OSCP = 'offsec-certified-professional-oscp';
const GIAC = 'giac-security-essentials-gsec';
const CKA = 'certified-kubernetes-administrator-cka';

let mail: MailCapture;
let server: RunningServer;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  ({ server, mail } = await startSuite({
    database: 'trust',
    members: { ann_t: 'USER', ben_t: 'USER', cat_t: 'USER', mod_t: 'MODERATOR' },
    password: PASSWORD,
    mail: true,
    contexts,
    pages: { contextOptions: { colorScheme: 'light' }, hydrate: true },
  }));
});
afterAll(stopSuite);

async function api(path: string, token: string | null, init: { method?: string; body?: unknown } = {}) {
  const res = await fetch(`${server.url}${path}`, {
    method: init.method ?? 'GET',
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), 'content-type': 'application/json' },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined };
}

/** The texts of the held entries, as the member and the public see them. */
async function entryText(page: Page, testId: string, name: string): Promise<string> {
  const item = page.getByTestId(testId).filter({ has: page.getByRole('link', { name }) });
  await item.waitFor();
  return (await item.textContent()) ?? '';
}

describe.skipIf(!hasChromium)('what a new member trusts, in Chromium', () => {
  it('the tracker tells an unknown validity from none, follows a validity an approved revision brings, and says Expired', async () => {
    const ann = await signInByApi(server.url, 'ann_t', PASSWORD);
    const hold = (slug: string, earnedOn: string) =>
      api(`/api/user/certifications/${slug}`, ann.token, {
        method: 'PUT',
        body: { status: 'HELD', earnedOn, public: true },
      });
    expect((await hold(UNKNOWN_VALIDITY, '2024-02-29')).status).toBe(200);
    expect((await hold(OSCP, '2023-05-10')).status).toBe(200);
    expect((await hold(GIAC, '2015-01-10')).status).toBe(200);

    const security = 'Certificate of Cloud Security Knowledge (CCSK)';
    const { page } = await open('/profile', { as: 'ann_t' });
    const mine = (name: string) => entryText(page, 'tracker-entry', name);
    expect(await mine(security)).toContain(TRACKER_TEXT.validityUnknown);
    expect(await mine(security)).not.toContain(TRACKER_TEXT.noExpiry);
    expect(await mine('OffSec Certified Professional')).toContain(TRACKER_TEXT.noExpiry);
    expect(await mine('GIAC Security Essentials')).toContain('Expired 10 Jan 2019');

    const pub = await open('/u/ann_t');
    const shown = (name: string) => entryText(pub.page, 'held', name);
    expect(await shown(security)).toContain(TRACKER_TEXT.validityUnknown);
    expect(await shown('OffSec Certified Professional')).toContain(TRACKER_TEXT.noExpiry);
    expect(await shown('GIAC Security Essentials')).toContain('Expired 10 Jan 2019');
    expect(await shown('GIAC Security Essentials')).not.toContain('Expires');

    // A member suggests the validity; a moderator approves it: the entry that followed the validity follows it.
    const ben = await signInByApi(server.url, 'ben_t', PASSWORD);
    const suggested = await api(`/api/certification/${UNKNOWN_VALIDITY}/revisions`, ben.token, {
      method: 'POST',
      body: { changes: { validityMonths: 36 }, summary: 'CCSK lasts three years' },
    });
    expect(suggested.status, JSON.stringify(suggested.body)).toBe(201);
    const mod = await signInByApi(server.url, 'mod_t', PASSWORD);
    const approved = await api(`/api/admin/revision/${suggested.body.id}/approve`, mod.token, {
      method: 'POST',
      body: {},
    });
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);

    await page.reload();
    await hydrated(page);
    expect(await mine(security)).toContain('Expires 28 Feb 2027');
    await pub.page.reload();
    expect(await shown(security)).toContain('Expires 28 Feb 2027');
  });

  it('an email change keeps the member signed in and able to sign in, marks the address unverified and resends its link', async () => {
    const { page } = await open('/profile', { as: 'cat_t' });
    const since = Date.now();
    await page.getByRole('tab', { name: ACCOUNT_TEXT.tabChangeEmail }).click();
    const panel = page.getByRole('tabpanel', { name: ACCOUNT_TEXT.tabChangeEmail });
    await panel.getByLabel(ACCOUNT_TEXT.newEmail).fill('cat_new@example.com');
    await panel.getByLabel(ACCOUNT_TEXT.currentPassword).fill(PASSWORD);
    await panel.getByRole('button', { name: ACCOUNT_TEXT.updateEmail }).click();
    await panel.getByRole('status').filter({ hasText: ACCOUNT_TEXT.emailUpdated }).waitFor();

    // The old address is told what to do, and not that there is nothing to do.
    const told = await mail.waitForMail('cat_t@example.com', { since });
    expect(told.text).not.toContain('nothing more to do');
    expect(told.text).toContain('cat_new@example.com');
    expect(told.text).toContain('you can still sign in');
    await mail.waitForMail('cat_new@example.com', { since });

    // The spec's answer: the new address on the profile, marked as not verified, with a way to resend its link.
    await page.getByRole('tab', { name: ACCOUNT_TEXT.tabProfileInfo }).click();
    const info = page.getByRole('tabpanel', { name: ACCOUNT_TEXT.tabProfileInfo });
    await info.getByText('cat_new@example.com').waitFor();
    expect(await info.getByTestId('email-unverified').textContent()).toBe(ACCOUNT_TEXT.emailNotVerified);
    const resentSince = Date.now();
    await info.getByRole('button', { name: ACCOUNT_TEXT.resendToMyAddress }).click();
    await info.getByRole('status').filter({ hasText: MSG.verificationLinkSent }).waitFor();
    const resent = await mail.waitForMail('cat_new@example.com', { since: resentSince });

    // Signing in again works before the new address is verified.
    const again = await fetch(`${server.url}/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'cat_t', password: PASSWORD }),
    });
    expect(again.status).toBe(200);

    // The link confirms it, and the mark goes.
    const link = new URL(extractLink(resent, '/verify-email'));
    const verify = await open(`${link.pathname}${link.search}`);
    await verify.page.getByText(MSG.emailVerifiedDone).waitFor();
    await page.reload();
    await hydrated(page);
    await page.getByRole('tabpanel', { name: ACCOUNT_TEXT.tabProfileInfo }).getByText('cat_new@example.com').waitFor();
    expect(await page.getByTestId('email-unverified').count()).toBe(0);
  });

  /** ann_t's comment and ben_t's reply to it, posted once (new members may post only a few comments an hour). */
  let replied: Promise<number> | null = null;
  const replyToAnn = () =>
    (replied ??= (async () => {
      const ann = await signInByApi(server.url, 'ann_t', PASSWORD);
      const ben = await signInByApi(server.url, 'ben_t', PASSWORD);
      const cert = (await api(`/api/certification/${CKA}`, null)).body;
      const posted = await api(`/api/certification/${cert.id}/comments`, ann.token, {
        method: 'POST',
        body: { content: 'Which practice labs helped most with the troubleshooting part?' },
      });
      expect(posted.status).toBe(201);
      const reply = await api(`/api/certification/${cert.id}/comments`, ben.token, {
        method: 'POST',
        body: { content: 'The killer.sh sessions, twice each.', parentCommentId: posted.body.id },
      });
      expect(reply.status).toBe(201);
      return reply.body.id as number;
    })());

  for (const theme of ['light', 'dark'] as const) {
    it(`a notification's link lands on its comment, in view, highlighted and focused (${theme} theme)`, async () => {
      const replyId = await replyToAnn();
      const { page } = await open('/notifications', { as: 'ann_t', contextOptions: { colorScheme: theme } });
      await page
        .getByRole('link', { name: /ben_t replied to your comment/ })
        .first()
        .click();
      await page.waitForURL(`**/certification/${CKA}#comment-${replyId}`);
      const id = `comment-${replyId}`;
      await page.locator(`#${id}`).waitFor();
      // Focused, and once the parts above it have loaded, wholly in view in the upper half of the screen, with
      // nothing over it.
      await page.waitForFunction((target) => document.activeElement?.id === target, id);
      await page.waitForFunction((target) => {
        const li = document.getElementById(target)!;
        const rect = li.querySelector('.comment-body')!.getBoundingClientRect();
        const hit = document.elementFromPoint(rect.left + 8, rect.top + 8);
        return rect.top >= 0 && rect.bottom <= innerHeight && rect.top < innerHeight / 2 && !!hit && li.contains(hit);
      }, id);

      const colours = await page.locator(`#${id}`).evaluate((li) => {
        const probe = document.createElement('div');
        probe.style.color = 'var(--bs-primary)';
        document.body.append(probe);
        const primary = getComputedStyle(probe).color;
        probe.remove();
        const body = li.querySelector('.comment-body')!;
        const other = Array.from(document.querySelectorAll('.comment-body')).find((b) => !li.contains(b))!;
        // The contrast of a link in the highlighted comment against the tint laid over what is behind it.
        const rgba = (c: string) => (c.match(/[\d.]+/g) ?? []).map(Number);
        const behind = (el: Element | null): number[] => {
          for (let e = el; e; e = e.parentElement) {
            const [r = 0, g = 0, b = 0, a = 1] = rgba(getComputedStyle(e).backgroundColor);
            if (a > 0 && getComputedStyle(e).backgroundColor !== 'rgba(0, 0, 0, 0)') return [r, g, b, a];
          }
          return [255, 255, 255, 1];
        };
        const [tr = 0, tg = 0, tb = 0, ta = 0] = rgba(getComputedStyle(body).backgroundColor);
        const [br = 0, bg = 0, bb = 0] = behind(body.parentElement);
        const ground = [tr * ta + br * (1 - ta), tg * ta + bg * (1 - ta), tb * ta + bb * (1 - ta)];
        const luminance = (rgb: number[]) =>
          rgb
            .map((v) => v / 255)
            .map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4))
            .reduce((sum, v, i) => sum + v * [0.2126, 0.7152, 0.0722][i]!, 0);
        const link = body.querySelector('.comment-content a');
        const [l1, l2] = [luminance(rgba(getComputedStyle(link!).color).slice(0, 3)), luminance(ground)];
        return {
          primary,
          linkContrast: (Math.max(l1, l2) + 0.05) / (Math.min(l1, l2) + 0.05),
          border: getComputedStyle(body).borderLeftColor,
          background: getComputedStyle(body).backgroundColor,
          otherBorder: getComputedStyle(other).borderLeftColor,
          otherBackground: getComputedStyle(other).backgroundColor,
          theme: document.documentElement.getAttribute('data-bs-theme'),
        };
      });
      expect(colours.theme).toBe(theme);
      // Highlighted in the theme's primary colour and a tinted background, unlike the other comments.
      expect(colours.border).toBe(colours.primary);
      expect(colours.otherBorder).not.toBe(colours.primary);
      expect(colours.background).not.toBe(colours.otherBackground);
      // And its links stay readable on the tint (WCAG AA, 4.5:1).
      expect(colours.linkContrast).toBeGreaterThanOrEqual(4.5);
    });
  }

  it('names in threads, reviews and the moderation log lead to the member’s page; reviews carry their day', async () => {
    await replyToAnn();
    const ann = await signInByApi(server.url, 'ann_t', PASSWORD);
    const rated = await api(`/api/certification/${CKA}/rating`, ann.token, {
      method: 'PUT',
      body: {
        difficulty: 4,
        value: 5,
        recognition: 4,
        review: 'Hands-on and fair; practise the troubleshooting tasks.',
      },
    });
    expect(rated.status, JSON.stringify(rated.body)).toBe(200);
    const { page } = await open(`/certification/${CKA}`);
    const comment = page.getByRole('article', { name: 'Comment by ann_t' });
    expect(await comment.getByRole('link', { name: 'ann_t' }).getAttribute('href')).toBe('/u/ann_t');
    const review = page.getByTestId('reviews').getByRole('listitem').filter({ hasText: 'Hands-on and fair' });
    expect(await review.getByRole('link', { name: 'ann_t' }).getAttribute('href')).toBe('/u/ann_t');
    const day = new Date().toLocaleDateString('en-GB', { dateStyle: 'medium', timeZone: 'UTC' });
    expect(await review.locator('time').textContent()).toBe(day);

    // The tracker test's approval is on the public log, by mod_t.
    const log = await open('/moderation-log');
    const entry = log.page.getByTestId('moderation-entry').filter({ hasText: 'mod_t' }).first();
    await entry.getByRole('link', { name: 'mod_t' }).click();
    await log.page.waitForURL('**/u/mod_t');
    await log.page.getByRole('heading', { level: 1, name: 'mod_t' }).waitFor();
  });

  it('the sign-in dialog of an unverified account offers to send the verification mail again', async () => {
    const registered = await api('/auth/register', null, {
      method: 'POST',
      body: { username: 'dan_t', email: 'dan_t@example.com', password: PASSWORD, confirmPassword: PASSWORD },
    });
    expect(registered.status).toBe(201);
    const { page } = await open('/');
    await page.getByRole('button', { name: NAV_TEXT.signIn }).first().click();
    const dialog = page.getByRole('dialog', { name: ACCOUNT_TEXT.loginTitle });
    await dialog.getByLabel(ACCOUNT_TEXT.username).fill('dan_t');
    await dialog.getByLabel(ACCOUNT_TEXT.password).fill(PASSWORD);
    await dialog.getByRole('button', { name: ACCOUNT_TEXT.signIn, exact: true }).click();
    await dialog.getByRole('alert').filter({ hasText: MSG.emailNotVerified }).waitFor();

    const resend = dialog.getByRole('region', { name: ACCOUNT_TEXT.resendFromLogin });
    const since = Date.now();
    await resend.getByLabel(ACCOUNT_TEXT.emailAddress).fill('dan_t@example.com');
    await resend.getByRole('button', { name: ACCOUNT_TEXT.resendEmail }).click();
    await resend.getByRole('status').filter({ hasText: MSG.verificationLinkSent }).waitFor();
    const sent = await mail.waitForMail('dan_t@example.com', { since });
    expect(extractLink(sent, '/verify-email')).toContain('token=');
  });

  it('"Profile" tells a visitor why they are on the home page, with the Sign In button, and goes on once signed in', async () => {
    const { page } = await open('/');
    await page.getByRole('navigation').getByRole('link', { name: 'Profile' }).first().click();
    const notice = page.getByRole('status').filter({ hasText: ACCOUNT_TEXT.profileSignInPrompt });
    await notice.waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    await notice.getByRole('button', { name: NAV_TEXT.signIn }).click();
    const dialog = page.getByRole('dialog', { name: ACCOUNT_TEXT.loginTitle });
    await dialog.getByLabel(ACCOUNT_TEXT.username).fill('ben_t');
    await dialog.getByLabel(ACCOUNT_TEXT.password).fill(PASSWORD);
    await dialog.getByRole('button', { name: ACCOUNT_TEXT.signIn, exact: true }).click();
    await page.waitForURL('**/profile');
    await page.getByRole('heading', { name: ACCOUNT_TEXT.profileTitle, level: 1 }).waitFor();
  });
});
