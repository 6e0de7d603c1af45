/* The Redis of the tests that share state through it (imported by *.test.ts only). */
import { connectRedis, type Redis } from '../../src/lib/redis.js';

export const REDIS_URL = process.env.REDIS_TEST_URL ?? 'redis://127.0.0.1:6379';

/** A client of the test Redis once it is connected; undefined, after giving up, when none answers within 1.5 s. */
export async function connectedRedis(): Promise<Redis | undefined> {
  const redis = connectRedis(REDIS_URL);
  redis.on('error', () => undefined);
  try {
    // No offline queue: wait for the connection before asking anything.
    await new Promise((resolve, reject) => {
      redis.once('ready', resolve);
      setTimeout(() => reject(new Error('no redis')), 1500);
    });
    return redis;
  } catch {
    redis.disconnect();
    return undefined;
  }
}
