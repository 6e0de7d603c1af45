import { createHmac, timingSafeEqual } from 'node:crypto';
import type { OAuthProvider } from '@certitude/shared';

/** How long the browser has to come back from the provider. */
export const OAUTH_STATE_TTL_SECONDS = 600;

export interface OAuthFlowState {
  provider: OAuthProvider;
  state: string;
  codeVerifier: string;
  /** Unix seconds. */
  expiresAt: number;
}

export const oauthCookieName = (provider: OAuthProvider) => `certitude_oauth_${provider}`;

/**
 * The state and PKCE verifier of a sign-in in progress, kept in the browser that started it (a signed,
 * httpOnly cookie), not on the server: any instance can finish the flow, and a callback opened in
 * another browser has no cookie and fails.
 */
export class OAuthStateCookies {
  private readonly key: Buffer;

  constructor(
    secret: string,
    private readonly secure: boolean,
  ) {
    // A key of its own, derived from the JWT secret, so that a cookie can never pass for a token or back.
    this.key = createHmac('sha256', secret).update('certitude oauth state cookie v1').digest();
  }

  seal(flow: OAuthFlowState): string {
    const payload = Buffer.from(JSON.stringify(flow)).toString('base64url');
    return `${payload}.${this.sign(payload)}`;
  }

  /** The flow of a cookie this server made, unexpired, for this provider; otherwise null. */
  open(value: string | undefined, provider: OAuthProvider, now = Date.now()): OAuthFlowState | null {
    if (!value) return null;
    const [payload, signature, extra] = value.split('.');
    if (!payload || !signature || extra !== undefined) return null;
    const expected = Buffer.from(this.sign(payload));
    const given = Buffer.from(signature);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
    try {
      const flow = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as OAuthFlowState;
      if (flow.provider !== provider || typeof flow.state !== 'string' || typeof flow.codeVerifier !== 'string') {
        return null;
      }
      return flow.expiresAt * 1000 > now ? flow : null;
    } catch {
      return null;
    }
  }

  /** Set-Cookie for a new flow: sent back only to the callback path, and on the provider's top-level redirect. */
  setHeader(provider: OAuthProvider, value: string): string {
    return this.header(provider, value, OAUTH_STATE_TTL_SECONDS);
  }

  clearHeader(provider: OAuthProvider): string {
    return this.header(provider, '', 0);
  }

  private header(provider: OAuthProvider, value: string, maxAge: number) {
    const parts = [
      `${oauthCookieName(provider)}=${value}`,
      `Path=/auth/oauth/${provider}`,
      `Max-Age=${maxAge}`,
      'HttpOnly',
      'SameSite=Lax',
    ];
    if (this.secure) parts.push('Secure');
    return parts.join('; ');
  }

  private sign(payload: string) {
    return createHmac('sha256', this.key).update(payload).digest('base64url');
  }
}

/** One cookie's value from a Cookie header (no cookie plugin for one cookie). */
export function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

/** How long the page at /auth/callback has to collect the session of a finished social sign-in. */
export const SIGN_IN_CODE_TTL_SECONDS = 120;
export const SIGN_IN_COOKIE = 'certitude_signin';
export const SIGN_IN_PATH = '/auth/oauth/session';

export interface SignInCode {
  userId: number;
  /** Random: names this code once, so that it is taken only once. */
  nonce: string;
  /** Unix seconds. */
  expiresAt: number;
}

/**
 * The one-time code of a finished social sign-in, kept in a signed, httpOnly cookie sent only to
 * POST /auth/oauth/session (decision 0015). No token travels in an address: nothing to log, to keep in the
 * history, or to plant in a link, and a browser that did not sign in itself has no code to exchange.
 */
export class SignInCodeCookies {
  private readonly key: Buffer;

  constructor(
    secret: string,
    private readonly secure: boolean,
  ) {
    this.key = createHmac('sha256', secret).update('certitude oauth sign-in code cookie v1').digest();
  }

  setHeader(code: SignInCode): string {
    const payload = Buffer.from(JSON.stringify(code)).toString('base64url');
    return this.header(`${payload}.${this.sign(payload)}`, SIGN_IN_CODE_TTL_SECONDS);
  }

  clearHeader(): string {
    return this.header('', 0);
  }

  open(value: string | undefined, now = Date.now()): SignInCode | null {
    if (!value) return null;
    const [payload, signature, extra] = value.split('.');
    if (!payload || !signature || extra !== undefined) return null;
    const expected = Buffer.from(this.sign(payload));
    const given = Buffer.from(signature);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
    try {
      const code = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as SignInCode;
      if (!Number.isInteger(code.userId) || typeof code.nonce !== 'string') return null;
      return code.expiresAt * 1000 > now ? code : null;
    } catch {
      return null;
    }
  }

  private header(value: string, maxAge: number) {
    const parts = [
      `${SIGN_IN_COOKIE}=${value}`,
      `Path=${SIGN_IN_PATH}`,
      `Max-Age=${maxAge}`,
      'HttpOnly',
      'SameSite=Lax',
    ];
    if (this.secure) parts.push('Secure');
    return parts.join('; ');
  }

  private sign(payload: string) {
    return createHmac('sha256', this.key).update(payload).digest('base64url');
  }
}
