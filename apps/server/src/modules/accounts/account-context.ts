import type { Config } from '../../config.js';
import type { Database } from '../../db/client.js';
import type { RateLimiter } from '../../lib/rate-limiter.js';
import type { SessionService } from './session.service.js';

/** What the account services share. `mail.kick()` asks the outbox worker to send what was just queued. */
export interface AccountContext {
  db: Database;
  config: Pick<Config, 'publicUrl'>;
  rateLimiter: RateLimiter;
  sessions: SessionService;
  mail: { kick(): void };
  /**
   * Runs work after the answer has left (failures are logged): where doing it before would make the
   * answer for an existing account measurably slower than for an unknown one.
   */
  defer(task: () => Promise<void>): void;
}
