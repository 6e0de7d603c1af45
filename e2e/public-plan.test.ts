import { join } from 'node:path';
import { STORAGE_KEYS, type Certification, type Theme } from '@certitude/shared';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkA11y, describeViolations } from './support/a11y.js';
import { hasChromium } from './support/browser.js';
import { signInByApi } from './support/members.js';
import { ROOT, type RunningServer } from './support/server.js';
import { open as openSuite, startSuite, stopSuite } from './support/suite.js';

/**
 * A member's plan (docs/product.md#profile, #public-profile-page): My plan on /profile, its public, read-only form on
 * /u/{username} made of the entries the member shows, and a certification page that asks for the member's own rating
 * without a failing request. Screenshots of the plans and of a card in both themes go to docs/screenshots/ (linked
 * from docs/product.md).
 */
const SCREENSHOTS = join(ROOT, 'docs', 'screenshots');
const PASSWORD = 'Plan-e2e-pass-1';
const MEMBER = 'gina_g';
/** A member who never rates: their certification pages must ask for their own rating without a failing request. */
const OTHER = 'hank_h';
const CERT = 'comptia-security-plus';
const PHONE = { width: 375, height: 740 };

let server: RunningServer;

beforeAll(async () => {
  ({ server } = await startSuite({
    database: 'public_plan',
    members: { [MEMBER]: 'USER', [OTHER]: 'USER' },
    password: PASSWORD,
    pages: { hydrate: true, consoleErrors: true },
  }));
});

afterAll(stopSuite);

function open(
  path: string,
  opts: { member?: boolean; as?: string; theme?: Theme; viewport?: typeof PHONE; consoleErrors?: boolean } = {},
) {
  const theme = opts.theme ?? 'light';
  return openSuite(path, {
    as: opts.member ? MEMBER : opts.as,
    contextOptions: {
      viewport: opts.viewport ?? { width: 1280, height: 900 },
      reducedMotion: 'reduce',
      colorScheme: theme,
      storageState: {
        cookies: [],
        origins: [{ origin: server.url, localStorage: [{ name: STORAGE_KEYS.theme, value: theme }] }],
      },
    },
  });
}

async function getJson<T>(path: string): Promise<T> {
  const res = await fetch(`${server.url}${path}`);
  expect(res.status, path).toBe(200);
  return (await res.json()) as T;
}

const noSideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth).then((d) => expect(d).toBe(0));

describe.skipIf(!hasChromium)('a member’s plan in Chromium', () => {
  it('a member who has not rated a rated certification gets its page without a failing request', async () => {
    const auth = await signInByApi(server.url, MEMBER, PASSWORD);
    const rated = await fetch(`${server.url}/api/certification/${CERT}/rating`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${auth.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ difficulty: 4, value: 3, recognition: 5 }),
    });
    expect(rated.status, await rated.text()).toBe(200);
    const { page, problems } = await open(`/certification/${CERT}`, { as: OTHER });
    const failed: string[] = [];
    page.on('response', (r) => r.status() >= 400 && failed.push(`${r.status()} ${r.url()}`));
    const ownAsked = (p: Page) =>
      p.waitForResponse((r) => r.url().endsWith(`/rating?missing=null`) && r.request().method() === 'GET');
    const asked = ownAsked(page);
    await page.reload();
    expect((await asked).status()).toBe(200);
    expect(await page.getByTestId('own-rating').count()).toBe(0);
    // The rating form, opened for a first rating, asks again: still no failure.
    const again = ownAsked(page);
    await page.getByRole('button', { name: 'Rate this certification' }).click();
    expect((await again).status()).toBe(200);
    expect(failed).toEqual([]);
    expect(problems).toEqual([]);
  });

  for (const theme of ['light', 'dark'] as const) {
    it(`${theme}: My plan on the profile puts the member’s certifications on a timeline, with the cost ahead and next steps`, async () => {
      const auth = await signInByApi(server.url, MEMBER, PASSWORD);
      const save = async (slug: string, body: Record<string, unknown>) => {
        const res = await fetch(`${server.url}/api/user/certifications/${slug}`, {
          method: 'PUT',
          headers: { authorization: `Bearer ${auth.token}`, 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
        expect(res.status, await res.text()).toBe(200);
      };
      // Security+ and CySA+ shown on the public profile; PenTest+ kept private.
      await save(CERT, { status: 'HELD', earnedOn: '2025-02-03', public: true });
      await save('comptia-cysa-plus', { status: 'PLANNED', targetDate: '2027-06-30', public: true });
      await save('comptia-pentest-plus', { status: 'STUDYING' });
      const ahead = await Promise.all(
        ['comptia-cysa-plus', 'comptia-pentest-plus'].map((slug) =>
          getJson<Certification>(`/api/certification/${slug}`),
        ),
      );
      const costs = ahead.map((c) => c.exam.costUsd).filter((c): c is number => c !== null);
      const { page, problems } = await open('/profile', { member: true, theme });
      const plan = page.getByTestId('my-plan');
      const events = plan.locator('li.plan-event');
      await expect.poll(() => events.count()).toBeGreaterThanOrEqual(3);
      const texts = await events.allTextContents();
      expect(texts[0]).toMatch(/^3 Feb 2025 Held Earned: CompTIA Security\+/);
      expect(texts.findIndex((t) => t.includes('30 Jun 2027'))).toBeGreaterThan(0);
      expect(texts.at(-1)).toMatch(/^No date yet Studying Target: CompTIA PenTest\+/);
      const totals = await plan.getByTestId('plan-totals').textContent();
      expect(totals).toContain('2 certifications still to take');
      if (costs.length > 0) expect(totals).toContain(`US$${costs.reduce((a, b) => a + b, 0).toLocaleString('en-US')}`);
      expect(await plan.getByTestId('plan-next').textContent()).toContain('After CompTIA Security+: ');
      await plan.screenshot({ path: join(SCREENSHOTS, `my-plan-${theme}.png`) });
      const report = await checkA11y(page, { include: '[data-testid="my-plan"]' });
      expect(report.violations, describeViolations(report.violations)).toEqual([]);
      expect(problems).toEqual([]);
    });

    it(`${theme}: the public profile shows the plan of the public entries only, read-only and in the server’s HTML`, async () => {
      const html = await (await fetch(`${server.url}/u/${MEMBER}`)).text();
      expect(html).toContain('data-testid="public-plan"');
      expect(html).toContain('CompTIA CySA+');
      expect(html).not.toContain('CompTIA PenTest+');
      expect(html).toContain('<link rel="canonical"');
      const { page, problems } = await open(`/u/${MEMBER}`, { theme });
      const plan = page.getByTestId('public-plan');
      const texts = await plan.locator('li.plan-event').allTextContents();
      expect(texts[0]).toMatch(/^3 Feb 2025 Held Earned: CompTIA Security\+/);
      expect(texts.some((t) => /^30 Jun 2027 Planned Target: CompTIA CySA\+/.test(t))).toBe(true);
      expect(texts.some((t) => t.includes('PenTest+'))).toBe(false);
      expect(await plan.getByTestId('plan-totals').textContent()).toContain('1 certification still to take');
      expect(await plan.getByTestId('plan-next').textContent()).toContain('After CompTIA Security+: ');
      expect(await plan.getByRole('button').count()).toBe(0);
      await plan.screenshot({ path: join(SCREENSHOTS, `public-plan-${theme}.png`) });
      const report = await checkA11y(page);
      expect(report.violations, describeViolations(report.violations)).toEqual([]);
      expect(problems).toEqual([]);
    });

    it(`${theme}: a certification card on the home page, for the screenshots`, async () => {
      const { page, problems } = await open('/?q=security%2B', { theme });
      const card = page.getByRole('list', { name: 'Certifications' }).getByRole('listitem').first();
      await card.waitFor();
      await card.screenshot({ path: join(SCREENSHOTS, `card-${theme}.png`) });
      const report = await checkA11y(page, { include: '[aria-label="Certifications"] > li:first-child' });
      expect(report.violations, describeViolations(report.violations)).toEqual([]);
      expect(problems).toEqual([]);
    });
  }

  it('phone: the public plan fits the screen, nothing sideways', async () => {
    const { page, problems } = await open(`/u/${MEMBER}`, { viewport: PHONE });
    await page.getByTestId('public-plan').waitFor();
    await noSideways(page);
    expect(problems).toEqual([]);
  });

  it('an unknown member’s page is Page Not Found with the status 404', async () => {
    expect((await fetch(`${server.url}/u/nobody_at_all`)).status).toBe(404);
    expect((await fetch(`${server.url}/api/users/nobody_at_all`)).status).toBe(404);
  });
});
