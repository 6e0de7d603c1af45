import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyBaseLogger } from 'fastify';
import { MSG } from '@certitude/shared';
import { systemClock, type Clock } from './clock.js';
import { tooManyRequests } from './errors.js';
import type { Redis } from './redis.js';

/** A limit: at most `max` hits per `windowSeconds` for one key (an address, an account, an email). */
export interface RateLimitRule {
  name: string;
  max: number;
  windowSeconds: number;
  /**
   * The text of the 429 answer; the product gives some (login, forgot password; docs/product.md#error-texts). A
   * function is given the seconds left in the window and the rule's `max`, for a text that says when it resets.
   */
  message?: string | ((resetSeconds: number, max: number) => string);
}

/** A rule with a text: at most `max` hits in `windowSeconds`, then a 429 that says `message`. */
export function limitRule(
  name: string,
  max: number,
  windowSeconds: number,
  message: NonNullable<RateLimitRule['message']>,
): RateLimitRule {
  return { name, max, windowSeconds, message };
}

interface Counter {
  count: number;
  /** Seconds until the window ends. */
  resetSeconds: number;
}

interface Store {
  hit(key: string, windowSeconds: number): Promise<Counter>;
  get(key: string): Promise<Counter>;
  reset(key: string): Promise<void>;
}

class MemoryStore implements Store {
  private readonly counters = new Map<string, { count: number; resetAt: number }>();
  private lastSweep: number;

  constructor(private readonly clock: Clock) {
    this.lastSweep = clock().getTime();
  }

  async hit(key: string, windowSeconds: number): Promise<Counter> {
    const now = this.clock().getTime();
    this.sweep(now);
    let c = this.counters.get(key);
    if (!c || c.resetAt <= now) {
      c = { count: 0, resetAt: now + windowSeconds * 1000 };
      this.counters.set(key, c);
    }
    c.count++;
    return { count: c.count, resetSeconds: Math.ceil((c.resetAt - now) / 1000) };
  }

  async get(key: string): Promise<Counter> {
    const now = this.clock().getTime();
    const c = this.counters.get(key);
    if (!c || c.resetAt <= now) return { count: 0, resetSeconds: 0 };
    return { count: c.count, resetSeconds: Math.ceil((c.resetAt - now) / 1000) };
  }

  async reset(key: string): Promise<void> {
    this.counters.delete(key);
  }

  /** Expired windows are dropped once a minute so memory stays bounded. */
  private sweep(now: number) {
    if (now - this.lastSweep < 60_000) return;
    this.lastSweep = now;
    for (const [key, c] of this.counters) if (c.resetAt <= now) this.counters.delete(key);
  }
}

class RedisStore implements Store {
  constructor(private readonly redis: Redis) {}

  async hit(key: string, windowSeconds: number): Promise<Counter> {
    const result = await this.redis.multi().incr(key).expire(key, windowSeconds, 'NX').pttl(key).exec();
    if (!result) throw new Error('redis transaction aborted');
    const count = Number(result[0]?.[1]);
    const ttl = Number(result[2]?.[1]);
    return { count, resetSeconds: Math.max(1, Math.ceil(ttl / 1000)) };
  }

  async get(key: string): Promise<Counter> {
    const [count, ttl] = await Promise.all([this.redis.get(key), this.redis.pttl(key)]);
    return { count: Number(count ?? 0), resetSeconds: Math.max(0, Math.ceil(Number(ttl) / 1000)) };
  }

  async reset(key: string): Promise<void> {
    await this.redis.del(key);
  }
}

/** The tightest limit a request met (the RateLimit-* headers of its answer, docs/api.md#rate-limits). */
export interface RateLimitStanding {
  limit: number;
  remaining: number;
  /** Seconds until the window of that limit ends. */
  resetSeconds: number;
}

/** The limits a request meets, gathered while it runs; plugins/public-api.ts opens one scope per request. */
export class RateLimitScope {
  standing: RateLimitStanding | undefined;

  /** Keeps the limit with the fewest requests left (on a tie, the one that resets last). */
  note(limit: number, count: number, resetSeconds: number): void {
    const remaining = Math.max(0, limit - count);
    const s = this.standing;
    if (!s || remaining < s.remaining || (remaining === s.remaining && resetSeconds > s.resetSeconds)) {
      this.standing = { limit, remaining, resetSeconds: Math.max(1, resetSeconds) };
    }
  }
}

export const rateLimitScopes = new AsyncLocalStorage<RateLimitScope>();

/**
 * Counts hits per rule and key. With Redis the counts are shared by every instance; while Redis is
 * unreachable each process counts on its own (logged once per outage), and no request fails because of it.
 * The per-process windows follow `clock` (the app's, so a test moves time forward); Redis ends its windows by its own.
 */
export class RateLimiter {
  private readonly memory: MemoryStore;
  private readonly shared: Store | undefined;
  private degraded = false;
  /** Told of every request refused by a rule (the rejections counter of /metrics). */
  onRejected: ((rule: string) => void) | undefined;

  constructor(
    redis: Redis | undefined,
    private readonly log: Pick<FastifyBaseLogger, 'warn' | 'info'>,
    private readonly prefix = 'certitude:rl:',
    clock: Clock = systemClock,
  ) {
    this.memory = new MemoryStore(clock);
    this.shared = redis ? new RedisStore(redis) : undefined;
  }

  /** Counts one hit; over the limit it throws 429 with Retry-After. */
  async consume(rule: RateLimitRule, key: string): Promise<void> {
    const c = await this.run((s) => s.hit(this.key(rule, key), rule.windowSeconds));
    rateLimitScopes.getStore()?.note(rule.max, c.count, c.resetSeconds);
    if (c.count > rule.max) this.reject(rule, c.resetSeconds);
  }

  /** Throws 429 when the limit is already reached, without counting (for limits on failures only). */
  async check(rule: RateLimitRule, key: string): Promise<void> {
    const c = await this.run((s) => s.get(this.key(rule, key)));
    rateLimitScopes.getStore()?.note(rule.max, c.count, c.resetSeconds || rule.windowSeconds);
    if (c.count >= rule.max) this.reject(rule, c.resetSeconds);
  }

  private reject(rule: RateLimitRule, resetSeconds: number): never {
    this.onRejected?.(rule.name);
    const message = typeof rule.message === 'function' ? rule.message(resetSeconds, rule.max) : rule.message;
    // Retry-After is never 0: a window that ends within the second is still closed now.
    throw tooManyRequests(message ?? MSG.tooManyRequests, Math.max(1, resetSeconds));
  }

  /** The hits counted in the current window, without counting one. */
  async count(rule: RateLimitRule, key: string): Promise<number> {
    return (await this.run((s) => s.get(this.key(rule, key)))).count;
  }

  /** Counts one hit without judging it (a failed login, say). */
  async record(rule: RateLimitRule, key: string): Promise<void> {
    const c = await this.run((s) => s.hit(this.key(rule, key), rule.windowSeconds));
    rateLimitScopes.getStore()?.note(rule.max, c.count, c.resetSeconds);
  }

  async reset(rule: RateLimitRule, key: string): Promise<void> {
    await this.run((s) => s.reset(this.key(rule, key)));
  }

  private key(rule: RateLimitRule, key: string) {
    return `${this.prefix}${rule.name}:${key.toLowerCase()}`;
  }

  private async run<T>(op: (store: Store) => Promise<T>): Promise<T> {
    if (!this.shared) return op(this.memory);
    try {
      const result = await op(this.shared);
      if (this.degraded) {
        this.degraded = false;
        this.log.info('Redis is back: rate limits are shared again');
      }
      return result;
    } catch (err) {
      if (!this.degraded) {
        this.degraded = true;
        this.log.warn({ err }, 'Redis unreachable: rate limits fall back to this process');
      }
      return op(this.memory);
    }
  }
}
