import { randomBytes, randomInt } from 'node:crypto';
import { MSG, USERNAME_MAX, USERNAME_MIN, type AuthResponse, type OAuthProvider } from '@certitude/shared';
import { generateCodeVerifier, generateState, OAuth2RequestError } from 'arctic';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import type { Executor } from '../../db/client.js';
import { uniqueViolation } from '../../db/unique-violation.js';
import type { AccountContext } from './account-context.js';
import { oauthProviderClient, type OAuthProviderClient, type ProviderProfile } from './oauth-providers.js';
import { unauthorized } from '../../lib/errors.js';
import {
  OAUTH_STATE_TTL_SECONDS,
  OAuthStateCookies,
  SIGN_IN_CODE_TTL_SECONDS,
  SignInCodeCookies,
} from './oauth-state.js';
import type { RateLimitRule } from '../../lib/rate-limiter.js';
import { revokeUserRefreshTokens } from './refresh-token.repository.js';
import {
  findSocialAccount,
  findUserByEmail,
  findUserById,
  findUserByUsername,
  insertSocialAccount,
  insertUser,
  updateUser,
  type UserRow,
} from './user.repository.js';

/** Where the browser goes next, and the cookies to set or clear on the way. */
export interface OAuthStep {
  location: string;
  cookie: string | string[];
}

/** A sign-in code is taken once: a second exchange of the same code (on any instance sharing Redis) is refused. */
const SIGN_IN_CODE_USES: RateLimitRule = { name: 'signin-code', max: 1, windowSeconds: SIGN_IN_CODE_TTL_SECONDS };

/** Error codes of the redirect to /auth/callback (the web app shows 'Authentication failed: {error}'). */
type OAuthErrorCode =
  | 'oauth_not_configured'
  | 'invalid_state'
  | 'token_exchange_failed'
  | 'profile_unavailable'
  | 'email_not_verified'
  | 'account_unavailable'
  | 'server_error';

class OAuthFailure extends Error {
  constructor(readonly code: OAuthErrorCode) {
    super(code);
  }
}

/** A provider's own error code (access_denied…), passed on only when it looks like one. */
const providerError = (value: string) => (/^[a-z_]{1,64}$/.test(value) ? value : 'provider_error');

/** A username in our alphabet from a provider's login or name, within 3..50 characters. */
export function usernameFrom(hint: string | null, email: string): string {
  const raw = hint ?? email.split('@')[0] ?? '';
  let name = raw
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9_.-]+/g, '')
    .slice(0, USERNAME_MAX - 6);
  if (name.length < USERNAME_MIN) name = `member${name}`;
  return name;
}

/**
 * Sign-in with Google or GitHub. The account is found by the provider's user id; failing that, linked to
 * the account of the same address when the provider says that address is verified; failing that, created
 * (verified, without a password).
 */
export class OAuthService {
  private readonly cookies: OAuthStateCookies;
  private readonly codes: SignInCodeCookies;

  constructor(
    private readonly ctx: AccountContext,
    private readonly config: Pick<Config, 'oauth' | 'oauthEndpoints' | 'publicUrl' | 'jwtSecret'>,
    private readonly log: Pick<FastifyBaseLogger, 'warn' | 'error'>,
  ) {
    this.cookies = new OAuthStateCookies(config.jwtSecret, config.publicUrl.startsWith('https:'));
    this.codes = new SignInCodeCookies(config.jwtSecret, config.publicUrl.startsWith('https:'));
  }

  /** The provider's authorization page, with a fresh state and PKCE verifier bound to this browser. */
  start(provider: OAuthProvider): OAuthStep {
    const client = oauthProviderClient(provider, this.config);
    if (!client) return this.fail(provider, 'oauth_not_configured');
    const state = generateState();
    const codeVerifier = generateCodeVerifier();
    const expiresAt = Math.floor(Date.now() / 1000) + OAUTH_STATE_TTL_SECONDS;
    return {
      location: client.authorizationUrl(state, codeVerifier).toString(),
      cookie: this.cookies.setHeader(provider, this.cookies.seal({ provider, state, codeVerifier, expiresAt })),
    };
  }

  async callback(
    provider: OAuthProvider,
    query: { code?: string; state?: string; error?: string },
    cookieValue: string | undefined,
  ): Promise<OAuthStep> {
    const client = oauthProviderClient(provider, this.config);
    if (!client) return this.fail(provider, 'oauth_not_configured');
    if (query.error) return this.fail(provider, providerError(query.error));
    const flow = this.cookies.open(cookieValue, provider);
    if (!flow || !query.code || !query.state || flow.state !== query.state) return this.fail(provider, 'invalid_state');
    try {
      const profile = await this.fetchProfile(client, query.code, flow.codeVerifier);
      const user = await this.accountFor(provider, profile);
      // The session is started when the page exchanges the one-time code (POST /auth/oauth/session).
      const code = {
        userId: user.id,
        nonce: randomBytes(16).toString('base64url'),
        expiresAt: Math.floor(Date.now() / 1000) + SIGN_IN_CODE_TTL_SECONDS,
      };
      return {
        location: `${this.config.publicUrl}/auth/callback?${new URLSearchParams({ provider })}`,
        cookie: [this.cookies.clearHeader(provider), this.codes.setHeader(code)],
      };
    } catch (err) {
      if (err instanceof OAuthFailure) return this.fail(provider, err.code);
      this.log.error({ err, provider }, 'social sign-in failed');
      return this.fail(provider, 'server_error');
    }
  }

  /**
   * The session of a finished social sign-in, for the browser that holds its one-time code (the cookie of
   * `callback`); 401 without one, with an expired or a used one.
   */
  async exchange(cookieValue: string | undefined): Promise<AuthResponse> {
    const code = this.codes.open(cookieValue);
    if (!code) throw unauthorized(MSG.oauthMissingTokens);
    try {
      await this.ctx.rateLimiter.consume(SIGN_IN_CODE_USES, code.nonce);
    } catch {
      throw unauthorized(MSG.oauthMissingTokens);
    }
    const user = await findUserById(this.ctx.db, code.userId);
    if (!user || user.isSystem) throw unauthorized(MSG.oauthMissingTokens);
    return this.ctx.sessions.start(user);
  }

  clearSignInCookie(): string {
    return this.codes.clearHeader();
  }

  private async fetchProfile(client: OAuthProviderClient, code: string, verifier: string): Promise<ProviderProfile> {
    let accessToken: string;
    try {
      accessToken = await client.exchangeCode(code, verifier);
    } catch (err) {
      this.log.warn(
        { err, code: err instanceof OAuth2RequestError ? err.code : undefined },
        'OAuth code exchange failed',
      );
      throw new OAuthFailure('token_exchange_failed');
    }
    try {
      return await client.profile(accessToken);
    } catch (err) {
      this.log.warn({ err }, 'OAuth profile request failed');
      throw new OAuthFailure('profile_unavailable');
    }
  }

  /** Two callbacks of one person racing each other: the unique indexes decide, and the loser looks again. */
  private async accountFor(provider: OAuthProvider, profile: ProviderProfile): Promise<UserRow> {
    for (let attempt = 0; ; attempt++) {
      try {
        const user = await this.ctx.db.transaction((tx) => this.findLinkOrCreate(tx, provider, profile));
        // An unproven account's sessions may just have been dropped (findLinkOrCreate).
        this.ctx.sessions.announceEnded();
        return user;
      } catch (err) {
        if (uniqueViolation(err) === undefined || attempt >= 3) throw err;
      }
    }
  }

  private async findLinkOrCreate(tx: Executor, provider: OAuthProvider, profile: ProviderProfile): Promise<UserRow> {
    const linked = await findSocialAccount(tx, provider, profile.providerUserId);
    if (linked) {
      const user = await findUserById(tx, linked.userId);
      if (!user || user.isSystem) throw new OAuthFailure('account_unavailable');
      return user;
    }
    const email = profile.verifiedEmail;
    if (!email) throw new OAuthFailure('email_not_verified');
    const link = (userId: number) =>
      insertSocialAccount(tx, { userId, provider, providerUserId: profile.providerUserId, email });
    const existing = await findUserByEmail(tx, email);
    if (existing) {
      if (existing.isSystem) throw new OAuthFailure('account_unavailable');
      let user = existing;
      // A proven account that moved to this address and has not confirmed it yet: the address may be a typo for
      // someone else's, whose provider must not open the member's account. They confirm it from their profile.
      if (!existing.emailVerified && existing.accountVerified) throw new OAuthFailure('account_unavailable');
      if (!existing.emailVerified) {
        // Whoever registered this address never proved it; the provider just did. Their password and
        // sessions go, so that an account set up in advance in someone else's name cannot be taken over.
        user = (await updateUser(tx, existing.id, { emailVerified: true, passwordHash: null })) ?? existing;
        await revokeUserRefreshTokens(tx, existing.id, new Date());
      }
      await link(user.id);
      return user;
    }
    const user = await insertUser(tx, {
      username: await this.freeUsername(tx, usernameFrom(profile.nameHint, email)),
      email,
      passwordHash: null,
      role: 'USER',
      emailVerified: true,
    });
    await link(user.id);
    return user;
  }

  private async freeUsername(tx: Executor, base: string): Promise<string> {
    if (!(await findUserByUsername(tx, base))) return base;
    for (let i = 0; i < 5; i++) {
      const candidate = `${base}-${randomInt(1000, 100000)}`;
      if (!(await findUserByUsername(tx, candidate))) return candidate;
    }
    throw new Error('no free username');
  }

  private fail(provider: OAuthProvider, code: string): OAuthStep {
    const params = new URLSearchParams({ error: code, provider });
    return { location: `${this.config.publicUrl}/auth/callback?${params}`, cookie: this.cookies.clearHeader(provider) };
  }
}
