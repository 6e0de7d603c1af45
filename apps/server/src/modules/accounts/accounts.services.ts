import type { ServiceDeps } from '../../service-deps.js';
import type { SuspensionService } from '../moderation/suspension.service.js';
import { AuthService } from './auth.service.js';
import { EmailVerificationService } from './email-verification.service.js';
import { OAuthService } from './oauth.service.js';
import { PasswordResetService } from './password-reset.service.js';
import { SessionService } from './session.service.js';
import { UserService } from './user.service.js';

/** The services of the accounts area, sharing one session service and one mail queue. */
export function createAccountServices(
  deps: ServiceDeps,
  mail: { kick(): void },
  suspensions: Pick<SuspensionService, 'assertNotSuspended' | 'inForce'>,
) {
  const sessions = new SessionService(deps.db, deps.accessTokens, suspensions, deps.changes);
  deps.changes.subscribe('session', () => sessions.forgetLiveSessions());
  const pending = new Set<Promise<void>>();
  const defer = (task: () => Promise<void>) => {
    // Started on the next turn of the event loop, once the answer has been written.
    const run: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
      .then(task)
      .catch((err: unknown) => deps.log.error({ err }, 'account background task failed'))
      .finally(() => pending.delete(run));
    pending.add(run);
  };
  const ctx = { db: deps.db, config: deps.config, rateLimiter: deps.rateLimiter, sessions, mail, defer };
  const verification = new EmailVerificationService(ctx);
  return {
    /** Resolves once the deferred work has finished (before shutdown, and in tests). */
    settle: async () => {
      while (pending.size) await Promise.all(pending);
    },
    sessions,
    verification,
    auth: new AuthService(ctx, verification),
    passwordReset: new PasswordResetService(ctx),
    users: new UserService(ctx, verification),
    oauth: new OAuthService(ctx, deps.config, deps.log),
  };
}
