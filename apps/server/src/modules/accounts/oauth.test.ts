import { createServer, type Server } from 'node:http';
import { MSG } from '@certitude/shared';
import { eq } from 'drizzle-orm';
import type { OAuth2Server } from 'oauth2-mock-server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { socialAccounts, users } from '../../db/schema/index.js';
import { localOAuthEnv, startOAuthProvider } from '../../../test/support/oauth-env.js';
import { OAuthStateCookies } from './oauth-state.js';
import { usernameFrom } from './oauth.service.js';
import {
  buildAccountsApp,
  createMember,
  json,
  PASSWORD,
  unique,
  type AccountsTestApp,
} from '../../../test/support/accounts.js';

/** A local OAuth 2 / OpenID server stands in for Google and for GitHub's login; a tiny server for GitHub's API. */
let provider: OAuth2Server;
let githubApi: Server;
let githubUser: { id: number; login: string; emails: { email: string; primary: boolean; verified: boolean }[] };
let googleUser: Record<string, unknown>;
let t: AccountsTestApp;
let bare: AccountsTestApp;

beforeAll(async () => {
  provider = await startOAuthProvider(() => googleUser);
  githubApi = createServer((req, res) => {
    if (!req.headers.authorization?.startsWith('Bearer ')) return res.writeHead(401).end();
    res.setHeader('content-type', 'application/json');
    if (req.url === '/user') return res.end(JSON.stringify({ id: githubUser.id, login: githubUser.login, name: null }));
    if (req.url === '/user/emails') return res.end(JSON.stringify(githubUser.emails));
    res.writeHead(404).end('{}');
  });
  await new Promise<void>((resolve) => githubApi.listen(0, '127.0.0.1', resolve));
  const issuer = provider.issuer.url!;
  t = await buildAccountsApp(localOAuthEnv(issuer, githubApi));
  bare = await buildAccountsApp();
});
afterAll(async () => {
  await t?.close();
  await bare?.close();
  await provider?.stop();
  githubApi?.close();
});
beforeEach(() => {
  const id = unique();
  googleUser = { sub: `google-${id}`, email: `grace_${id}@gmail.example`, email_verified: true, name: 'Grace Hopper' };
  githubUser = {
    id: Math.floor(Math.random() * 1e9),
    login: `octo-${id}`,
    emails: [
      { email: `octo_${id}@users.example`, primary: false, verified: true },
      { email: `octo_primary_${id}@example.org`, primary: true, verified: true },
    ],
  };
});

const cookieOf = (setCookie: string | string[] | undefined) =>
  String(Array.isArray(setCookie) ? setCookie[0] : setCookie).split(';')[0]!;

/**
 * The browser's part: our start URL, the provider's authorization page (which approves at once), and back
 * to our callback with the cookie the start set. Returns where our callback sends the browser.
 */
async function signInWith(name: 'google' | 'github', tamper?: { state?: string; cookie?: string }) {
  const start = await t.app.inject({ method: 'GET', url: `/auth/oauth/${name}` });
  expect(start.statusCode).toBe(302);
  const atProvider = await fetch(start.headers.location as string, { redirect: 'manual' });
  expect(atProvider.status).toBe(302);
  const back = new URL(atProvider.headers.get('location')!);
  expect(back.origin + back.pathname).toBe(`http://certitude.test/auth/oauth/${name}/callback`);
  if (tamper?.state) back.searchParams.set('state', tamper.state);
  const cookie = tamper?.cookie ?? cookieOf(start.headers['set-cookie']);
  const done = await t.app.inject({
    method: 'GET',
    url: back.pathname + back.search,
    headers: cookie ? { cookie } : {},
  });
  expect(done.statusCode).toBe(302);
  const landing = new URL(done.headers.location as string);
  // The page at /auth/callback exchanges the one-time code of its cookie for the session.
  const signIn = signInCookie(done.headers['set-cookie']);
  const exchanged = signIn
    ? await t.app.inject({ method: 'POST', url: '/auth/oauth/session', headers: { cookie: signIn } })
    : undefined;
  const auth =
    exchanged?.statusCode === 200 ? (exchanged.json() as { token: string; refreshToken: string }) : undefined;
  return { start, done, landing, signIn, auth: auth ?? { token: '', refreshToken: '' } };
}

/** The `name=value` of the sign-in code cookie among Set-Cookie headers, if one was set. */
function signInCookie(setCookie: string | string[] | undefined): string | undefined {
  const all = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  const found = all.find((c) => c.startsWith('certitude_signin=') && !c.startsWith('certitude_signin=;'));
  return found?.split(';')[0];
}

describe('GET /auth/oauth/{provider}', () => {
  it('redirects to the provider with state, PKCE (S256), our callback and the scopes, and binds them to the browser', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/auth/oauth/google' });
    expect(res.statusCode).toBe(302);
    const url = new URL(res.headers.location as string);
    expect(url.origin + url.pathname).toBe(`${provider.issuer.url}/authorize`);
    expect(url.searchParams.get('client_id')).toBe('google-client');
    expect(url.searchParams.get('response_type')).toBe('code');
    expect(url.searchParams.get('redirect_uri')).toBe('http://certitude.test/auth/oauth/google/callback');
    expect(url.searchParams.get('scope')).toBe('openid email profile');
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(url.searchParams.get('state')).toMatch(/^[\w-]{20,}$/);
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toMatch(
      /^certitude_oauth_google=[\w-]+\.[\w-]+; Path=\/auth\/oauth\/google; Max-Age=600; HttpOnly; SameSite=Lax$/,
    );
    expect(cookie).not.toContain(url.searchParams.get('state')!);
  });

  it('without client id and secret: straight back to /auth/callback with error=oauth_not_configured', async () => {
    for (const name of ['google', 'github']) {
      for (const path of [`/auth/oauth/${name}`, `/auth/oauth/${name}/callback?code=x&state=y`]) {
        const res = await bare.app.inject({ method: 'GET', url: path });
        expect(res.statusCode, path).toBe(302);
        expect(res.headers.location).toBe(
          `http://certitude.test/auth/callback?error=oauth_not_configured&provider=${name}`,
        );
      }
    }
  });

  it('an unknown provider is a 400 with a readable message', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/auth/oauth/myspace' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(MSG.oauthProviderUnknown);
  });
});

describe('the whole flow against a local OAuth server', () => {
  it('Google: a new verified account, the session through a one-time code, and the same account next time', async () => {
    const { done, landing, auth } = await signInWith('google');
    expect(landing.origin + landing.pathname).toBe('http://certitude.test/auth/callback');
    expect(landing.searchParams.get('provider')).toBe('google');
    expect(landing.searchParams.get('error')).toBeNull();
    expect(String(done.headers['set-cookie'])).toMatch(
      /^certitude_oauth_google=; Path=\/auth\/oauth\/google; Max-Age=0/,
    );
    // No token in the address: only the provider's name.
    expect([...landing.searchParams.keys()]).toEqual(['provider']);
    const { token, refreshToken } = auth;
    const profile = await json(t.app)('GET', '/api/user/profile', undefined, { token });
    expect(profile.statusCode).toBe(200);
    expect(profile.json()).toMatchObject({
      email: googleUser.email,
      emailVerified: true,
      role: 'USER',
      username: 'GraceHopper',
    });
    const [row] = await t.db.db
      .select()
      .from(users)
      .where(eq(users.email, googleUser.email as string));
    expect(row!.passwordHash).toBeNull();
    const links = await t.db.db.select().from(socialAccounts).where(eq(socialAccounts.userId, row!.id));
    expect(links).toMatchObject([{ provider: 'google', providerUserId: googleUser.sub }]);
    expect((await json(t.app)('POST', '/auth/refresh', { refreshToken })).statusCode).toBe(200);

    // Same Google account again, even with a changed address: found by its subject, not duplicated.
    googleUser.email = `changed_${unique()}@gmail.example`;
    const again = await signInWith('google');
    const second = await json(t.app)('GET', '/api/user/profile', undefined, {
      token: again.auth.token,
    });
    expect(second.json().id).toBe(row!.id);
  });

  it('GitHub: the verified primary address from /user/emails, the login as username', async () => {
    const { landing, auth } = await signInWith('github');
    expect(landing.searchParams.get('provider')).toBe('github');
    const profile = await json(t.app)('GET', '/api/user/profile', undefined, { token: auth.token });
    expect(profile.json()).toMatchObject({ email: githubUser.emails[1]!.email, username: githubUser.login });
  });

  it('a taken username gets a suffix', async () => {
    await createMember(t.db.db, { username: githubUser.login });
    const { auth } = await signInWith('github');
    const profile = await json(t.app)('GET', '/api/user/profile', undefined, { token: auth.token });
    expect(profile.json().username).toMatch(new RegExp(`^${githubUser.login}-\\d{4,5}$`));
  });

  it('links to the existing account of the same verified address; its password keeps working', async () => {
    const member = await createMember(t.db.db, { email: googleUser.email as string });
    const { auth } = await signInWith('google');
    const profile = await json(t.app)('GET', '/api/user/profile', undefined, { token: auth.token });
    expect(profile.json().id).toBe(member.id);
    const login = await json(t.app)('POST', '/auth/login', { username: member.username, password: PASSWORD });
    expect(login.statusCode).toBe(200);
  });

  it('an unverified account registered in advance with that address loses its password when linked', async () => {
    const squatter = await createMember(t.db.db, { email: googleUser.email as string, emailVerified: false });
    const { auth } = await signInWith('google');
    const profile = await json(t.app)('GET', '/api/user/profile', undefined, { token: auth.token });
    expect(profile.json()).toMatchObject({ id: squatter.id, emailVerified: true });
    const login = await json(t.app)('POST', '/auth/login', { username: squatter.username, password: PASSWORD });
    expect(login.statusCode).toBe(401);
  });

  it('a verified account that moved to that address and has not confirmed it is neither linked nor taken over', async () => {
    // The member mistyped their new address as someone else's: that someone's provider must not open the account.
    const member = await createMember(t.db.db, {
      email: googleUser.email as string,
      emailVerified: false,
      accountVerified: true,
    });
    const { landing } = await signInWith('google');
    expect(landing.search).toBe('?error=account_unavailable&provider=google');
    expect(await t.db.db.select().from(socialAccounts).where(eq(socialAccounts.userId, member.id))).toEqual([]);
    const login = await json(t.app)('POST', '/auth/login', { username: member.username, password: PASSWORD });
    expect(login.statusCode).toBe(200);
  });

  it('an address the provider has not verified neither links nor creates an account', async () => {
    googleUser.email_verified = false;
    const member = await createMember(t.db.db, { email: googleUser.email as string });
    const { landing } = await signInWith('google');
    expect(landing.search).toBe('?error=email_not_verified&provider=google');
    expect(await t.db.db.select().from(socialAccounts).where(eq(socialAccounts.userId, member.id))).toEqual([]);

    githubUser.emails = [{ email: `x_${unique()}@example.org`, primary: true, verified: false }];
    const gh = await signInWith('github');
    expect(gh.landing.search).toBe('?error=email_not_verified&provider=github');
  });

  it('a changed state or a callback in another browser (no cookie) is refused', async () => {
    const forged = await signInWith('google', { state: 'forged-state-value' });
    expect(forged.landing.search).toBe('?error=invalid_state&provider=google');
    const otherBrowser = await signInWith('google', { cookie: '' });
    expect(otherBrowser.landing.search).toBe('?error=invalid_state&provider=google');
    const stranger = await signInWith('google', { cookie: 'certitude_oauth_google=e30.c2lnbmF0dXJl' });
    expect(stranger.landing.search).toBe('?error=invalid_state&provider=google');
  });

  it("the provider's own error (the person said no) is passed on", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/auth/oauth/google/callback?error=access_denied&state=x' });
    expect(res.headers.location).toBe('http://certitude.test/auth/callback?error=access_denied&provider=google');
    const odd = await t.app.inject({ method: 'GET', url: '/auth/oauth/google/callback?error=%3Cscript%3E' });
    expect(odd.headers.location).toBe('http://certitude.test/auth/callback?error=provider_error&provider=google');
  });

  it('a refused code exchange ends in error=token_exchange_failed', async () => {
    provider.service.once('beforeResponse', (res: { body: unknown; statusCode: number }) => {
      res.statusCode = 400;
      res.body = { error: 'invalid_grant' };
    });
    const { landing } = await signInWith('google');
    expect(landing.search).toBe('?error=token_exchange_failed&provider=google');
  });
});

describe('no tokens in the callback address, and no sign-in planted by a link (login CSRF)', () => {
  it('the sign-in code cookie is httpOnly, for the exchange call only, and short-lived', async () => {
    const { done, signIn } = await signInWith('google');
    expect(signIn).toBeDefined();
    const header = ([] as string[])
      .concat(done.headers['set-cookie'] ?? [])
      .find((c) => c.startsWith('certitude_signin='));
    expect(header).toMatch(
      /^certitude_signin=[\w-]+\.[\w-]+; Path=\/auth\/oauth\/session; Max-Age=120; HttpOnly; SameSite=Lax$/,
    );
    expect(String(done.headers.location)).not.toMatch(/token|code=/i);
  });

  it('the code is exchanged once; a second exchange, a forged or a missing cookie get 401', async () => {
    const { signIn } = await signInWith('github');
    const exchange = (cookie?: string) =>
      t.app.inject({ method: 'POST', url: '/auth/oauth/session', headers: cookie ? { cookie } : {} });
    // signInWith exchanged it already.
    const again = await exchange(signIn);
    expect(again.statusCode).toBe(401);
    expect(again.json().message).toBe(MSG.oauthMissingTokens);
    expect(String(again.headers['set-cookie'])).toMatch(/^certitude_signin=; Path=\/auth\/oauth\/session; Max-Age=0/);
    expect((await exchange()).statusCode).toBe(401);
    const [payload] = signIn!.slice('certitude_signin='.length).split('.');
    expect((await exchange(`certitude_signin=${payload}.forged`)).statusCode).toBe(401);
  });

  it('tokens planted in /auth/callback are not a sign-in: the server never hands tokens through the address', async () => {
    // A victim opening an attacker's link carries no sign-in code of their own, so the page's exchange fails.
    const attacker = await signInWith('google');
    expect(attacker.auth.token).not.toBe('');
    const victimExchange = await t.app.inject({ method: 'POST', url: '/auth/oauth/session' });
    expect(victimExchange.statusCode).toBe(401);
  });
});

describe('the state cookie', () => {
  const cookies = new OAuthStateCookies('a-secret-that-is-long-enough-for-this-test', false);
  const flow = { provider: 'google' as const, state: 's', codeVerifier: 'v', expiresAt: 2_000_000_000 };

  it('opens only unexpired, untampered cookies of the same provider', () => {
    const sealed = cookies.seal(flow);
    expect(cookies.open(sealed, 'google', 1_000_000_000_000)).toEqual(flow);
    expect(cookies.open(sealed, 'google', 2_000_000_001_000)).toBeNull();
    expect(cookies.open(sealed, 'github', 1_000_000_000_000)).toBeNull();
    const [payload, signature] = sealed.split('.');
    const forged = Buffer.from(JSON.stringify({ ...flow, state: 'other' })).toString('base64url');
    expect(cookies.open(`${forged}.${signature}`, 'google', 1_000_000_000_000)).toBeNull();
    expect(cookies.open(`${payload}.${signature}x`, 'google', 1_000_000_000_000)).toBeNull();
    const other = new OAuthStateCookies('another-secret-that-is-long-enough-too', false);
    expect(other.open(sealed, 'google', 1_000_000_000_000)).toBeNull();
  });

  it('is Secure when the site is served over HTTPS', () => {
    expect(new OAuthStateCookies('a-secret-that-is-long-enough-for-this-test', true).setHeader('github', 'v')).toMatch(
      /; Secure$/,
    );
  });
});

describe('usernames from providers', () => {
  it('keeps to the username alphabet and length', () => {
    expect(usernameFrom('Grace Hopper', 'g@x.org')).toBe('GraceHopper');
    expect(usernameFrom(null, 'jo@x.org')).toBe('memberjo');
    expect(usernameFrom('Ünïcödé', 'u@x.org')).toBe('Unicode');
    expect(usernameFrom('x'.repeat(80), 'u@x.org')).toHaveLength(44);
  });
});
