import { MSG, type Role, can } from '@certitude/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { forbidden, unauthorized } from '../lib/errors.js';
import { findAccountForRequest } from '../modules/moderation/suspension.repository.js';

export interface Viewer {
  id: number;
  username: string;
  email: string;
  role: Role;
  /** When the account was created: its first week has tighter limits (docs/decisions/0029-new-account-limits.md). */
  createdAt: Date;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in member making the request, when it carries a valid access token. */
    viewer: Viewer | undefined;
  }
  interface FastifyContextConfig {
    /** The route reads `Authorization: Bearer …` itself, with a token that is not a member's (GET /metrics). */
    ownBearer?: boolean;
  }
}

const BEARER = /^Bearer\s+([A-Za-z0-9._~+/-]+=*)$/i;

/**
 * Reads `Authorization: Bearer …` on every request. No header: a visitor. A header with a bad, expired or
 * revoked-account token: 401, so that the client refreshes and retries (docs/product.md#session). The account is read
 * from the database, so a demoted or removed member loses their rights at once, and so does a suspended one: the same
 * query tells whether a suspension is in force (docs/decisions/0027-suspensions.md), and their refresh is refused too.
 */
async function auth(app: FastifyInstance) {
  app.decorateRequest('viewer', undefined);
  app.addHook('onRequest', async (request) => {
    const header = request.headers.authorization;
    if (!header || request.routeOptions.config.ownBearer) return;
    const match = BEARER.exec(header);
    if (!match?.[1]) throw unauthorized(MSG.sessionInvalid);
    const claims = await app.accessTokens.verify(match[1]);
    if (!claims) throw unauthorized(MSG.sessionInvalid);
    // Signed out, or ended by a password change or reset: its access tokens stop now, not when they expire.
    if (claims.sessionId && !(await app.services.accounts.sessions.isLive(claims.sessionId))) {
      throw unauthorized(MSG.sessionInvalid);
    }
    const account = await findAccountForRequest(app.database.db, claims.userId, app.services.suspensions.now());
    if (!account || account.suspended) throw unauthorized(MSG.sessionInvalid);
    const { user } = account;
    if (user.isSystem) throw unauthorized(MSG.sessionInvalid);
    request.viewer = {
      id: user.id,
      username: user.username,
      email: user.email,
      role: user.role,
      createdAt: user.createdAt,
    };
  });
}

export default fp(auth, { name: 'auth' });

/** The signed-in member, or 401. */
export function requireUser(request: FastifyRequest, message: string = MSG.unauthorized): Viewer {
  if (!request.viewer) throw unauthorized(message);
  return request.viewer;
}

/** A moderator or admin (docs/architecture.md#authorization), or 401/403. */
export function requireModerator(request: FastifyRequest): Viewer {
  const viewer = requireUser(request);
  if (!can(viewer, 'moderate')) throw forbidden();
  return viewer;
}

/** An admin (docs/architecture.md#authorization), or 401/403. */
export function requireAdmin(request: FastifyRequest): Viewer {
  const viewer = requireUser(request);
  if (!can(viewer, 'administer')) throw forbidden();
  return viewer;
}
