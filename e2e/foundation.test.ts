import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, hydrated, scriptsNamedBy } from './support/browser.js';
import type { RunningServer } from './support/server.js';
import { open, startSuite, stopSuite } from './support/suite.js';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  ({ server, browser } = await startSuite({
    // A page that records CSP violations and script errors, which must stay empty.
    pages: { consoleErrors: true },
  }));
});
afterAll(stopSuite);

describe('server-rendered HTML, as a crawler sees it', () => {
  it('the home page lists the catalogue without JavaScript', async () => {
    const res = await fetch(`${server.url}/`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('Top Technology Certifications');
    expect(html).toContain('AWS Certified Solutions Architect - Associate');
    expect(html).toMatch(/<link rel="canonical" href="http:\/\/127\.0\.0\.1:\d+\/"/);
    expect(res.headers.get('content-security-policy')).toMatch(/script-src 'self' '(nonce|sha256)-/);
  });

  it('the filters sent without JavaScript land on the address Apply writes: no empty field, not the default sort', async () => {
    const sent = '/?q=aws&vendor=&sort=best&level=&domain=&maxCostUsd=&lifecycle=ACTIVE%2CRETIRING%2CRETIRED';
    const res = await fetch(`${server.url}${sent}`, { redirect: 'manual' });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/?q=aws&lifecycle=ACTIVE%2CRETIRING%2CRETIRED');
    const clean = await fetch(`${server.url}/?q=aws&sort=name`, { redirect: 'manual' });
    expect(clean.status).toBe(200);
  });

  it('a certification page carries its title and description', async () => {
    const html = await (await fetch(`${server.url}/certification/certified-kubernetes-administrator-cka`)).text();
    expect(html).toMatch(/<title>Certified Kubernetes Administrator \(CKA\) \| Certitude<\/title>/);
    expect(html).toMatch(
      /<meta name="description" content="Hands-on Linux Foundation and CNCF certification[^"]{20,}\.\.\."/,
    );
    expect(html).toContain('application/ld+json');
  });

  it('a page names its scripts without asking for them: none is preloaded, the module script waits for the paint', async () => {
    const html = await (await fetch(`${server.url}/certification/certified-kubernetes-administrator-cka`)).text();
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).not.toContain('rel="modulepreload"');
    expect(head).toMatch(/<link[^>]*rel="stylesheet"/);
    expect(html).not.toContain('type="module"');
    expect(html).toMatch(/<script nonce="\w*" type="text\/x-after-paint" data-preload="[^"]+">/);
    const scripts = scriptsNamedBy(html);
    expect(scripts.length).toBeGreaterThan(2);
    for (const script of scripts) expect((await fetch(`${server.url}${script}`)).status, script).toBe(200);
    // Only the scripts are rewritten: the page's text is as the server rendered it.
    expect(html).toContain('</html>');
  });

  it('hashed assets are cached for a year and sent compressed', async () => {
    const html = await (await fetch(`${server.url}/`)).text();
    const asset = html.match(/\/assets\/[\w.-]+\.js/)?.[0];
    expect(asset).toBeTruthy();
    const res = await fetch(`${server.url}${asset}`, { headers: { 'accept-encoding': 'br' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(res.headers.get('content-encoding')).toBe('br');
    expect((await res.arrayBuffer()).byteLength).toBeGreaterThan(0);
  });
});

describe.skipIf(!hasChromium)('in Chromium', () => {
  it('a page asks for its scripts after its first paint, and hydrates', async () => {
    for (const path of ['/', '/certification/certified-kubernetes-administrator-cka']) {
      const { page, problems } = await open(path);
      await hydrated(page, { wholeGrid: false });
      const { paint, script } = await page.evaluate(() => ({
        paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN,
        script: Math.min(
          ...performance
            .getEntriesByType('resource')
            .filter((e) => new URL(e.name).pathname.endsWith('.js'))
            .map((e) => e.startTime),
        ),
      }));
      expect(script).toBeGreaterThanOrEqual(paint);
      expect(problems).toEqual([]);
      await page.context().close();
    }
  });

  it('the home page renders the catalogue and hydrates without CSP or script errors', async () => {
    const { page, problems } = await open('/');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Top Technology Certifications' }).isVisible(),
    ).resolves.toBe(true);
    const cards = page.getByRole('list', { name: 'Certifications' }).getByRole('listitem');
    // The first cards come with the page; the rest are added while the browser is idle.
    await hydrated(page);
    await expect.poll(() => cards.count()).toBeGreaterThanOrEqual(120);
    // Client-side navigation proves hydration: the link is followed without a full reload.
    await page.getByRole('link', { name: 'View & Discuss' }).first().click();
    await page.waitForURL(/\/certification\//);
    await page.getByRole('link', { name: '← Back' }).waitFor();
    expect(await page.getByRole('link', { name: 'Official Page' }).count()).toBe(1);
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('an unknown path answers 404 and shows the 404 screen with Go Home and Go Back', async () => {
    expect((await fetch(`${server.url}/no/such/page`)).status).toBe(404);
    // The browser reports the page's own 404 status as a console error: that one is the point, any other is not.
    const { page, problems } = await open('/no/such/page', {
      consoleErrors: (text) => !/status of 404/.test(text),
    });
    await page.getByRole('heading', { name: 'Page Not Found' }).waitFor();
    expect(await page.getByRole('link', { name: 'Go Home' }).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Go Back' }).isVisible()).toBe(true);
    await page.getByRole('link', { name: 'Go Home' }).click();
    await page.getByRole('heading', { name: 'Top Technology Certifications' }).waitFor();
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('the theme toggle flips, is saved, and applies before first paint on reload', async () => {
    const { page } = await open('/about');
    const theme = () => page.evaluate(() => document.documentElement.getAttribute('data-bs-theme'));
    expect(await theme()).toBe('light');
    await page.getByRole('button', { name: 'Switch to dark theme' }).click();
    expect(await theme()).toBe('dark');
    await page.reload();
    expect(await theme()).toBe('dark');
    await page.context().close();
  });

  it('follows the system dark preference when nothing is saved', async () => {
    const context = await browser.newContext({ colorScheme: 'dark' });
    const page = await context.newPage();
    await page.goto(`${server.url}/`);
    expect(await page.evaluate(() => document.documentElement.getAttribute('data-bs-theme'))).toBe('dark');
    await context.close();
  });

  it('scrolls to the top on every path change and highlights the current view', async () => {
    const { page } = await open('/');
    await page.evaluate(() => window.scrollTo(0, 2000));
    await page.getByRole('contentinfo').getByRole('link', { name: 'About' }).click();
    await page.waitForURL(/\/about$/);
    await page.waitForFunction(() => window.scrollY === 0);
    const current = page.getByRole('navigation').first().locator('[aria-current="page"]');
    expect(await current.textContent()).toBe('About');
    await page.context().close();
  });
});
