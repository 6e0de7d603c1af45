import { createServer, type Server } from 'node:http';
import { ACCOUNT_TEXT, MSG, TEXT } from '@certitude/shared';
import { OAuth2Server } from 'oauth2-mock-server';
import type { Browser, BrowserContext, Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localOAuthEnv } from '../apps/server/test/support/oauth-env.js';
import { hasChromium } from './support/browser.js';
import { extractLink, type MailCapture } from './support/mail.js';
import { signInByApi } from './support/members.js';
import { type RunningServer } from './support/server.js';
import { open, startSuite, stopSuite } from './support/suite.js';

/**
 * Journeys through the account screens, flows and error texts of docs/product.md that accounts.test.ts leaves out:
 * registration errors, the verify-email and reset-password states, the login and profile errors, social
 * sign-in with Google and GitHub against a local OAuth server, the /auth/callback states and their
 * timings, and the token refresh (one refresh for concurrent 401s; a failed refresh sends the user to '/').
 */
const stamp = Date.now().toString(36);
const PASSWORD = 'Journey-Pass1';
/** Registered through the API, left unverified: its verification link is asked for again from the error page. */
const ada = { username: `ada_${stamp}`, email: `ada_${stamp}@example.com` };
/** Registered in the browser. */
const bea = { username: `bea_${stamp}`, email: `bea_${stamp}@example.com`, newEmail: `bea2_${stamp}@example.com` };
const google = { sub: `google-${stamp}`, email: `grace_${stamp}@gmail.example`, name: `Grace${stamp}` };
const github = { id: 4242, login: `octo-${stamp}`, email: `octo_${stamp}@example.org` };

let mail: MailCapture;
let provider: OAuth2Server;
let githubApi: Server;
let server: RunningServer;
let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  // A local OAuth 2 / OpenID server stands in for Google, and for GitHub's login; a tiny server for GitHub's API.
  provider = new OAuth2Server();
  await provider.issuer.keys.generate('RS256');
  await provider.start(0, '127.0.0.1');
  provider.service.on('beforeUserinfo', (res: { body: unknown }) => {
    res.body = { sub: google.sub, email: google.email, email_verified: true, name: google.name };
  });
  githubApi = createServer((req, res) => {
    if (!req.headers.authorization?.startsWith('Bearer ')) return res.writeHead(401).end();
    res.setHeader('content-type', 'application/json');
    if (req.url === '/user') return res.end(JSON.stringify({ id: github.id, login: github.login, name: null }));
    if (req.url === '/user/emails') {
      return res.end(JSON.stringify([{ email: github.email, primary: true, verified: true }]));
    }
    res.writeHead(404).end('{}');
  });
  await new Promise<void>((resolve) => githubApi.listen(0, '127.0.0.1', resolve));
  const issuer = provider.issuer.url!;
  ({ server, browser, mail } = await startSuite({
    mail: true,
    contexts,
    // A returning visitor's pages (no welcome popup); a member's tokens are stored once, as the login dialog would.
    pages: { storeOnce: true },
    env: localOAuthEnv(issuer, githubApi),
  }));
  const registered = await fetch(`${server.url}/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...ada, password: PASSWORD, confirmPassword: PASSWORD }),
  });
  expect(registered.status).toBe(201);
});

afterAll(async () => {
  await stopSuite();
  await provider?.stop();
  githubApi?.close();
});

const storage = (page: Page, key: string) => page.evaluate((k) => localStorage.getItem(k), key);

/** Holds the matching requests until `release()`, so that a screen's waiting state can be seen. */
async function hold(page: Page, pattern: string) {
  let release!: () => void;
  const released = new Promise<void>((r) => (release = r));
  await page.route(pattern, async (route: Route) => {
    await released;
    await route.continue();
  });
  return release;
}

const loginDialog = (page: Page) => page.getByRole('dialog', { name: ACCOUNT_TEXT.loginTitle });

async function fillLogin(page: Page, username: string, password: string) {
  const dialog = loginDialog(page);
  await dialog.getByLabel(ACCOUNT_TEXT.username).fill(username);
  await dialog.getByLabel(ACCOUNT_TEXT.password, { exact: true }).fill(password);
  await dialog.getByRole('button', { name: ACCOUNT_TEXT.signIn, exact: true }).click();
  return dialog;
}

describe.skipIf(!hasChromium)('account journeys in Chromium', () => {
  it('registration: Passwords do not match, a taken username in the server’s words, then Registration Successful and Continue to Login', async () => {
    const { page, problems } = await open('/');
    await page.getByRole('button', { name: ACCOUNT_TEXT.getStarted }).click();
    const dialog = page.getByRole('dialog', { name: ACCOUNT_TEXT.registerTitle });
    await dialog.getByText(ACCOUNT_TEXT.passwordHint).waitFor();
    expect(await dialog.getByRole('link', { name: ACCOUNT_TEXT.google }).count()).toBe(1);
    expect(await dialog.getByRole('link', { name: ACCOUNT_TEXT.github }).count()).toBe(1);
    await dialog.getByLabel(ACCOUNT_TEXT.username).fill(ada.username);
    await dialog.getByLabel(ACCOUNT_TEXT.emailAddress).fill(bea.email);
    await dialog.getByLabel(ACCOUNT_TEXT.password, { exact: true }).fill(PASSWORD);
    await dialog.getByLabel(ACCOUNT_TEXT.confirmPassword).fill(`${PASSWORD}x`);
    await dialog.getByRole('button', { name: ACCOUNT_TEXT.createAccount }).click();
    await dialog.getByText(MSG.passwordsDoNotMatch).waitFor();

    await dialog.getByLabel(ACCOUNT_TEXT.confirmPassword).fill(PASSWORD);
    await dialog.getByRole('button', { name: ACCOUNT_TEXT.createAccount }).click();
    await dialog.getByRole('alert').filter({ hasText: MSG.usernameTaken }).waitFor();

    await dialog.getByLabel(ACCOUNT_TEXT.username).fill(bea.username);
    await dialog.getByRole('button', { name: ACCOUNT_TEXT.createAccount }).click();
    const success = page.getByRole('dialog', { name: ACCOUNT_TEXT.registrationSuccessTitle });
    await success.getByText(ACCOUNT_TEXT.registrationSuccessText).waitFor();
    await success.getByRole('button', { name: ACCOUNT_TEXT.continueToLogin }).click();
    await loginDialog(page).getByRole('button', { name: ACCOUNT_TEXT.forgotPasswordLink }).waitFor();
    await success.waitFor({ state: 'detached' });
    expect(problems).toEqual([]);
  });

  it('verify-email: Verifying your email..., then success with Log In Now; the used link fails and Resend Email mails a new one; no token says so', async () => {
    const message = await mail.waitForMail(bea.email, { match: (m) => /verify/i.test(m.subject) });
    const link = extractLink(message, '/verify-email');
    const { page, problems } = await open('/about');
    const release = await hold(page, '**/api/email-verification/verify*');
    await page.goto(link);
    await page.getByText(ACCOUNT_TEXT.verifying).waitFor();
    release();
    await page.getByRole('status').filter({ hasText: ACCOUNT_TEXT.verifySuccess }).waitFor();
    await page.unroute('**/api/email-verification/verify*');
    await page.getByRole('button', { name: ACCOUNT_TEXT.logInNow }).click();
    await page.waitForURL(`${server.url}/`);
    await loginDialog(page).waitFor();

    // The same link a second time: it was used.
    await page.goto(link);
    await page.getByRole('alert').filter({ hasText: MSG.verificationFailed }).waitFor();
    // ada never verified: Resend Email sends her a fresh link.
    const since = Date.now();
    await page.getByLabel(ACCOUNT_TEXT.emailAddress).fill(ada.email);
    await page.getByRole('button', { name: ACCOUNT_TEXT.resendEmail }).click();
    await page.getByRole('status').waitFor();
    const resent = await mail.waitForMail(ada.email, { since, match: (m) => /verify/i.test(m.subject) });
    expect(extractLink(resent, '/verify-email')).not.toBe(link);

    await page.goto(`${server.url}/verify-email`);
    await page.getByRole('alert').filter({ hasText: MSG.noVerificationToken }).waitFor();
    expect(problems).toEqual([]);
  });

  it('login errors: Login Failed with the inputs marked and the username focused, cleared on typing; server error and offline texts; then signs in', async () => {
    const { page, problems } = await open('/');
    await page.getByRole('button', { name: ACCOUNT_TEXT.signIn, exact: true }).click();
    const dialog = await fillLogin(page, bea.username, 'Wrong-Pass1');
    const alert = dialog.getByRole('alert');
    await alert.filter({ hasText: `${MSG.loginFailedPrefix} ${MSG.loginInvalid}` }).waitFor();
    const username = dialog.getByLabel(ACCOUNT_TEXT.username);
    expect(await username.getAttribute('aria-invalid')).toBe('true');
    expect(await dialog.getByLabel(ACCOUNT_TEXT.password, { exact: true }).getAttribute('aria-invalid')).toBe('true');
    await expect.poll(() => username.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.type('x');
    await alert.waitFor({ state: 'detached' });
    expect(await username.getAttribute('aria-invalid')).not.toBe('true');

    await page.route('**/auth/login', (route) => route.fulfill({ status: 503, body: '' }));
    await fillLogin(page, bea.username, PASSWORD);
    await alert.filter({ hasText: `${MSG.loginFailedPrefix} ${MSG.serverError}` }).waitFor();
    await page.unroute('**/auth/login');
    await page.route('**/auth/login', (route) => route.abort('internetdisconnected'));
    await fillLogin(page, bea.username, PASSWORD);
    await alert.filter({ hasText: `${MSG.loginFailedPrefix} ${MSG.offline}` }).waitFor();
    await page.unroute('**/auth/login');

    await fillLogin(page, bea.username, PASSWORD);
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: ACCOUNT_TEXT.logout }).waitFor();
    expect(JSON.parse((await storage(page, 'user')) ?? '{}').username).toBe(bea.username);
    expect(problems).toEqual([]);
  });

  it('profile: password and email errors, Network error when offline, then the email changes, Profile Info shows it and a link goes to the new address', async () => {
    const auth = await signInByApi(server.url, bea.username, PASSWORD);
    const { page, problems } = await open('/profile', { auth });
    await page.getByRole('tab', { name: ACCOUNT_TEXT.tabChangePassword }).click();
    const pw = page.getByRole('tabpanel', { name: ACCOUNT_TEXT.tabChangePassword });
    await pw.getByLabel(ACCOUNT_TEXT.currentPassword).fill(PASSWORD);
    await pw.getByLabel(ACCOUNT_TEXT.newPassword, { exact: true }).fill('lowercase1');
    await pw.getByLabel(ACCOUNT_TEXT.confirmNewPassword).fill('lowercase2');
    await pw.getByRole('button', { name: ACCOUNT_TEXT.updatePassword }).click();
    await pw.getByText(MSG.newPasswordsDoNotMatch).waitFor();
    await pw.getByLabel(ACCOUNT_TEXT.confirmNewPassword).fill('lowercase1');
    await pw.getByRole('button', { name: ACCOUNT_TEXT.updatePassword }).click();
    await pw.getByText(MSG.passwordNeedsUppercase).waitFor();
    await page.route('**/api/user/change-password', (route) => route.fulfill({ status: 500, body: '' }));
    await pw.getByLabel(ACCOUNT_TEXT.newPassword, { exact: true }).fill('Uppercase1');
    await pw.getByLabel(ACCOUNT_TEXT.confirmNewPassword).fill('Uppercase1');
    await pw.getByRole('button', { name: ACCOUNT_TEXT.updatePassword }).click();
    await pw.getByRole('alert').filter({ hasText: MSG.updatePasswordFailed }).waitFor();

    await page.getByRole('tab', { name: ACCOUNT_TEXT.tabChangeEmail }).click();
    const em = page.getByRole('tabpanel', { name: ACCOUNT_TEXT.tabChangeEmail });
    await page.route('**/api/user/change-email', (route) => route.abort('internetdisconnected'));
    await em.getByLabel(ACCOUNT_TEXT.newEmail).fill(bea.newEmail);
    await em.getByLabel(ACCOUNT_TEXT.currentPassword).fill(PASSWORD);
    await em.getByRole('button', { name: ACCOUNT_TEXT.updateEmail }).click();
    await em.getByRole('alert').filter({ hasText: MSG.networkError }).waitFor();
    await page.unroute('**/api/user/change-email');
    await page.route('**/api/user/change-email', (route) => route.fulfill({ status: 500, body: '' }));
    await em.getByRole('button', { name: ACCOUNT_TEXT.updateEmail }).click();
    await em.getByRole('alert').filter({ hasText: MSG.updateEmailFailed }).waitFor();
    await page.unroute('**/api/user/change-email');

    const since = Date.now();
    await em.getByRole('button', { name: ACCOUNT_TEXT.updateEmail }).click();
    await em.getByRole('status').filter({ hasText: ACCOUNT_TEXT.emailUpdated }).waitFor();
    expect(JSON.parse((await storage(page, 'user')) ?? '{}').email).toBe(bea.newEmail);
    await page.getByRole('tab', { name: ACCOUNT_TEXT.tabProfileInfo }).click();
    await page.getByRole('tabpanel', { name: ACCOUNT_TEXT.tabProfileInfo }).getByText(bea.newEmail).waitFor();
    // The new address must be verified before the next sign-in: its link came by mail.
    const verify = await mail.waitForMail(bea.newEmail, { since, match: (m) => /verify/i.test(m.subject) });
    const token = new URL(extractLink(verify, '/verify-email')).searchParams.get('token')!;
    const verified = await fetch(`${server.url}/api/email-verification/verify?token=${encodeURIComponent(token)}`, {
      method: 'POST',
    });
    expect(verified.status).toBe(200);
    expect(problems).toEqual([]);
  });

  it('forgot and reset: Back to Login, server error; no token shows Invalid Reset Link with Go Home and Login; a bad token is validated, then Request New Reset', async () => {
    const { page, problems } = await open('/');
    await page.getByRole('button', { name: ACCOUNT_TEXT.signIn, exact: true }).click();
    await loginDialog(page).getByRole('button', { name: ACCOUNT_TEXT.forgotPasswordLink }).click();
    const forgot = page.getByRole('dialog', { name: ACCOUNT_TEXT.forgotTitle });
    await page.route('**/auth/forgot-password', (route) => route.fulfill({ status: 500, body: '' }));
    await forgot.getByLabel(ACCOUNT_TEXT.emailAddress).fill(bea.newEmail);
    await forgot.getByRole('button', { name: ACCOUNT_TEXT.sendResetLink }).click();
    await forgot.getByRole('alert').filter({ hasText: MSG.serverError }).waitFor();
    await forgot.getByRole('button', { name: ACCOUNT_TEXT.backToLogin }).click();
    await loginDialog(page).waitFor();
    await page.keyboard.press('Escape');
    await loginDialog(page).waitFor({ state: 'detached' });

    await page.goto(`${server.url}/reset-password`);
    await page.getByRole('heading', { name: ACCOUNT_TEXT.invalidResetLink }).waitFor();
    await page.getByText(ACCOUNT_TEXT.missingResetToken).waitFor();
    expect(await page.getByRole('button', { name: TEXT.goHome }).isVisible()).toBe(true);
    await page.getByRole('button', { name: ACCOUNT_TEXT.login, exact: true }).click();
    await page.waitForURL(`${server.url}/`);
    await loginDialog(page).waitFor();

    const release = await hold(page, '**/auth/validate-reset-token*');
    await page.goto(`${server.url}/reset-password?token=not-a-real-token`);
    await page.getByText(ACCOUNT_TEXT.validatingReset).waitFor();
    release();
    await page.getByText(MSG.resetInvalidToken).waitFor();
    await page.getByRole('heading', { name: ACCOUNT_TEXT.invalidResetLink }).waitFor();
    await page.getByRole('button', { name: ACCOUNT_TEXT.requestNewReset }).click();
    await page.getByRole('dialog', { name: ACCOUNT_TEXT.forgotTitle }).waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: TEXT.goHome }).click();
    await page.waitForURL(`${server.url}/`);
    expect(problems).toEqual([]);
  });

  it('reset form of a real link: strength Weak and Medium, the rule and Passwords do not match', async () => {
    const since = Date.now();
    const asked = await fetch(`${server.url}/auth/forgot-password`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: bea.newEmail }),
    });
    expect(asked.status).toBe(200);
    const message = await mail.waitForMail(bea.newEmail, { since, match: (m) => /reset/i.test(m.subject) });
    const { page, problems } = await open('/about');
    await page.goto(extractLink(message, '/reset-password'));
    const password = page.getByLabel(ACCOUNT_TEXT.newPassword, { exact: true });
    await password.fill('abc');
    expect(await page.getByTestId('password-strength').textContent()).toBe('Weak');
    await password.fill('Abcdefg1');
    expect(await page.getByTestId('password-strength').textContent()).toBe('Medium');
    await page.getByLabel(ACCOUNT_TEXT.confirmNewPassword).fill('Abcdefg1');
    await page.getByRole('button', { name: ACCOUNT_TEXT.resetSubmit }).click();
    await page.getByText(MSG.resetPasswordRule).waitFor();
    await password.fill('Abcdefg1!');
    expect(await page.getByTestId('password-strength').textContent()).toBe('Strong');
    await page.getByRole('button', { name: ACCOUNT_TEXT.resetSubmit }).click();
    await page.getByText(MSG.passwordsDoNotMatch).waitFor();
    expect(problems).toEqual([]);
  });

  it('Google sign-in through the local OAuth server: Completing sign in..., success, home after 2 s with a reload, signed in', async () => {
    const { page, problems } = await open('/');
    await page.getByRole('button', { name: ACCOUNT_TEXT.signIn, exact: true }).click();
    const release = await hold(page, '**/api/user/profile');
    await loginDialog(page).getByRole('link', { name: ACCOUNT_TEXT.google }).click();
    await page.waitForURL(/\/auth\/callback/);
    await page.getByText(ACCOUNT_TEXT.callbackLoading).waitFor();
    // The tokens leave the address bar (and the history) as soon as the page runs, before the profile answers.
    await expect.poll(() => new URL(page.url()).search).toBe('');
    expect(await page.getByText(ACCOUNT_TEXT.callbackLoading).isVisible()).toBe(true);
    release();
    await page.getByRole('status').filter({ hasText: ACCOUNT_TEXT.callbackSuccess }).waitFor();
    const shown = Date.now();
    await page.waitForEvent('load', { timeout: 10_000 });
    expect(Date.now() - shown).toBeGreaterThanOrEqual(1800);
    expect(new URL(page.url()).pathname).toBe('/');
    await page.getByRole('button', { name: ACCOUNT_TEXT.logout }).waitFor();
    const user = JSON.parse((await storage(page, 'user')) ?? '{}');
    expect(user).toMatchObject({ username: google.name, email: google.email, role: 'USER' });
    expect(await storage(page, 'refreshToken')).toBeTruthy();
    expect(problems).toEqual([]);
  });

  it('GitHub sign-in creates the account from the GitHub login; when the profile cannot be read, success and the redirect still happen', async () => {
    const { page, problems } = await open('/');
    await page.getByRole('button', { name: ACCOUNT_TEXT.signIn, exact: true }).click();
    await loginDialog(page).getByRole('link', { name: ACCOUNT_TEXT.github }).click();
    await page.getByRole('status').filter({ hasText: ACCOUNT_TEXT.callbackSuccess }).waitFor();
    await page.waitForURL(`${server.url}/`, { timeout: 10_000 });
    await page.getByRole('button', { name: ACCOUNT_TEXT.logout }).waitFor();
    expect(JSON.parse((await storage(page, 'user')) ?? '{}').username).toBe(github.login);

    const second = await open('/');
    await second.page.route('**/api/user/profile', (route) => route.fulfill({ status: 500, body: '' }));
    await second.page.getByRole('button', { name: ACCOUNT_TEXT.signIn, exact: true }).click();
    await loginDialog(second.page).getByRole('link', { name: ACCOUNT_TEXT.github }).click();
    await second.page.getByRole('status').filter({ hasText: ACCOUNT_TEXT.callbackSuccess }).waitFor();
    await second.page.waitForURL(`${server.url}/`, { timeout: 10_000 });
    expect(await storage(second.page, 'accessToken')).toBeTruthy();
    expect(problems).toEqual([]);
  });

  it('a provider error says Authentication failed: {error} and goes home after 5 s; tokens planted in the address after 3 s', async () => {
    const { page, problems } = await open('/about');
    // The provider sends the browser back with an error, as when the person declines. The waits are bounded from
    // below by the time before the page was asked for (the message shows after that), and from above by the time
    // the test saw the message (it shows before that), so a slow machine cannot make either bound fail.
    let asked = Date.now();
    await page.goto(`${server.url}/auth/oauth/google/callback?error=access_denied&state=x`);
    await page.waitForURL(/\/auth\/callback/);
    await page
      .getByRole('alert')
      .filter({ hasText: `${MSG.oauthFailedPrefix} access_denied` })
      .waitFor();
    await page.getByText(ACCOUNT_TEXT.callbackRedirecting).waitFor();
    await page.waitForURL(`${server.url}/`, { timeout: 10_000 });
    expect(Date.now() - asked).toBeGreaterThanOrEqual(5000);

    // Tokens planted in a link are never a sign-in (login CSRF): the page has no session of its own to collect.
    asked = Date.now();
    await page.goto(`${server.url}/auth/callback?token=planted-access&refreshToken=planted-refresh&provider=google`);
    await page.getByRole('alert').filter({ hasText: MSG.oauthMissingTokens }).waitFor();
    const seen = Date.now();
    await page.waitForURL(`${server.url}/`, { timeout: 10_000 });
    expect(Date.now() - asked).toBeGreaterThanOrEqual(3000);
    // Three seconds, not the five of a provider error (with room for a slow machine).
    expect(Date.now() - seen).toBeLessThan(4700);
    expect(await storage(page, 'accessToken')).toBeNull();
    expect(problems).toEqual([]);
  });

  it('concurrent 401s wait for one refresh, then every request is retried and the member stays signed in', async () => {
    const auth = await signInByApi(server.url, bea.username, PASSWORD);
    const context = await browser.newContext();
    contexts.push(context);
    const calls: { path: string; status: number }[] = [];
    const refusedPaths = () => [...new Set(calls.filter((c) => c.status === 401).map((c) => c.path))];
    // The refresh is held until two calls have been refused, so that they surely wait on the one refresh.
    let twoRefused!: () => void;
    const held = new Promise<void>((resolve) => (twoRefused = resolve));
    context.on('response', (r) => {
      const path = new URL(r.url()).pathname;
      if (path.startsWith('/api/') || path.startsWith('/auth/')) calls.push({ path, status: r.status() });
      if (refusedPaths().length >= 2) twoRefused();
    });
    await context.route('**/auth/refresh', async (route) => {
      await held;
      await route.continue();
    });
    const { page, problems } = await (async () => {
      await context.addInitScript((a) => {
        // A document without storage of its own (the tab's first, blank one) has nothing to seed.
        try {
          if (sessionStorage.getItem('seeded')) return;
          sessionStorage.setItem('seeded', 'true');
        } catch {
          return;
        }
        localStorage.setItem('accessToken', 'expired.access.token');
        localStorage.setItem('refreshToken', a.refreshToken);
        localStorage.setItem('user', JSON.stringify(a.user));
        localStorage.setItem('firstSignInAsked', JSON.stringify([a.user.id]));
        localStorage.setItem('welcomeShown', 'true');
        localStorage.setItem('visited', 'true');
      }, auth);
      const p = await context.newPage();
      const errs: string[] = [];
      p.on('pageerror', (e) => errs.push(e.message));
      // The home page: every card in view asks for the member's vote at once, each with the refused token.
      await p.goto(`${server.url}/`);
      return { page: p, problems: errs };
    })();
    const widget = page.locator('article .vote-widget button').first();
    await expect.poll(() => widget.getAttribute('title'), { timeout: 15_000 }).toBe('Upvote');
    // Several calls are refused at once; each is asked again after the one refresh (which the route above holds
    // until two were refused) and answered.
    await expect.poll(() => refusedPaths().length, { timeout: 15_000 }).toBeGreaterThanOrEqual(2);
    // Polled as one value: a refused call that comes in while the poll runs must be answered too (a poll against
    // the refused calls of the moment it started would miss it, and fail on it).
    const unanswered = () => refusedPaths().filter((path) => !calls.some((c) => c.path === path && c.status === 200));
    await expect.poll(() => unanswered(), { timeout: 15_000 }).toEqual([]);
    expect(calls.filter((c) => c.path === '/auth/refresh')).toEqual([{ path: '/auth/refresh', status: 200 }]);
    expect(await storage(page, 'accessToken')).not.toBe('expired.access.token');
    expect(await page.getByRole('button', { name: ACCOUNT_TEXT.logout }).isVisible()).toBe(true);
    expect(problems).toEqual([]);
  });

  it('a failed refresh clears the session and sends the user to /', async () => {
    const auth = await signInByApi(server.url, bea.username, PASSWORD);
    // The first page asked for is the one the session ends on: any of its requests with the token (the unread
    // count, the vote status) ends it, so a second navigation could only race the redirect.
    const { page, problems } = await open('/certification/certified-kubernetes-administrator-cka', {
      auth: { token: 'expired.access.token', refreshToken: 'revoked-refresh-token', user: auth.user },
    });
    await page.waitForURL(`${server.url}/`, { timeout: 15_000 });
    // The navbar's Sign In (the home page may also say, with a Sign In of its own, why the reader was sent there).
    await page.locator('#main-nav').getByRole('button', { name: ACCOUNT_TEXT.signIn, exact: true }).waitFor();
    for (const key of ['accessToken', 'refreshToken', 'user']) expect(await storage(page, key), key).toBeNull();
    expect(problems).toEqual([]);
  });

  // Last: it leaves this address locked out of failed logins for a minute.
  it('repeated failed logins are told Too many login attempts. Please try again later.', async () => {
    const { page, problems } = await open('/');
    await page.getByRole('button', { name: ACCOUNT_TEXT.signIn, exact: true }).click();
    const alert = loginDialog(page).getByRole('alert');
    for (let i = 0; i < 10; i++) {
      await fillLogin(page, `nobody_${stamp}`, `Wrong-Pass${i}`);
      await alert.waitFor();
      if ((await alert.textContent())?.includes(MSG.loginTooMany)) break;
    }
    expect(await alert.textContent()).toBe(`${MSG.loginFailedPrefix} ${MSG.loginTooMany}`);
    expect(problems).toEqual([]);
  });
});
