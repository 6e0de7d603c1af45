import { randomUUID } from 'node:crypto';
import { MSG, REFRESH_TOKEN_TTL_DAYS, type AuthResponse } from '@certitude/shared';
import type { Database, Executor } from '../../db/client.js';
import type { ChangeAnnouncer } from '../../lib/changes.js';
import { unauthorized } from '../../lib/errors.js';
import type { SuspensionService } from '../moderation/suspension.service.js';
import type { AccessTokens } from './access-token.js';
import {
  findRefreshToken,
  insertRefreshToken,
  isRefreshFamilyLive,
  lockRefreshToken,
  markRefreshTokenRotated,
  revokeRefreshFamily,
} from './refresh-token.repository.js';
import { hashToken, newSecretToken, sameHash } from './secret-token.js';
import { presentUser } from './user.presenter.js';
import { findUserById, type UserRow } from './user.repository.js';

const REFRESH_TTL_MS = REFRESH_TOKEN_TTL_DAYS * 24 * 3_600_000;
/**
 * How long a session found live is believed without asking the database again. Every ending of a session announces
 * itself on the change feed, which empties the cache at once on every instance; this bound only covers an ending the
 * feed did not carry (a row changed by hand).
 */
const LIVE_SESSION_CACHE_MS = 30_000;
/** Sessions remembered at most; past it the cache starts again empty (a flood of tokens cannot grow it). */
const LIVE_SESSION_CACHE_MAX = 50_000;
const SESSION_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * Sessions: a 5-minute access token and an opaque refresh token. Each sign-in starts a family; every
 * refresh replaces the token by a new one of the same family, which keeps the family's absolute 90-day end.
 * A token used a second time means that two parties hold it: the whole family is revoked.
 */
export class SessionService {
  /** Session ids found live, with when: read by every authenticated request. */
  private readonly live = new Map<string, number>();

  constructor(
    private readonly db: Database,
    private readonly accessTokens: AccessTokens,
    private readonly suspensions: Pick<SuspensionService, 'assertNotSuspended' | 'inForce'>,
    private readonly changes: ChangeAnnouncer,
  ) {}

  /**
   * Whether the session an access token was issued for is still open: signed out, or ended by a password change or
   * reset, its access tokens stop at once rather than living out their 5 minutes. Answers from memory for a session
   * seen live in the last 30 s; any announced ending of a session empties that memory (`forgetLiveSessions`).
   */
  async isLive(sessionId: string, now: number = Date.now()): Promise<boolean> {
    if (!SESSION_ID.test(sessionId)) return false;
    const seen = this.live.get(sessionId);
    if (seen !== undefined && now - seen < LIVE_SESSION_CACHE_MS) return true;
    const live = await isRefreshFamilyLive(this.db, sessionId, new Date(now));
    if (live) {
      if (this.live.size >= LIVE_SESSION_CACHE_MAX) this.live.clear();
      this.live.set(sessionId, now);
    } else this.live.delete(sessionId);
    return live;
  }

  /** A session ended somewhere (the change feed): every session is read again on its next request. */
  forgetLiveSessions(): void {
    this.live.clear();
  }

  /** Says that sessions ended, once the revocation has committed. */
  announceEnded(): void {
    this.changes.announce({ kind: 'session' });
  }

  /**
   * A new session for a member who has just proved who they are. A suspended member gets none: 403 with the reason
   * and the end (docs/product.md#suspensions), for the password and the social sign-in alike.
   */
  async start(user: UserRow, db: Executor = this.db): Promise<AuthResponse> {
    await this.suspensions.assertNotSuspended(user.id, db);
    const familyId = randomUUID();
    const expiresAt = new Date(Date.now() + REFRESH_TTL_MS);
    return this.issue(db, user, familyId, expiresAt);
  }

  async refresh(refreshToken: string): Promise<AuthResponse> {
    const tokenHash = hashToken(refreshToken);
    const now = new Date();
    let replayed = false;
    const renewed = await this.db.transaction(async (tx): Promise<AuthResponse | null> => {
      const row = await lockRefreshToken(tx, tokenHash);
      if (!row || !sameHash(row.tokenHash, tokenHash) || row.revokedAt) return null;
      if (row.rotatedAt) {
        // Reuse of a rotated token: the revocation commits with this transaction; the caller still gets 401.
        await revokeRefreshFamily(tx, row.familyId, now);
        replayed = true;
        return null;
      }
      if (row.expiresAt <= now) return null;
      const user = await findUserById(tx, row.userId);
      if (!user || user.isSystem) return null;
      // A suspension revokes every refresh token; this also refuses any that escaped it (401, as for a revoked one).
      if (await this.suspensions.inForce(user.id, tx)) return null;
      await markRefreshTokenRotated(tx, row.id, now);
      return this.issue(tx, user, row.familyId, row.expiresAt);
    });
    if (replayed) this.announceEnded();
    if (!renewed) throw unauthorized(MSG.refreshInvalid);
    return renewed;
  }

  /** Ends the session the token belongs to. Unknown tokens are ignored: logging out twice is fine. */
  async logout(refreshToken: string): Promise<void> {
    const tokenHash = hashToken(refreshToken);
    const row = await findRefreshToken(this.db, tokenHash);
    if (row && sameHash(row.tokenHash, tokenHash)) {
      await revokeRefreshFamily(this.db, row.familyId, new Date());
      this.announceEnded();
    }
  }

  private async issue(db: Executor, user: UserRow, familyId: string, expiresAt: Date): Promise<AuthResponse> {
    const { token: refreshToken, hash } = newSecretToken();
    await insertRefreshToken(db, { userId: user.id, familyId, tokenHash: hash, expiresAt });
    const token = await this.accessTokens.sign({
      userId: user.id,
      username: user.username,
      role: user.role,
      sessionId: familyId,
    });
    return { token, refreshToken, user: presentUser(user) };
  }
}
