import { Redis } from 'ioredis';

/**
 * A Redis connection that fails fast while Redis is down (no offline queue), so callers can fall back to
 * per-process behaviour instead of hanging; it reconnects by itself.
 */
export function connectRedis(url: string): Redis {
  return new Redis(url, {
    lazyConnect: false,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 2_000,
    retryStrategy: (times) => Math.min(times * 200, 2_000),
  });
}

export type { Redis };
