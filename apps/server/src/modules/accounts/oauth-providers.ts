import type { OAuthProvider } from '@certitude/shared';
import { CodeChallengeMethod, OAuth2Client } from 'arctic';
import type { Config } from '../../config.js';

/** What a provider tells us about the person who signed in. */
export interface ProviderProfile {
  providerUserId: string;
  /** Only an address the provider says is verified; null otherwise. */
  verifiedEmail: string | null;
  /** A name to suggest a username from. */
  nameHint: string | null;
}

export interface OAuthProviderClient {
  authorizationUrl(state: string, codeVerifier: string): URL;
  /** The provider's access token for the code, or throws. */
  exchangeCode(code: string, codeVerifier: string): Promise<string>;
  profile(accessToken: string): Promise<ProviderProfile>;
}

const FETCH_TIMEOUT_MS = 10_000;

/** A provider that does not answer must not hold the request past the client's own 15 s. */
function withTimeout<T>(promise: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('the provider did not answer in time')), FETCH_TIMEOUT_MS);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

async function getJson(url: string, accessToken: string): Promise<unknown> {
  const res = await fetch(url, {
    headers: {
      authorization: `Bearer ${accessToken}`,
      accept: 'application/json',
      'user-agent': 'Certitude',
    },
    signal: AbortSignal.timeout(FETCH_TIMEOUT_MS),
  });
  if (!res.ok) throw new Error(`${url} answered ${res.status}`);
  return res.json();
}

const str = (v: unknown) => (typeof v === 'string' && v.length > 0 ? v : null);

/**
 * arctic's generic client, with the endpoints of the configuration (the real ones by default), so that
 * a local OAuth server can stand in for Google or GitHub in tests. Both flows use PKCE (S256): Google
 * requires it of public clients and GitHub accepts it.
 */
class ConfiguredProvider implements OAuthProviderClient {
  private readonly client: OAuth2Client;

  constructor(
    credentials: { clientId: string; clientSecret: string },
    redirectUri: string,
    private readonly authorizationEndpoint: string,
    private readonly tokenEndpoint: string,
    private readonly scopes: string[],
    readonly profile: (accessToken: string) => Promise<ProviderProfile>,
  ) {
    this.client = new OAuth2Client(credentials.clientId, credentials.clientSecret, redirectUri);
  }

  authorizationUrl(state: string, codeVerifier: string): URL {
    return this.client.createAuthorizationURLWithPKCE(
      this.authorizationEndpoint,
      state,
      CodeChallengeMethod.S256,
      codeVerifier,
      this.scopes,
    );
  }

  async exchangeCode(code: string, codeVerifier: string): Promise<string> {
    const tokens = await withTimeout(this.client.validateAuthorizationCode(this.tokenEndpoint, code, codeVerifier));
    return tokens.accessToken();
  }
}

/** Google's OpenID Connect userinfo: `sub`, `email`, `email_verified`, `name`. */
async function googleProfile(userinfoUrl: string, accessToken: string): Promise<ProviderProfile> {
  const info = (await getJson(userinfoUrl, accessToken)) as Record<string, unknown>;
  const sub = str(info.sub);
  if (!sub) throw new Error('userinfo without sub');
  const verified = info.email_verified === true || info.email_verified === 'true';
  return { providerUserId: sub, verifiedEmail: verified ? str(info.email) : null, nameHint: str(info.name) };
}

/** GitHub's /user for the id and login, /user/emails for the primary address if it is verified. */
async function githubProfile(apiUrl: string, accessToken: string): Promise<ProviderProfile> {
  const user = (await getJson(`${apiUrl}/user`, accessToken)) as Record<string, unknown>;
  if (typeof user.id !== 'number' && typeof user.id !== 'string') throw new Error('GitHub user without id');
  const emails = (await getJson(`${apiUrl}/user/emails`, accessToken)) as unknown;
  const list = Array.isArray(emails) ? (emails as { email?: unknown; primary?: unknown; verified?: unknown }[]) : [];
  const primary = list.find((e) => e.primary === true && e.verified === true);
  return {
    providerUserId: String(user.id),
    verifiedEmail: primary ? str(primary.email) : null,
    nameHint: str(user.login) ?? str(user.name),
  };
}

/** The client of a provider, or undefined when it has no client id and secret configured. */
export function oauthProviderClient(
  provider: OAuthProvider,
  config: Pick<Config, 'oauth' | 'oauthEndpoints' | 'publicUrl'>,
): OAuthProviderClient | undefined {
  const credentials = config.oauth[provider];
  if (!credentials) return undefined;
  const redirectUri = `${config.publicUrl}/auth/oauth/${provider}/callback`;
  if (provider === 'google') {
    const e = config.oauthEndpoints.google;
    return new ConfiguredProvider(
      credentials,
      redirectUri,
      e.authorizationUrl,
      e.tokenUrl,
      ['openid', 'email', 'profile'],
      (token) => withTimeout(googleProfile(e.userinfoUrl, token)),
    );
  }
  const e = config.oauthEndpoints.github;
  return new ConfiguredProvider(
    credentials,
    redirectUri,
    e.authorizationUrl,
    e.tokenUrl,
    ['read:user', 'user:email'],
    (token) => withTimeout(githubProfile(e.apiUrl, token)),
  );
}
