import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import type { ChangeFeed } from './lib/changes.js';
import type { Clock } from './lib/clock.js';
import type { RateLimiter } from './lib/rate-limiter.js';
import type { Redis } from './lib/redis.js';
import type { AccessTokens } from './modules/accounts/access-token.js';

/** What services are built from: one set per app instance. */
export interface ServiceDeps {
  db: Database;
  config: Config;
  redis: Redis | undefined;
  rateLimiter: RateLimiter;
  accessTokens: AccessTokens;
  log: FastifyBaseLogger;
  /** The time the rules see (suspensions' ends); the system's, or a test's. */
  now: Clock;
  /** Where writes announce what they changed, after their commit, and caches subscribe (lib/changes.ts). */
  changes: ChangeFeed;
}
