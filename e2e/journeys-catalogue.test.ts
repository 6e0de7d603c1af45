import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MSG, TEXT } from '@certitude/shared';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, launchBrowser, openPage } from './support/browser.js';
import { createMember, signInByApi } from './support/members.js';
import { startServer, withDatabase, type RunningServer } from './support/server.js';

/**
 * Journeys through the catalogue screens of docs/product.md#screens that the other files leave out: the card and detail
 * page as a visitor meets them, their loading, empty and error states, the render-error page, the
 * moderator's badge capped at '99+', and the listing with the API down (a really stopped server).
 */
const PASSWORD = 'Journeys-catalogue-1';
const VOTER = 'journey_voter';
const MODERATOR = 'journey_mod';
const CKA = 'certified-kubernetes-administrator-cka';
const CKA_NAME = 'Certified Kubernetes Administrator (CKA)';
const EMPTY = { slug: 'journey-empty-certification', name: 'Journey Empty Certification' };
/** More pending submissions than the badge shows. */
const PENDING = 120;

let server: RunningServer;
let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  // Members and rows are made before the server opens the database (PGlite admits one process at a time).
  const dataDir = mkdtempSync(join(tmpdir(), 'certitude-e2e-journeys-catalogue-'));
  createMember(dataDir, { username: VOTER, password: PASSWORD });
  await withDatabase(dataDir, async (db) => {
    // The moderator shares the member's password hash: one run of the command line instead of two.
    await db.query(
      `insert into users (username, email, password_hash, role, email_verified)
       select $1, $1 || '@example.com', password_hash, 'MODERATOR', true from users where username = $2`,
      [MODERATOR, VOTER],
    );
    await db.query(
      `insert into certifications (slug, name, cert_code, vendor, description, url, status, submitted_by_id)
       select 'journey-pending-' || i, 'Journey Pending ' || i, 'JP-' || i, 'Journey Vendor', 'Waiting for review.',
              'https://example.com/jp/' || i, 'PENDING', u.id
       from generate_series(1, $1::int) as i, users u where u.username = $2`,
      [PENDING, VOTER],
    );
    await db.query(
      `insert into certifications (slug, name, cert_code, vendor, description, url, status, submitted_by_id)
       select $1, $2, 'JEC-1', 'Journey Vendor', 'A certification nobody has suggested anything for yet.', '', 'APPROVED', id
       from users where username = $3`,
      [EMPTY.slug, EMPTY.name, VOTER],
    );
  });
  server = await startServer({ DATA_DIR: dataDir });
  if (hasChromium) browser = await launchBrowser();
});

afterAll(async () => {
  for (const c of contexts) await c.close().catch(() => undefined);
  await browser?.close();
  // The last journey stops the server on purpose and starts it again; either way it ends cleanly here.
  const code = await server?.stop();
  expect(code, server?.output()).toBe(0);
});

/** A page for a returning visitor, or signed in as `member` by storing what /auth/login returned. */
const openAs = async (path: string | null, member?: string) =>
  openPage(browser, server.url, path, {
    auth: member ? await signInByApi(server.url, member, PASSWORD) : null,
    storeOnce: true,
    contexts,
  });

const heading = (page: Page, name: string, level?: number) =>
  page.getByRole('heading', { name, exact: true, ...(level ? { level } : {}) });

const card = (page: Page, name: string) =>
  page.locator('article.certification-card').filter({ has: page.getByRole('heading', { name, exact: true }) });

describe.skipIf(!hasChromium)('catalogue journeys in Chromium', () => {
  it('a visitor opens a card: name, vendor badge, code, score, Official Page in a new tab; View & Discuss leads to the detail, also by numeric id', async () => {
    const { page, problems } = await openAs('/');
    const cka = card(page, CKA_NAME);
    await cka.waitFor();
    expect(await cka.locator('.vendor-badge').textContent()).toBe('Linux Foundation');
    expect(await cka.locator('code').textContent()).toBe('CKA');
    expect(await cka.getByLabel('Score 0').count()).toBe(1);
    const official = cka.getByRole('link', { name: TEXT.officialPage });
    expect(await official.getAttribute('target')).toBe('_blank');
    expect(await official.getAttribute('href')).toMatch(/^https:\/\//);
    // No Edit for someone who did not submit it, and no Submit Certification for a visitor.
    expect(await cka.getByRole('button', { name: /Edit/ }).count()).toBe(0);
    expect(await page.getByRole('button', { name: TEXT.submitCertification }).count()).toBe(0);

    await cka.getByRole('link', { name: TEXT.viewAndDiscuss }).click();
    await page.waitForURL(`${server.url}/certification/${CKA}`);
    await heading(page, CKA_NAME, 1).waitFor();
    await heading(page, TEXT.learningResources).waitFor();
    await heading(page, 'Discussion').waitFor();
    expect(await page.title()).toBe(`${CKA_NAME} | Certitude`);
    // The detail page shows the vendor badge and the code too.
    const main = page.getByRole('main');
    expect(await main.locator('.vendor-badge').first().textContent()).toBe('Linux Foundation');
    expect(await main.locator('code.cert-code').textContent()).toBe('CKA');

    const { id } = (await (await fetch(`${server.url}/api/certification/${CKA}`)).json()) as { id: number };
    await page.goto(`${server.url}/certification/${id}`);
    await heading(page, CKA_NAME, 1).waitFor();
    await page.getByRole('link', { name: `← ${TEXT.back}` }).click();
    await heading(page, TEXT.homeTitle, 1).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');

    // The brand in the navbar goes home too.
    await page.goto(`${server.url}/about`);
    await page.locator('nav.navbar').getByRole('link', { name: 'Certitude', exact: true }).click();
    await heading(page, TEXT.homeTitle, 1).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    expect(problems).toEqual([]);
  });

  it('/certification without an id says Invalid certification ID; an unknown one Certification not found; both lead back to the listing', async () => {
    const { page, problems } = await openAs('/certification');
    await heading(page, MSG.invalidCertificationId).waitFor();
    await page.getByRole('link', { name: TEXT.backToCertifications }).click();
    await heading(page, TEXT.homeTitle, 1).waitFor();

    await page.goto(`${server.url}/certification/no-such-certification`);
    await heading(page, MSG.certificationNotFound).waitFor();
    expect(await page.title()).toBe(`${MSG.certificationNotFound} | Certitude`);
    await page.getByRole('link', { name: TEXT.backToCertifications }).click();
    await heading(page, TEXT.homeTitle, 1).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    expect(problems).toEqual([]);
  });

  it('the resource list: typed Paid/Free cards linking out in a new tab; No Resources Available where there are none', async () => {
    const { page, problems } = await openAs(`/certification/${CKA}`);
    const list = page.getByRole('list', { name: 'Learning resources' });
    const docs = list.getByRole('listitem').filter({ hasText: 'Kubernetes documentation' });
    await docs.waitFor();
    expect(await docs.locator('.badge').allTextContents()).toEqual(['Documentation', 'Free']);
    await docs.getByText('The official docs, which you may consult during the exam', { exact: false }).waitFor();
    const paid = list.getByRole('listitem').filter({ hasText: 'KodeKloud' });
    expect(await paid.locator('.badge').allTextContents()).toEqual(['Course', 'Paid']);
    const link = docs.getByRole('link', { name: 'Kubernetes documentation' });
    expect(await link.getAttribute('target')).toBe('_blank');
    expect(await link.getAttribute('href')).toBe('https://kubernetes.io/docs/home/');
    expect(await docs.getByRole('button', { name: /Login to vote/ }).count()).toBe(2);
    // A visitor may read, not submit.
    expect(await page.getByRole('button', { name: TEXT.submitResource }).count()).toBe(0);

    await page.goto(`${server.url}/certification/${EMPTY.slug}`);
    await heading(page, TEXT.noResourcesAvailable).waitFor();
    await page.getByText(TEXT.noResourcesText).waitFor();
    // No url: no Official Page link.
    expect(await page.getByRole('link', { name: TEXT.officialPage }).count()).toBe(0);
    expect(problems).toEqual([]);
  });

  it('Loading resources... while the list is on its way; Failed to fetch resources when its stream breaks off', async () => {
    const { page } = await openAs('/');
    // The detail page's data arrives as a stream whose second part is the resource list (a deferred value).
    let mode: 'pending' | 'broken' = 'pending';
    await page.route('**/certification/*.data*', async (route) => {
      const res = await route.fetch();
      const body = await res.text();
      expect(body).toMatch(/\nP\d+:/);
      const changed =
        mode === 'pending'
          ? body.replace(/\nP\d+:[^\n]*/, '') // never arrives
          : body.replace(/\nP(\d+):[^\n]*/, '\nP$1:{broken'); // arrives garbled
      await route.fulfill({ response: res, body: changed });
    });
    await card(page, CKA_NAME).getByRole('link', { name: TEXT.viewAndDiscuss }).click();
    await heading(page, CKA_NAME, 1).waitFor();
    await page.getByText(TEXT.loadingResources).waitFor();

    mode = 'broken';
    await page.getByRole('link', { name: `← ${TEXT.back}` }).click();
    await heading(page, TEXT.homeTitle, 1).waitFor();
    await card(page, CKA_NAME).getByRole('link', { name: TEXT.viewAndDiscuss }).click();
    await heading(page, CKA_NAME, 1).waitFor();
    await page.getByRole('alert').filter({ hasText: MSG.fetchResourcesFailed }).waitFor();
    // The rest of the page stands.
    await heading(page, 'Discussion').waitFor();
  });

  it('an unknown path: 404 Page Not Found, and Go Back returns to the page before', async () => {
    const { page, problems } = await openAs('/about');
    await heading(page, 'Discover the Best Tech Certifications', 1).waitFor();
    await page.goto(`${server.url}/certifications/typo`);
    await heading(page, TEXT.pageNotFound).waitFor();
    await page.getByRole('button', { name: TEXT.goBack }).click();
    await page.waitForURL(`${server.url}/about`);
    await heading(page, 'Discover the Best Tech Certifications', 1).waitFor();
    expect(problems).toEqual([]);
  });

  it('articles: the list leads to an article; an unknown slug says Article not found with Back to Articles', async () => {
    const { page, problems } = await openAs('/');
    await page.getByRole('navigation').first().getByRole('link', { name: 'Articles' }).click();
    await heading(page, 'Articles', 1).waitFor();
    const first = page.locator('main .card').first().getByRole('link').first();
    const title = (await first.textContent())!.trim();
    await first.click();
    await page.waitForURL(/\/articles\/[a-z0-9-]+$/);
    await heading(page, title, 1).waitFor();

    await page.goto(`${server.url}/articles/no-such-article`);
    await heading(page, MSG.articleNotFound).waitFor();
    await page.getByRole('link', { name: 'Back to Articles' }).click();
    await heading(page, 'Articles', 1).waitFor();
    expect(problems).toEqual([]);
  });

  it('a visitor who opens /profile or /admin is sent home', async () => {
    const { page, problems } = await openAs('/profile');
    await page.waitForURL(`${server.url}/`);
    await heading(page, TEXT.homeTitle, 1).waitFor();
    await page.goto(`${server.url}/admin`);
    await page.waitForURL(`${server.url}/`);
    await heading(page, TEXT.homeTitle, 1).waitFor();
    expect(problems).toEqual([]);
  });

  it('a member votes down, then up; a refused vote is undone with Failed to vote; a failed status read shows the counts without a vote', async () => {
    const { page, problems } = await openAs(`/certification/${EMPTY.slug}`, VOTER);
    const widget = page.locator('article .vote-widget');
    const score = widget.locator('.score');
    const up = widget.getByRole('button', { name: /^(Upvote|Remove upvote):/ });
    const down = widget.getByRole('button', { name: /^(Downvote|Remove downvote):/ });
    await expect.poll(() => up.getAttribute('title')).toBe('Upvote');
    // The member's vote status has been read, so its answer cannot land after the click's.
    await page.waitForLoadState('networkidle');
    await down.click();
    await expect.poll(() => down.getAttribute('title')).toBe(MSG.removeDownvote);
    await expect.poll(() => widget.getAttribute('aria-busy')).toBe('false');
    expect(await score.textContent()).toBe('-1');
    await up.click();
    await expect.poll(() => up.getAttribute('title')).toBe(MSG.removeUpvote);
    await expect.poll(() => widget.getAttribute('aria-busy')).toBe('false');
    expect(await score.textContent()).toBe('1');
    expect(await down.getAttribute('title')).toBe('Downvote');

    // The server refuses the next vote: the score goes back and the member is told.
    await page.route('**/api/vote/certification/*/downvote', (route) =>
      route.fulfill({ status: 500, json: { statusCode: 500, error: 'Internal Server Error', message: 'boom' } }),
    );
    await down.click();
    await page.getByRole('alert').filter({ hasText: MSG.voteFailed }).waitFor();
    await expect.poll(() => widget.getAttribute('aria-busy')).toBe('false');
    expect(await score.textContent()).toBe('1');
    expect(await up.getAttribute('title')).toBe(MSG.removeUpvote);

    // The member's own vote cannot be read: the page's counts stand, with no vote marked.
    await page.route('**/api/vote/*/*/status', (route) => route.fulfill({ status: 503, json: { message: 'down' } }));
    const statusAnswered = page.waitForResponse((r) => /\/api\/vote\/certification\/\d+\/status$/.test(r.url()));
    await page.reload();
    await statusAnswered;
    await expect.poll(() => score.textContent()).toBe('1');
    expect(await up.getAttribute('title')).toBe('Upvote');
    expect(await up.getAttribute('aria-pressed')).toBe('false');
    expect(problems).toEqual([]);
  });

  it('failed submissions and comments say so: duplicate certification, update, resource and comment failures', async () => {
    const { page, problems } = await openAs(`/certification/${EMPTY.slug}`, VOTER);
    await heading(page, EMPTY.name, 1).waitFor();

    // Edit (the member submitted it): the server fails, the form says so and stays open.
    await page.route('**/api/certification/*', (route) =>
      route.request().method() === 'PUT' ? route.fulfill({ status: 500, body: '' }) : route.fallback(),
    );
    await page.getByRole('button', { name: TEXT.edit, exact: true }).click();
    const edit = page.getByRole('dialog', { name: TEXT.editCertification });
    await edit.getByLabel('Certification Name').fill(`${EMPTY.name} Renamed`);
    await edit.getByRole('button', { name: TEXT.updateCertification }).click();
    await edit.getByRole('alert').filter({ hasText: MSG.updateCertificationFailed }).waitFor();
    await edit.getByRole('button', { name: TEXT.cancel }).click();
    await edit.waitFor({ state: 'detached' });

    // Submit resource: the server fails without a message.
    await page.route('**/api/resource', (route) => route.fulfill({ status: 502, body: 'Bad Gateway' }));
    await page.getByRole('button', { name: TEXT.submitResource }).click();
    const resource = page.getByRole('dialog', { name: TEXT.submitResourceTitle });
    await resource.getByLabel('Resource Name').fill('Journey notes');
    await resource.getByLabel('Description').fill('Notes.');
    await resource.getByLabel('URL').fill('https://example.com/notes');
    await resource.getByRole('button', { name: TEXT.submitResource }).click();
    await resource.getByRole('alert').filter({ hasText: MSG.submitResourceFailed }).waitFor();
    await resource.getByRole('button', { name: TEXT.cancel }).click();
    await resource.waitFor({ state: 'detached' });

    // Comment: the server fails.
    await page.route('**/api/certification/*/comments', (route) =>
      route.request().method() === 'POST' ? route.fulfill({ status: 500, body: '' }) : route.fallback(),
    );
    await page.getByLabel('Add a comment').fill('Will this post?');
    await page.getByRole('button', { name: 'Post Comment' }).click();
    await page.getByRole('alert').filter({ hasText: MSG.postCommentFailed }).waitFor();

    // Submit a certification that exists already: the server's own sentence (a real 409).
    await page.goto(`${server.url}/`);
    await page.getByRole('button', { name: TEXT.submitCertification }).click();
    const submit = page.getByRole('dialog', { name: TEXT.submitNewCertification });
    await submit.getByLabel('Certification Name').fill(CKA_NAME);
    await submit.getByLabel('Certification Code').fill('CKA');
    await submit.getByLabel('Vendor').fill('Linux Foundation');
    await submit.getByLabel('Description').fill('Again.');
    await submit.getByLabel('Official URL').fill('https://example.com/cka');
    await submit.getByRole('button', { name: TEXT.submitCertification }).click();
    await submit.getByRole('alert').filter({ hasText: MSG.duplicateCertification }).waitFor();
    expect(problems).toEqual([]);
  });

  it(`a moderator sees Admin Panel with the red badge capped at '99+' (${PENDING} pending)`, async () => {
    const pending = await (
      await fetch(`${server.url}/api/admin/pending-counts`, {
        headers: { authorization: `Bearer ${(await signInByApi(server.url, MODERATOR, PASSWORD)).token}` },
      })
    ).json();
    expect(pending.total).toBeGreaterThanOrEqual(PENDING);
    const { page, problems } = await openAs('/', MODERATOR);
    const link = page
      .getByRole('navigation')
      .first()
      .getByRole('link', { name: /Admin Panel/ });
    const badge = link.getByTestId('pending-badge');
    await badge.waitFor();
    // The number, then the words a screen reader adds.
    expect((await badge.innerText()).trim()).toMatch(/^99\+\s+pending items$/);
    expect(await badge.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(220, 53, 69)');
    await link.click();
    await heading(page, 'Admin Panel', 1).waitFor();
    expect(await link.getAttribute('aria-current')).toBe('page');
    expect(problems).toEqual([]);
  });

  it('a render error shows Something went wrong; Go Back leaves it, Refresh Page shows the page again', async () => {
    const { page, problems } = await openAs('/');
    // A malformed answer to the page's data request (the certification page's loader, read by a client navigation)
    // makes the page fail while rendering.
    await page.route('**/certification/*.data*', (route) =>
      route.fulfill({ status: 200, contentType: 'text/x-script', body: '[{"unexpected":' }),
    );
    await card(page, CKA_NAME).getByRole('link', { name: TEXT.viewAndDiscuss }).click();
    const screen = page.getByRole('alert').filter({ has: heading(page, TEXT.somethingWentWrong) });
    await screen.waitFor();
    expect(await screen.getByRole('button', { name: TEXT.refreshPage }).isVisible()).toBe(true);
    // The navbar stays, so the visitor is not stranded.
    expect(await page.getByRole('navigation').first().getByRole('link', { name: 'Home' }).isVisible()).toBe(true);
    await screen.getByRole('button', { name: TEXT.goBack }).click();
    await heading(page, TEXT.homeTitle, 1).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');

    await page.goForward();
    await heading(page, TEXT.somethingWentWrong).waitFor();
    expect(new URL(page.url()).pathname).toBe(`/certification/${CKA}`);
    await page.unroute('**/certification/*.data*');
    await Promise.all([page.waitForEvent('load'), page.getByRole('button', { name: TEXT.refreshPage }).click()]);
    await heading(page, CKA_NAME, 1).waitFor();
    await page.getByText(MSG.discussionLoginPrompt).waitFor();
    expect(await heading(page, TEXT.somethingWentWrong).count()).toBe(0);
    // The thrown error itself is the one expected; nothing else went wrong.
    expect(problems.filter((p) => !/JSON|Unexpected|unexpected|turbo|not iterable|decode/i.test(p))).toEqual([]);
  });

  it('with the API down the listing says Failed to fetch certifications; with nothing approved, No Certifications Available', async () => {
    const { page } = await openAs('/');
    await heading(page, TEXT.homeTitle, 1).waitFor();
    const nav = page.getByRole('navigation').first();
    await nav.getByRole('link', { name: 'About' }).click();
    await heading(page, 'Discover the Best Tech Certifications', 1).waitFor();
    // The server really goes away; the page already loaded stays in the browser.
    expect(await server.stop()).toBe(0);
    await nav.getByRole('link', { name: 'Home' }).click();
    await page.getByRole('alert').filter({ hasText: MSG.fetchCertificationsFailed }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');

    await withDatabase(server.dataDir, (db) => db.query(`update certifications set status = 'REJECTED'`));
    server = await startServer({ DATA_DIR: server.dataDir });
    const fresh = await openAs('/');
    await heading(fresh.page, TEXT.noCertificationsAvailable).waitFor();
    expect(await fresh.page.getByRole('list', { name: 'Certifications' }).getByRole('listitem').count()).toBe(0);
    expect(fresh.problems).toEqual([]);
  }, 120_000);
});
