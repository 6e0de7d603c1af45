import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { STORAGE_KEYS, type Theme } from '@certitude/shared';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkA11y, describeViolations, settled } from './support/a11y.js';
import { switchTheme } from './support/theme-switch.js';
import { hasChromium, launchBrowser, openPage } from './support/browser.js';
import { createMember, e2eDatabase, signInByApi, type AuthTokens } from './support/members.js';
import { startServer, type RunningServer } from './support/server.js';
import { stopOwnServer } from './support/suite.js';

/*
 * axe-core over every screen and every open dialog of docs/product.md, in the light and the dark theme, in
 * states with content: a certification with votes, resources and a discussion (replies, an edited and a
 * deleted comment), a review queue with pending items, a moderation log, a draft article. Any violation, of
 * any impact, fails; the message lists the rule, the impact and the elements.
 */

const PASSWORD = 'A11y-e2e-Passw0rd';
const ROLES = { member: 'USER', moderator: 'MODERATOR', admin: 'ADMIN' } as const;
type Role = keyof typeof ROLES;
const username = (role: Role) => `a11y_${role}`;
const CKA = 'certified-kubernetes-administrator-cka';
const NEGATIVE = 'aws-certified-ai-practitioner';
const OWN_CERT = 'A11y Member Certification';
const THEMES: readonly Theme[] = ['light', 'dark'];

let server: RunningServer;
let browser: Browser;
let database: Awaited<ReturnType<typeof e2eDatabase>>;
const contexts = new Set<BrowserContext>();
/** Every rule axe evaluated, over all runs: the count goes to docs/quality.md. */
const rulesRun = new Set<string>();
let checks = 0;
/** A pending submission's slug carries a random suffix until approval: its page is opened by id. */
let pendingId = 0;

/** Tokens per role, taken again after three minutes (access tokens live five). */
const tokens = new Map<Role, { auth: AuthTokens; at: number }>();
async function auth(role: Role): Promise<AuthTokens> {
  const cached = tokens.get(role);
  if (cached && Date.now() - cached.at < 180_000) return cached.auth;
  const fresh = await signInByApi(server.url, username(role), PASSWORD);
  tokens.set(role, { auth: fresh, at: Date.now() });
  return fresh;
}

async function call<T = unknown>(role: Role, method: string, path: string, body?: unknown): Promise<T> {
  const { token } = await auth(role);
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!res.ok) throw new Error(`${method} ${path} as ${role} answered ${res.status}: ${await res.text()}`);
  return (res.status === 204 ? undefined : await res.json()) as T;
}

/** Content that makes axe look at the real interface, made through the API the way members would. */
async function seed() {
  const cka = await call<{ id: number }>('member', 'GET', `/api/certification/${CKA}`);
  const negative = await call<{ id: number }>('member', 'GET', `/api/certification/${NEGATIVE}`);
  await call('member', 'POST', `/api/vote/certification/${cka.id}/upvote`);
  await call('moderator', 'POST', `/api/vote/certification/${cka.id}/upvote`);
  await call('admin', 'POST', `/api/vote/certification/${negative.id}/downvote`);

  const comment = (role: Role, content: string, parentCommentId?: number) =>
    call<{ id: number }>(role, 'POST', `/api/certification/${cka.id}/comments`, { content, parentCommentId });
  // Members wait 30 s between posts on their first day, staff do not: the member posts once.
  const first = await comment('member', 'I passed the CKA last month: practise with kubectl every day.');
  const reply = await comment('admin', 'Congratulations! Which practice exams did you use?', first.id);
  await comment('moderator', 'The two simulator sessions that come with the exam, twice each.', reply.id);
  await call('member', 'PUT', `/api/comments/${first.id}`, {
    content: 'I passed the CKA last month: practise with kubectl every day, and learn the docs by heart.',
  });
  await comment(
    'moderator',
    'Markdown works here: **bold**, `kubectl get pods` and [the docs](https://kubernetes.io/docs/).',
  );
  const removed = await comment('admin', 'A comment that its author removed.');
  await comment('moderator', 'A reply that stays under a removed comment.', removed.id);
  await call('admin', 'DELETE', `/api/comments/${removed.id}`);

  const certification = (name: string, certCode: string) =>
    call<{ id: number }>('member', 'POST', '/api/certification', {
      name,
      certCode,
      vendor: 'A11y Vendor',
      description: `${name}: submitted by the accessibility test.`,
      url: 'https://example.com/a11y',
      submittedById: username('member'),
    });
  const own = await certification(OWN_CERT, 'A11Y-OWN');
  await call('admin', 'POST', `/api/admin/certification/${own.id}/approve`);
  const rejected = await certification('A11y Rejected Certification', 'A11Y-REJ');
  await call('admin', 'POST', `/api/admin/certification/${rejected.id}/reject`, { reason: 'Duplicate entry' });
  pendingId = (await certification('A11y Pending Certification', 'A11Y-PEND')).id;

  const resource = (name: string, isPaid: boolean) =>
    call<{ id: number }>('member', 'POST', '/api/resource', {
      name,
      description: `${name}, submitted by the accessibility test.`,
      url: 'https://example.com/a11y-resource',
      type: 'video',
      isPaid,
      certificationId: cka.id,
      submittedById: username('member'),
    });
  const approved = await resource('A11y Paid Video Course', true);
  await call('moderator', 'POST', `/api/admin/resource/${approved.id}/approve`);
  await resource('A11y Pending Resource', false);

  await call('admin', 'POST', '/api/articles', {
    title: 'A11y draft article',
    summary: 'An unpublished draft, so that the articles tab shows its Draft badge.',
    content: '# Draft\n\nNot published yet.',
    published: false,
  });
}

beforeAll(async () => {
  // PGlite admits one process at a time: members are made before the server opens the database.
  const dataDir = mkdtempSync(join(tmpdir(), 'certitude-e2e-a11y-'));
  database = await e2eDatabase('a11y');
  for (const role of Object.keys(ROLES) as Role[]) {
    createMember(dataDir, { username: username(role), role: ROLES[role], password: PASSWORD }, database.env);
  }
  server = await startServer({
    DATA_DIR: dataDir,
    SUPPORT_URL: 'https://donate.example.org/certitude',
    ...database.env,
  });
  await seed();
  if (hasChromium) browser = await launchBrowser();
});
afterAll(async () => {
  const code = await stopOwnServer({ contexts, browser, server, database });
  if (checks > 0) console.log(`axe: ${checks} checks, ${rulesRun.size} distinct rules evaluated`);
  expect(code, server?.output()).toBe(0);
});

interface Visit {
  theme: Theme;
  role?: Role;
  /** A first-time visitor: no visited and welcome-shown flags, so the welcome popup comes. */
  firstVisit?: boolean;
  /** A context of its own, for a test that changes the whole context (a clock that stands still). */
  ownContext?: boolean;
}

/**
 * The contexts that tests share, one per role: each test opens its own page in its role's context, so that the
 * app's files come from the browser's cache instead of a cold one each time. A shared context is set aside once
 * its role's tokens were taken again, so that every page opens with tokens as fresh as before.
 */
const shared = new Map<string, { context: BrowserContext; token: string | null }>();

/** A context holding a returning visitor's storage (or a first-time visitor's), signed in as `visit.role`. */
async function contextFor(visit: Visit): Promise<BrowserContext> {
  const a = visit.role ? await auth(visit.role) : null;
  const key = visit.role ?? 'visitor';
  const reusable = !visit.firstVisit && !visit.ownContext;
  const known = reusable ? shared.get(key) : undefined;
  if (known && known.token === (a?.token ?? null)) return known.context;
  if (known) {
    shared.delete(key);
    contexts.delete(known.context);
    await known.context.close();
  }
  const storage: Record<string, string> = {};
  if (!visit.firstVisit)
    Object.assign(storage, { [STORAGE_KEYS.visited]: 'true', [STORAGE_KEYS.welcomeShown]: 'true' });
  if (a) {
    Object.assign(storage, {
      [STORAGE_KEYS.accessToken]: a.token,
      [STORAGE_KEYS.refreshToken]: a.refreshToken,
      [STORAGE_KEYS.user]: JSON.stringify(a.user),
      // The first sign-in's questions were answered in this browser: they would cover the page checked.
      firstSignInAsked: JSON.stringify([a.user.id]),
    });
  }
  const context = await browser.newContext({
    viewport: { width: 1280, height: 800 },
    // Colours are checked as they end up, not halfway through a transition: Bootstrap turns its transitions
    // off for people who ask for less motion, so a busy machine cannot catch a button mid-fade.
    reducedMotion: 'reduce',
    storageState: {
      cookies: [],
      origins: [
        { origin: server.url, localStorage: Object.entries(storage).map(([name, value]) => ({ name, value })) },
      ],
    },
  });
  contexts.add(context);
  if (reusable) shared.set(key, { context, token: a?.token ?? null });
  return context;
}

/**
 * A page of its own, themed as the app themes itself: the saved theme in localStorage (put there before each
 * document of the page loads, for the boot script to read before first paint) and the matching system
 * preference. `before` runs ahead of the first request (routes held or answered by the test, a clock that
 * stands still).
 */
async function open(path: string, visit: Visit, before?: (page: Page) => Promise<unknown>): Promise<Page> {
  const { page } = await openPage(browser, server.url, path, {
    context: await contextFor(visit),
    before: async (page) => {
      await page.emulateMedia({ colorScheme: visit.theme });
      await page.addInitScript(
        ({ key, theme }) => {
          // The tab's first, blank document has no storage of its own (reading it throws): nothing to save there.
          if (location.protocol === 'http:' || location.protocol === 'https:') localStorage.setItem(key, theme);
        },
        { key: STORAGE_KEYS.theme, theme: visit.theme },
      );
      await before?.(page);
    },
    hydrate: true,
  });
  if (visit.role) await page.getByRole('button', { name: 'Logout' }).waitFor();
  return page;
}

/**
 * The home page's grid holds every certification, 260 cards of one component: the first audit of the home page
 * checks all of them, every other audit of it the first twelve (the same markup; the rest cost over ten seconds an
 * audit on a 2-core machine).
 */
const LATER_CARDS = 'ul[aria-label="Certifications"] > li:nth-child(n+13)';
let wholeGridAudited = false;

async function expectAccessible(page: Page, label: string, theme: Theme, include?: string) {
  await settled(page);
  const hasGrid = include === undefined && (await page.locator(LATER_CARDS).count()) > 0;
  const exclude = hasGrid && wholeGridAudited ? LATER_CARDS : undefined;
  if (hasGrid) wholeGridAudited = true;
  expect(await page.evaluate(() => document.documentElement.getAttribute('data-bs-theme'))).toBe(theme);
  expect(await page.evaluate(() => matchMedia('(prefers-color-scheme: dark)').matches)).toBe(theme === 'dark');
  const report = await checkA11y(page, { include, exclude });
  checks++;
  for (const r of report.ruleIds) rulesRun.add(r);
  expect(report.passes, `${label}: axe passed no rule, so it did not run`).toBeGreaterThan(0);
  expect(report.violations.length, `${label} (${theme}):\n${describeViolations(report.violations)}`).toBe(0);
}

/** Closes a test's page, and its context unless tests share it. */
async function close(page: Page) {
  const context = page.context();
  if ([...shared.values()].some((s) => s.context === context)) {
    await page.close();
    return;
  }
  contexts.delete(context);
  await context.close();
}

/**
 * The page that a test of the first theme leaves, once it passed, to the test of the same screen or dialog in
 * the second theme, which switches the theme in place (support/theme-switch.ts) and audits the same state again,
 * instead of loading the page and bringing that state about a second time. A test that finds no page left for
 * it, or a page without the theme toggle, opens its own.
 */
let handoff: Handoff | null = null;
interface Handoff {
  key: string;
  page: Page;
  /** The dialog that stays open. */
  dialog?: Locator;
}

async function takeHandoff(key: string, theme: Theme): Promise<Handoff | null> {
  const left = handoff;
  handoff = null;
  if (!left) return null;
  if (left.key === key && !left.page.isClosed() && (await switchTheme(left.page, theme))) return left;
  await close(left.page);
  return null;
}

interface Screen {
  name: string;
  path: string;
  role?: Role;
  /** Waits for the state under test (and brings it about). */
  ready(page: Page): Promise<unknown>;
  /** Set up before the page loads (answers held or given by the test). */
  before?(page: Page): Promise<unknown>;
  /** `before` changes the whole context (its clock): the page gets a context of its own. */
  ownContext?: boolean;
}

const heading = (page: Page, name: string | RegExp) => page.getByRole('heading', { name }).first().waitFor();
const comments = (page: Page) => page.getByRole('list', { name: 'Comments' }).getByText('[deleted]').waitFor();
const resources = (page: Page) =>
  page
    .getByRole('list', { name: 'Learning resources' })
    .getByRole('link', { name: 'A11y Paid Video Course' })
    .waitFor();

const SCREENS: Screen[] = [
  {
    name: 'home, visitor',
    path: '/',
    ready: (p) => p.getByRole('list', { name: 'Certifications' }).getByText(OWN_CERT).waitFor(),
  },
  {
    name: 'home, search that finds nothing',
    path: '/?q=zzzz-no-such-certification',
    ready: (p) => heading(p, 'No Certifications Found'),
  },
  {
    name: 'home, member (Submit and Edit)',
    path: '/',
    role: 'member',
    ready: (p) => p.getByRole('button', { name: `Edit ${OWN_CERT}` }).waitFor(),
  },
  {
    name: 'certification detail, visitor',
    path: `/certification/${CKA}`,
    ready: async (p) => {
      await resources(p);
      await comments(p);
      await p.getByText('Please log in to join the discussion').waitFor();
    },
  },
  {
    name: 'certification detail, member: vote cast, own comments, one being edited, a reply box open',
    path: `/certification/${CKA}`,
    role: 'member',
    ready: async (p) => {
      await resources(p);
      await comments(p);
      await p.getByRole('button', { name: /^Remove upvote: / }).waitFor();
      const list = p.getByRole('list', { name: 'Comments' });
      await list.getByRole('button', { name: 'Reply to a11y_moderator' }).first().click();
      await p.getByRole('textbox', { name: 'Reply to a11y_moderator' }).waitFor();
      await list.getByRole('button', { name: 'Edit comment' }).first().click();
      await p.getByRole('textbox', { name: 'Edit comment' }).waitFor();
    },
  },
  {
    name: 'own certification, member (Edit)',
    path: '/certification/a11y-member-certification',
    role: 'member',
    ready: async (p) => {
      await p.getByRole('button', { name: 'Edit', exact: true }).waitFor();
      await p.getByText('No Resources Available').waitFor();
      await p.getByText('No comments yet').waitFor();
    },
  },
  {
    name: 'pending certification, its submitter',
    get path() {
      return `/certification/${pendingId}`;
    },
    role: 'member',
    ready: (p) => p.getByText('Pending review').waitFor(),
  },
  {
    name: 'certification not found',
    path: '/certification/no-such-certification',
    ready: (p) => heading(p, 'Certification not found'),
  },
  { name: 'articles list', path: '/articles', ready: (p) => p.getByRole('article').first().waitFor() },
  {
    name: 'article detail',
    path: '/articles/how-to-choose-your-first-cloud-certification',
    ready: (p) => heading(p, /first cloud certification/i),
  },
  {
    name: 'article not found',
    path: '/articles/no-such-article',
    ready: (p) => p.getByRole('heading').first().waitFor(),
  },
  { name: 'certification paths', path: '/paths', ready: (p) => p.getByTestId('path-domains').waitFor() },
  {
    name: 'a domain’s path map (security)',
    path: '/paths/security',
    ready: (p) => p.locator('[data-testid="path-map"].is-interactive').waitFor(),
  },
  {
    name: 'moderation log',
    path: '/moderation-log',
    ready: (p) => p.getByTestId('moderation-entry').first().waitFor(),
  },
  { name: 'about', path: '/about', ready: (p) => heading(p, 'Ready to Advance Your Career?') },
  { name: 'privacy policy', path: '/privacy', ready: (p) => heading(p, /Privacy/) },
  { name: 'terms of service', path: '/terms', ready: (p) => heading(p, /Terms/) },
  { name: 'cookie policy', path: '/cookies', ready: (p) => heading(p, /Cookie/) },
  {
    name: 'profile, admin info',
    path: '/profile',
    role: 'admin',
    ready: (p) => p.getByTestId('account-type').getByText('ADMIN').waitFor(),
  },
  {
    name: 'profile, change password with errors',
    path: '/profile',
    role: 'member',
    ready: async (p) => {
      await p.getByRole('tab', { name: 'Change Password' }).click();
      const tab = p.getByRole('tabpanel');
      await tab.getByLabel('New Password', { exact: true }).fill('short');
      await tab.getByRole('button').last().click();
      await tab.locator('.invalid-feedback, .alert').first().waitFor();
    },
  },
  {
    name: 'profile, change email',
    path: '/profile',
    role: 'member',
    ready: async (p) => {
      await p.getByRole('tab', { name: 'Change Email' }).click();
      await p.getByRole('tabpanel').getByLabel('Current Password').waitFor();
    },
  },
  {
    name: 'admin panel, review queue with pending items (moderator)',
    path: '/admin',
    role: 'moderator',
    ready: (p) => p.getByText('A11y Pending Resource', { exact: true }).waitFor(),
  },
  {
    name: 'admin panel, reject form open (admin)',
    path: '/admin',
    role: 'admin',
    ready: async (p) => {
      const card = p.locator('.card', { hasText: 'A11y Pending Certification' });
      await card.getByRole('button', { name: 'Reject' }).click();
      await card.getByLabel('Reason for rejection').waitFor();
    },
  },
  {
    name: 'admin panel, members (admin)',
    path: '/admin',
    role: 'admin',
    ready: async (p) => {
      await p.getByRole('tab', { name: 'Members' }).click();
      await p.getByTestId('member-a11y_member').waitFor();
    },
  },
  {
    name: 'admin panel, moderation log',
    path: '/admin',
    role: 'admin',
    ready: async (p) => {
      await p.getByRole('tab', { name: 'Moderation Log' }).click();
      await p.getByRole('cell', { name: 'Duplicate entry' }).waitFor();
    },
  },
  {
    name: 'admin panel, articles',
    path: '/admin',
    role: 'admin',
    ready: async (p) => {
      await p.getByRole('tab', { name: 'Articles' }).click();
      await p.getByRole('cell', { name: 'A11y draft article' }).waitFor();
    },
  },
  {
    name: 'verify email, no token (error and resend form)',
    path: '/verify-email',
    ready: (p) => p.getByRole('button', { name: 'Resend Email' }).waitFor(),
  },
  {
    name: 'verify email, success',
    path: '/verify-email?token=good',
    before: (p) =>
      p.route('**/api/email-verification/verify**', (r) =>
        r.fulfill({ json: { success: true, message: 'Your email address has been verified. You can now sign in.' } }),
      ),
    ready: (p) => p.getByRole('button', { name: 'Log In Now' }).waitFor(),
  },
  {
    name: 'verify email, expired link',
    path: '/verify-email?token=expired-or-unknown',
    ready: (p) => p.getByRole('alert').first().waitFor(),
  },
  {
    name: 'reset password, no token',
    path: '/reset-password',
    ready: (p) => p.getByRole('button', { name: 'Login' }).waitFor(),
  },
  {
    name: 'reset password, invalid token',
    path: '/reset-password?token=not-a-real-token',
    ready: (p) => p.getByRole('button', { name: 'Request New Reset' }).waitFor(),
  },
  {
    name: 'reset password, validating',
    path: '/reset-password?token=held',
    before: (p) => p.route('**/auth/validate-reset-token**', () => undefined),
    ready: (p) => p.getByText('Validating reset link...').waitFor(),
  },
  {
    name: 'reset password, form with strength meter and errors',
    path: '/reset-password?token=valid',
    before: (p) => p.route('**/auth/validate-reset-token**', (r) => r.fulfill({ json: { valid: true } })),
    ready: async (p) => {
      await p.getByLabel('New Password', { exact: true }).fill('weakpass');
      await p.getByLabel('Confirm New Password').fill('different');
      await p.getByRole('button', { name: 'Reset Password' }).click();
      await p.getByText('Passwords do not match').first().waitFor();
    },
  },
  {
    name: 'auth callback, provider not configured',
    path: '/auth/callback?error=oauth_not_configured&provider=github',
    // The page sends the visitor home after 5 s; the test's clock stands still.
    before: (p) => p.clock.install(),
    ownContext: true,
    ready: (p) => p.getByText('Redirecting to the home page...').waitFor(),
  },
  { name: '404', path: '/no-such-page', ready: (p) => heading(p, 'Page Not Found') },
  {
    name: 'error screen',
    path: '/',
    ready: async (p) => {
      // A failed data request on a client navigation is an unhandled route error: the error boundary shows.
      await p.route('**/articles.data**', (r) => r.fulfill({ status: 500, body: 'boom' }));
      await p.locator('#main-nav').getByRole('link', { name: 'Articles' }).click();
      await heading(p, 'Something went wrong');
    },
  },
];

interface Dialog {
  name: string;
  path: string;
  role?: Role;
  firstVisit?: boolean;
  /** Opens the dialog (and brings it to the state under test); returns it. */
  open(page: Page, theme: Theme): Promise<Locator>;
}

const dialog = async (page: Page, name: string | RegExp) => {
  const d = page.getByRole('dialog', { name });
  await d.waitFor();
  return d;
};
const signIn = async (page: Page) => {
  await page.getByRole('navigation').getByRole('button', { name: 'Sign In' }).click();
  return dialog(page, 'Welcome Back');
};
const register = async (page: Page) => {
  await page.getByRole('navigation').getByRole('button', { name: 'Get Started' }).click();
  return dialog(page, 'Join Certitude');
};

/**
 * The sign-in dialogs open from the navbar of any page; they are audited over the About page, which loads in a
 * fraction of the home page's time (its grid of every certification), and the audit covers the dialog only.
 */
const AUTH_DIALOG_PAGE = '/about';

const DIALOGS: Dialog[] = [
  { name: 'welcome popup, step 1', path: '/about', firstVisit: true, open: (p) => dialog(p, 'Welcome to Certitude!') },
  {
    name: 'welcome popup, step 2',
    path: '/about',
    firstVisit: true,
    open: async (p) => {
      const d = await dialog(p, 'Welcome to Certitude!');
      await d.getByRole('button', { name: 'Next' }).click();
      return dialog(p, 'Join the community');
    },
  },
  {
    name: 'login, fields required',
    path: AUTH_DIALOG_PAGE,
    open: async (p) => {
      const d = await signIn(p);
      await d.locator('form').getByRole('button', { name: 'Sign In', exact: true }).click();
      await d.locator('.invalid-feedback').first().waitFor();
      return d;
    },
  },
  {
    name: 'login failed',
    path: AUTH_DIALOG_PAGE,
    open: async (p) => {
      const d = await signIn(p);
      await d.getByLabel('Username').fill(username('member'));
      await d.getByLabel('Password').fill('wrong-password');
      // Wait for the server's answer itself, so that a failure here says whether the call went out.
      const answered = p.waitForResponse((r) => new URL(r.url()).pathname.endsWith('/auth/login'), { timeout: 20_000 });
      await d.locator('form').getByRole('button', { name: 'Sign In', exact: true }).click();
      expect((await answered).status()).toBe(401);
      await d.getByText('Login Failed:').waitFor();
      return d;
    },
  },
  {
    name: 'register, fields invalid',
    path: AUTH_DIALOG_PAGE,
    open: async (p) => {
      const d = await register(p);
      await d.getByLabel('Email Address').fill('not-an-address');
      await d.getByLabel('Password', { exact: true }).fill('abc');
      await d.getByLabel('Confirm Password').fill('abd');
      await d.locator('form').getByRole('button', { name: 'Create Account', exact: true }).click();
      await d.getByText('Passwords do not match').waitFor();
      return d;
    },
  },
  {
    name: 'registration successful',
    path: AUTH_DIALOG_PAGE,
    open: async (p, theme) => {
      const d = await register(p);
      const name = `a11y_new_${theme}`;
      await d.getByLabel('Username').fill(name);
      await d.getByLabel('Email Address').fill(`${name}@example.com`);
      await d.getByLabel('Password', { exact: true }).fill(PASSWORD);
      await d.getByLabel('Confirm Password').fill(PASSWORD);
      await d.locator('form').getByRole('button', { name: 'Create Account', exact: true }).click();
      return dialog(p, 'Registration Successful');
    },
  },
  {
    name: 'forgot password',
    path: AUTH_DIALOG_PAGE,
    open: async (p) => {
      const d = await signIn(p);
      await d.getByRole('button', { name: 'Forgot your password?' }).click();
      return dialog(p, 'Forgot Password');
    },
  },
  {
    name: 'forgot password, link sent',
    path: AUTH_DIALOG_PAGE,
    open: async (p) => {
      const d = await signIn(p);
      await d.getByRole('button', { name: 'Forgot your password?' }).click();
      const f = await dialog(p, 'Forgot Password');
      await f.getByLabel('Email Address').fill('someone@example.com');
      await f.getByRole('button', { name: 'Send Reset Link' }).click();
      await f.getByRole('status').waitFor();
      return f;
    },
  },
  {
    name: 'submit certification, with errors',
    path: '/',
    role: 'member',
    open: async (p) => {
      await p.getByRole('button', { name: 'Submit Certification' }).click();
      const d = await dialog(p, 'Submit New Certification');
      await d.getByLabel('Official URL').fill('not a url');
      await d.getByRole('button', { name: 'Submit Certification' }).click();
      await d.locator('.invalid-feedback').first().waitFor();
      return d;
    },
  },
  {
    name: 'certification submitted',
    path: '/',
    role: 'member',
    open: async (p, theme) => {
      await p.getByRole('button', { name: 'Submit Certification' }).click();
      const d = await dialog(p, 'Submit New Certification');
      await d.getByLabel('Certification Name').fill(`A11y Submitted in ${theme}`);
      await d.getByLabel('Certification Code').fill(`A11Y-${theme.toUpperCase()}`);
      await d.getByLabel('Vendor').fill('A11y Vendor');
      await d.getByLabel('Description').fill('Submitted from the accessibility test.');
      await d.getByLabel('Official URL').fill('https://example.com/a11y');
      await d.getByRole('button', { name: 'Submit Certification' }).click();
      return dialog(p, 'Certification Submitted!');
    },
  },
  {
    name: 'edit certification',
    path: '/certification/a11y-member-certification',
    role: 'member',
    open: async (p) => {
      await p.getByRole('button', { name: 'Edit', exact: true }).click();
      return dialog(p, /Edit Certification/i);
    },
  },
  {
    name: 'submit resource',
    path: `/certification/${CKA}`,
    role: 'member',
    open: async (p) => {
      await p.getByRole('button', { name: 'Submit Resource' }).click();
      const d = await dialog(p, 'Submit Learning Resource');
      await d.locator('#resource-url').fill('not a url');
      return d;
    },
  },
  {
    name: 'resource submitted',
    path: `/certification/${CKA}`,
    role: 'member',
    open: async (p, theme) => {
      await p.getByRole('button', { name: 'Submit Resource' }).click();
      const d = await dialog(p, 'Submit Learning Resource');
      await d.locator('#resource-name').fill(`A11y resource in ${theme}`);
      await d.locator('#resource-description').fill('Submitted from the accessibility test.');
      await d.locator('#resource-url').fill('https://example.com/a11y');
      await d.getByRole('button', { name: 'Submit Resource' }).click();
      return dialog(p, /Thank you|Submitted/i);
    },
  },
  {
    name: 'delete comment confirmation',
    path: `/certification/${CKA}`,
    role: 'member',
    open: async (p) => {
      await comments(p);
      await p.getByRole('list', { name: 'Comments' }).getByRole('button', { name: 'Delete comment' }).first().click();
      return dialog(p, 'Delete comment');
    },
  },
  {
    name: 'delete comment with a reason (moderator)',
    path: `/certification/${CKA}`,
    role: 'moderator',
    open: async (p) => {
      await comments(p);
      const theirs = p.getByRole('article', { name: 'Comment by a11y_member' }).first();
      await theirs.getByRole('button', { name: 'Delete comment' }).click();
      const d = await dialog(p, 'Delete comment');
      await d.getByLabel(/Reason/).waitFor();
      return d;
    },
  },
  {
    name: 'suspend a member, fields invalid (admin)',
    path: '/admin',
    role: 'admin',
    open: async (p) => {
      await p.getByRole('tab', { name: 'Members' }).click();
      await p.getByTestId('member-a11y_member').getByRole('button', { name: 'Suspend', exact: true }).click();
      const d = await dialog(p, 'Suspend a11y_member');
      await d.getByLabel('Number of days', { exact: true }).fill('0');
      await d.getByRole('button', { name: 'Suspend', exact: true }).click();
      await d.getByText('A reason is required').waitFor();
      return d;
    },
  },
  {
    name: 'article editor, new',
    path: '/admin',
    role: 'admin',
    open: async (p) => {
      await p.getByRole('tab', { name: 'Articles' }).click();
      await p.getByRole('button', { name: 'New Article' }).click();
      return dialog(p, 'New Article');
    },
  },
  {
    name: 'article editor, preview',
    path: '/admin',
    role: 'admin',
    open: async (p) => {
      await p.getByRole('tab', { name: 'Articles' }).click();
      await p
        .getByRole('row', { name: /A11y draft article/ })
        .getByRole('button', { name: 'Edit' })
        .click();
      const d = await dialog(p, 'Edit Article');
      await d.getByRole('button', { name: 'Preview' }).click();
      await d.getByTestId('article-preview').getByRole('heading', { name: 'Draft' }).waitFor();
      return d;
    },
  },
];

describe.skipIf(!hasChromium)('accessibility (axe-core): every screen and every open dialog', () => {
  afterAll(async () => {
    if (handoff) await close(handoff.page);
    handoff = null;
  });

  // Each screen and each dialog in both themes, one after the other: the second theme's test audits the page
  // the first one left, switched to its theme (takeHandoff). Every other one starts in the dark theme, so that
  // both themes are also met as the boot script sets them before first paint.
  const inTurn = (i: number) => (i % 2 === 0 ? THEMES : [...THEMES].reverse());
  describe.each(SCREENS.map((s, i) => [s.name, s, inTurn(i)] as const))('screen: %s', (_, screen, themes) => {
    it.each(themes)('%s theme', async (theme) => {
      const key = `screen: ${screen.name}`;
      const left = await takeHandoff(key, theme);
      const page =
        left?.page ??
        (await open(screen.path, { theme, role: screen.role, ownContext: screen.ownContext }, screen.before));
      let passed = false;
      try {
        if (!left) await screen.ready(page);
        await expectAccessible(page, screen.name, theme);
        passed = true;
      } finally {
        if (passed && theme === themes[0]) handoff = { key, page };
        else await close(page);
      }
    });
  });

  // One retry: a dialog is reached through a few clicks on a shared 2-core machine; the axe check itself
  // must pass on whichever attempt reaches the dialog.
  describe.each(DIALOGS.map((d, i) => [d.name, d, inTurn(i)] as const))('dialog: %s', (_, spec, themes) => {
    it.each(themes)('%s theme', { retry: 1 }, async (theme) => {
      const key = `dialog: ${spec.name}`;
      const left = await takeHandoff(key, theme);
      const page = left?.page ?? (await open(spec.path, { theme, role: spec.role, firstVisit: spec.firstVisit }));
      let d: Locator | undefined;
      let passed = false;
      try {
        d = left?.dialog ?? (await spec.open(page, theme));
        await expect.poll(() => d!.isVisible()).toBe(true);
        await expectAccessible(page, spec.name, theme, '.modal.show');
        passed = true;
      } finally {
        if (passed && theme === themes[0]) handoff = { key, page, dialog: d };
        else await close(page);
      }
    });
  });
});
