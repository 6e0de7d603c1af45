import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { connectRedis, type Redis } from '../../lib/redis.js';

const CHANNEL = 'certitude:catalogue:list-changed';

/**
 * Tells every instance that the public certification list changed, so each drops its cached copy.
 * Without Redis there is one instance and nothing to tell. With Redis, a change is published on the shared
 * connection and heard on a subscriber connection of its own (a subscribed ioredis connection can send no
 * other command). While the subscriber is not connected a message could be missed, so `canCache` turns
 * false and the cache is bypassed: during a Redis outage every request reads the database, and none fails.
 */
export class ListInvalidation {
  private readonly instanceId = randomUUID();
  private subscriber: Redis | undefined;
  private listening = false;
  private warned = false;

  constructor(
    private readonly publisher: Redis | undefined,
    redisUrl: string | undefined,
    private readonly onRemoteChange: () => void,
    private readonly log: Pick<FastifyBaseLogger, 'warn'>,
  ) {
    if (!publisher || !redisUrl) return;
    const sub = connectRedis(redisUrl);
    this.subscriber = sub;
    sub.on('error', () => undefined);
    sub.on('ready', () => {
      sub.subscribe(CHANNEL).then(
        () => {
          this.listening = true;
          // Changes made while we were deaf are unknown: start from the database again.
          this.onRemoteChange();
        },
        () => undefined,
      );
    });
    sub.on('close', () => {
      this.listening = false;
    });
    sub.on('message', (channel: string, sender: string) => {
      if (channel === CHANNEL && sender !== this.instanceId) this.onRemoteChange();
    });
  }

  /** Whether a cached list can be trusted to hear of every change. */
  get canCache(): boolean {
    return !this.subscriber || this.listening;
  }

  publish(): void {
    if (!this.publisher) return;
    this.publisher.publish(CHANNEL, this.instanceId).then(
      () => {
        this.warned = false;
      },
      (err: unknown) => {
        if (this.warned) return;
        this.warned = true;
        this.log.warn({ err }, 'Redis unreachable: other instances may serve the certification list uncached');
      },
    );
  }

  close(): void {
    this.listening = false;
    this.subscriber?.disconnect();
  }
}
