import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ACCOUNT_TEXT, BADGE_TEXT, FIRST_SIGN_IN_TEXT, NAV_TEXT, TRACKER_STATUS_LABELS } from '@certitude/shared';
import pg from 'pg';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BadgeIssuer } from '../apps/server/test/support/badge-issuer.js';
import { hasChromium, launchBrowser, openPage } from './support/browser.js';
import { createMember, e2eDatabase, signInByApi, type AuthTokens } from './support/members.js';
import { startServer, type RunningServer } from './support/server.js';

/**
 * The first sign-in's questions in Chromium (docs/product.md#first-sign-in): after a member's first sign-in, "Which
 * certifications do you hold?" (one with its badge, checked with a local issuer, one with the day earned), then "Rate
 * what you hold"; they land in the tracker as held, and no later sign-in, on any browser, asks again. Skipping too.
 */
const PASSWORD = 'First-sign-in-e2e-1';
const BADGED = 'certified-kubernetes-administrator-cka';
const DATED = 'aws-certified-solutions-architect-associate';

let server: RunningServer;
let browser: Browser;
let issuer: BadgeIssuer;
let database: Awaited<ReturnType<typeof e2eDatabase>>;
let dataDir: string;
let badgeClass: string;
const contexts: BrowserContext[] = [];

/** One statement as an operator would type it, on the running server's database. */
async function sql(text: string, values: unknown[]) {
  const client = database.env.DATABASE_URL
    ? new pg.Client({ connectionString: database.env.DATABASE_URL })
    : new pg.Client({ host: join(dataDir, 'run'), port: 5432, user: 'postgres', database: 'postgres' });
  await client.connect();
  try {
    await client.query(text, values);
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'certitude-e2e-first-sign-in-'));
  database = await e2eDatabase('first_sign_in');
  for (const username of ['fay_f', 'gus_f']) createMember(dataDir, { username, password: PASSWORD }, database.env);
  // The badge's issuer is a local server: the address check is lifted for it, as the tests of badges do.
  server = await startServer({ DATA_DIR: dataDir, BADGE_ALLOW_PRIVATE_HOSTS: 'true', ...database.env });
  issuer = await BadgeIssuer.start();
  badgeClass = issuer.badgeClass();
  // A moderator's revision would add the class; the test writes it where the catalogue keeps it.
  await sql('update certifications set badge_classes = array[$1] where slug = $2', [badgeClass, BADGED]);
  if (hasChromium) browser = await launchBrowser();
});

afterAll(async () => {
  for (const c of contexts) await c.close();
  await browser?.close();
  await issuer?.stop();
  const code = await server?.stop();
  await database?.drop();
  expect(code, server?.output()).toBe(0);
});

async function api(path: string, auth: AuthTokens) {
  const res = await fetch(`${server.url}${path}`, { headers: { authorization: `Bearer ${auth.token}` } });
  return { status: res.status, body: res.status === 204 ? undefined : await res.json() };
}

const certification = async (slug: string) =>
  (await (await fetch(`${server.url}/api/certification/${slug}`)).json()) as { id: number; name: string };

const questions = (page: Page) => page.getByRole('dialog', { name: FIRST_SIGN_IN_TEXT.holdTitle });

/** Another browser, signed in as `auth`: it knows nothing of earlier answers, so the server's answer decides. */
async function laterSignIn(auth: AuthTokens) {
  const { page, problems } = await openPage(browser, server.url, null, { auth, askFirstSignIn: true, contexts });
  const asked = page.waitForResponse((r) => r.url().endsWith('/api/user/first-sign-in'));
  await page.goto(`${server.url}/about`);
  expect(await (await asked).json()).toMatchObject({ pending: false });
  // The answer came: the dialog's code would be on its way now, and the page has finished loading what it asked for.
  await page.waitForLoadState('networkidle');
  expect(await page.getByRole('dialog').count()).toBe(0);
  expect(problems).toEqual([]);
}

describe.skipIf(!hasChromium)('the first sign-in in Chromium', () => {
  it('asks what the member holds, adds it to the tracker as held (one verified by its badge), rates it, and never asks again', async () => {
    const badged = await certification(BADGED);
    const dated = await certification(DATED);
    const email = 'fay_f@example.com';
    const badgeUrl = issuer.hosted(badgeClass, email);

    const { page, problems } = await openPage(browser, server.url, '/', { contexts, hydrate: true });
    await page.getByRole('button', { name: NAV_TEXT.signIn, exact: true }).click();
    const login = page.getByRole('dialog', { name: ACCOUNT_TEXT.loginTitle });
    await login.getByLabel(ACCOUNT_TEXT.username).fill('fay_f');
    await login.getByLabel(ACCOUNT_TEXT.password, { exact: true }).fill(PASSWORD);
    await login.getByRole('button', { name: ACCOUNT_TEXT.signIn, exact: true }).click();

    const dialog = questions(page);
    await dialog.waitFor();
    const find = dialog.getByLabel(FIRST_SIGN_IN_TEXT.find);
    await find.fill('CKA');
    await dialog.getByRole('button', { name: FIRST_SIGN_IN_TEXT.pick(badged.name) }).click();
    await find.fill('SAA-C03');
    await dialog.getByRole('button', { name: FIRST_SIGN_IN_TEXT.pick(dated.name) }).click();
    const picked = dialog.getByRole('list', { name: FIRST_SIGN_IN_TEXT.picked });
    await picked.getByRole('listitem', { name: badged.name }).getByLabel(FIRST_SIGN_IN_TEXT.badgeLink).fill(badgeUrl);
    const save = dialog.getByRole('button', { name: FIRST_SIGN_IN_TEXT.saveAndRate });
    // The second has neither a badge nor a day yet.
    expect(await save.isDisabled()).toBe(true);
    await picked.getByRole('listitem', { name: dated.name }).getByLabel(FIRST_SIGN_IN_TEXT.earnedOn).fill('2024-05-10');
    await save.click();

    const rate = page.getByRole('dialog', { name: FIRST_SIGN_IN_TEXT.rateTitle });
    await rate.getByText(FIRST_SIGN_IN_TEXT.rateProgress(1, 2, badged.name)).waitFor();
    const form = rate.getByRole('form', { name: 'Your rating' });
    for (const group of ['Difficulty', 'Career value', 'Recognition']) {
      await form
        .getByRole('group', { name: new RegExp(`^${group}`) })
        .getByText('4', { exact: true })
        .click();
    }
    await form.getByRole('button', { name: 'Save my rating' }).click();
    await rate.getByText(FIRST_SIGN_IN_TEXT.rateProgress(2, 2, dated.name)).waitFor();
    await rate.getByRole('button', { name: FIRST_SIGN_IN_TEXT.skipThisOne }).click();
    await rate.waitFor({ state: 'detached' });

    // The tracker holds both, the badge's one verified.
    await page.getByRole('link', { name: 'Profile' }).click();
    const entries = page.getByTestId('tracker-entry');
    await expect.poll(() => entries.count()).toBe(2);
    const badgedEntry = entries.filter({ hasText: badged.name });
    await badgedEntry.getByText(TRACKER_STATUS_LABELS.HELD, { exact: true }).waitFor();
    await badgedEntry.getByText(BADGE_TEXT.verified, { exact: true }).waitFor();
    await entries.filter({ hasText: dated.name }).getByText(TRACKER_STATUS_LABELS.HELD, { exact: true }).waitFor();
    expect(await entries.filter({ hasText: dated.name }).getByText(BADGE_TEXT.verified, { exact: true }).count()).toBe(
      0,
    );

    const auth = await signInByApi(server.url, 'fay_f', PASSWORD);
    expect((await api(`/api/certification/${badged.id}/rating`, auth)).body).toMatchObject({
      difficulty: 4,
      value: 4,
      recognition: 4,
    });
    expect((await api(`/api/certification/${dated.id}/rating`, auth)).status).toBe(404);
    expect((await api('/api/user/first-sign-in', auth)).body).toMatchObject({ pending: false, outcome: 'DONE' });
    // The same browser on its next page load, and another browser on the next sign-in: not asked again.
    await page.reload();
    await page.getByRole('heading', { name: ACCOUNT_TEXT.profileTitle, level: 1 }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(await page.getByRole('dialog').count()).toBe(0);
    await laterSignIn(auth);
    expect(problems).toEqual([]);
  });

  it('skipped, it is not asked again; the profile offers it again', async () => {
    const auth = await signInByApi(server.url, 'gus_f', PASSWORD);
    const { page, problems } = await openPage(browser, server.url, '/', { auth, askFirstSignIn: true, contexts });
    const dialog = questions(page);
    await dialog.getByRole('button', { name: FIRST_SIGN_IN_TEXT.skip }).click();
    await dialog.waitFor({ state: 'detached' });
    // The dialog closes at once; the skip reaches the server with the request the press sent.
    await expect
      .poll(async () => (await api('/api/user/first-sign-in', auth)).body)
      .toMatchObject({ pending: false, outcome: 'SKIPPED' });
    expect((await api('/api/user/certifications', auth)).body).toEqual([]);
    await laterSignIn(auth);

    await page.goto(`${server.url}/profile`);
    await page.getByRole('button', { name: FIRST_SIGN_IN_TEXT.open }).click();
    await questions(page).getByLabel(FIRST_SIGN_IN_TEXT.find).waitFor();
    expect(problems).toEqual([]);
  });
});
