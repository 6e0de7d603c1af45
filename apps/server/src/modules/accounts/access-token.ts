import { ACCESS_TOKEN_TTL_SECONDS, type Role } from '@certitude/shared';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';

export interface AccessClaims {
  userId: number;
  username: string;
  role: Role;
  /** The session (refresh-token family) the token was issued for: "other sessions" are the other families. */
  sessionId?: string;
}

const ALGORITHM = 'HS256';
const TYPE = 'access';
/** Account ids are PostgreSQL `serial`s: a larger subject would reach the database as an out-of-range integer. */
const MAX_ACCOUNT_ID = 2_147_483_647;

/** The account id a subject names, written exactly as `sign` writes it (no sign, space, exponent or leading zero). */
function subjectId(sub: string | undefined): number | undefined {
  if (typeof sub !== 'string' || !/^[1-9]\d{0,9}$/.test(sub)) return undefined;
  const id = Number(sub);
  return id <= MAX_ACCOUNT_ID ? id : undefined;
}

/**
 * How many verified tokens are remembered. A member's token is sent with each of their calls for its five minutes;
 * remembering the verified ones spares a signature check per call (a tenth of a vote's work). Only the signature
 * and claims are remembered: the session and the account are still read on every request (plugins/auth.ts).
 */
const VERIFIED_KEPT = 5_000;

/** Short-lived JWTs (5 minutes, HS256 pinned): the bearer credential of every API call. */
export class AccessTokens {
  private readonly key: Uint8Array;
  /** Tokens already verified, with their claims and the moment they expire, oldest first. */
  private readonly verified = new Map<string, { claims: AccessClaims; expiresAtMs: number }>();

  constructor(
    secret: string,
    private readonly issuer: string,
  ) {
    this.key = new TextEncoder().encode(secret);
  }

  sign(claims: AccessClaims, now = Date.now()): Promise<string> {
    const iat = Math.floor(now / 1000);
    return new SignJWT({
      username: claims.username,
      role: claims.role,
      typ: TYPE,
      ...(claims.sessionId ? { sid: claims.sessionId } : {}),
    })
      .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
      .setSubject(String(claims.userId))
      .setIssuer(this.issuer)
      .setIssuedAt(iat)
      .setExpirationTime(iat + ACCESS_TOKEN_TTL_SECONDS)
      .sign(this.key);
  }

  /** The claims of a valid token, or null for a forged, expired, mistyped or otherwise bad one. */
  async verify(token: string): Promise<AccessClaims | null> {
    const known = this.verified.get(token);
    // Expiry is the one check whose answer changes with time (jose's: valid while now < exp).
    if (known && Date.now() < known.expiresAtMs) return known.claims;
    if (known) this.verified.delete(token);
    const claims = await this.check(token);
    if (claims) {
      const oldest = this.verified.size >= VERIFIED_KEPT ? this.verified.keys().next().value : undefined;
      if (oldest !== undefined) this.verified.delete(oldest);
      this.verified.set(token, claims);
    }
    return claims?.claims ?? null;
  }

  private async check(token: string): Promise<{ claims: AccessClaims; expiresAtMs: number } | null> {
    try {
      const { payload } = await jwtVerify(token, this.key, {
        algorithms: [ALGORITHM],
        issuer: this.issuer,
        requiredClaims: ['sub', 'iat', 'exp'],
      });
      const userId = subjectId(payload.sub);
      if (payload.typ !== TYPE || userId === undefined) return null;
      const sessionId = typeof payload.sid === 'string' ? payload.sid : undefined;
      return {
        claims: { userId, username: String(payload.username), role: payload.role as Role, sessionId },
        expiresAtMs: Number(payload.exp) * 1000,
      };
    } catch (err) {
      if (err instanceof joseErrors.JOSEError) return null;
      throw err;
    }
  }
}
