import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { HttpError } from './errors.js';
import { RateLimiter, type RateLimitRule } from './rate-limiter.js';
import { connectRedis, type Redis } from './redis.js';
import { connectedRedis, REDIS_URL } from '../../test/support/redis.js';

const silent = { warn: () => undefined, info: () => undefined };
const rule = (max: number): RateLimitRule => ({
  name: `test-${randomBytes(4).toString('hex')}`,
  max,
  windowSeconds: 60,
});

async function status(p: Promise<unknown>): Promise<number | 'ok'> {
  try {
    await p;
    return 'ok';
  } catch (err) {
    if (err instanceof HttpError) return err.statusCode;
    throw err;
  }
}

const clients: Redis[] = [];
afterAll(() => clients.forEach((c) => c.disconnect()));

describe('rate limits in one process', () => {
  it('answers 429 with Retry-After past the limit', async () => {
    const limiter = new RateLimiter(undefined, silent);
    const r = rule(3);
    for (let i = 0; i < 3; i++) expect(await status(limiter.consume(r, '1.2.3.4'))).toBe('ok');
    const err = await limiter.consume(r, '1.2.3.4').catch((e: HttpError) => e);
    expect(err).toBeInstanceOf(HttpError);
    expect((err as HttpError).statusCode).toBe(429);
    expect(Number((err as HttpError).headers['retry-after'])).toBeGreaterThan(0);
    expect(await status(limiter.consume(r, '5.6.7.8'))).toBe('ok');
  });

  it('check() blocks only once the recorded failures reach the limit', async () => {
    const limiter = new RateLimiter(undefined, silent);
    const r = rule(2);
    await limiter.record(r, 'alice');
    expect(await status(limiter.check(r, 'ALICE'))).toBe('ok');
    await limiter.record(r, 'alice');
    expect(await status(limiter.check(r, 'alice'))).toBe(429);
    await limiter.reset(r, 'alice');
    expect(await status(limiter.check(r, 'alice'))).toBe('ok');
  });
});

describe('rate limits shared through Redis', async () => {
  const redis = await connectedRedis();
  it.skipIf(!redis && !process.env.CI)('two instances share one count', async () => {
    expect(redis, `Redis is required at ${REDIS_URL} in CI`).toBeDefined();
    const other = (await connectedRedis())!;
    clients.push(redis!, other);
    const a = new RateLimiter(redis, silent);
    const b = new RateLimiter(other, silent);
    const r = rule(2);
    expect(await status(a.consume(r, 'shared'))).toBe('ok');
    expect(await status(b.consume(r, 'shared'))).toBe('ok');
    expect(await status(a.consume(r, 'shared'))).toBe(429);
    expect(await status(b.consume(r, 'shared'))).toBe(429);
  });

  it('falls back to per-process counting while Redis is unreachable, logging once', async () => {
    const down = connectRedis('redis://127.0.0.1:1');
    down.on('error', () => undefined);
    clients.push(down);
    const warnings: string[] = [];
    const limiter = new RateLimiter(down, {
      warn: (_o: unknown, m?: string) => warnings.push(String(m)),
      info: () => undefined,
    } as never);
    const r = rule(1);
    expect(await status(limiter.consume(r, 'x'))).toBe('ok');
    expect(await status(limiter.consume(r, 'x'))).toBe(429);
    expect(warnings).toHaveLength(1);
  });
});
