import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { CHANGE_KINDS, type ChangeFeed, type ChangeKind } from './changes.js';
import { connectRedis, type Redis } from './redis.js';

/** The channel's name is older than the feed; instances of both versions hear each other during a rolling deploy. */
const CHANNEL = 'certitude:catalogue:list-changed';

const isKind = (s: string): s is ChangeKind => (CHANGE_KINDS as readonly string[]).includes(s);

/**
 * Tells every other instance of the changes announced here (changes.ts), so that each drops what its caches hold.
 * Without Redis there is one instance and nothing to tell. With Redis, a change is published on the shared
 * connection and heard on a subscriber connection of its own (a subscribed ioredis connection can send no
 * other command). While the subscriber is not connected a message could be missed, so `canCache` turns
 * false and the caches that need every change are bypassed: during a Redis outage every request reads the
 * database, and none fails.
 */
export class ChangeRelay {
  private readonly instanceId = randomUUID();
  private subscriber: Redis | undefined;
  private listening = false;
  private warned = false;

  constructor(
    private readonly publisher: Redis | undefined,
    redisUrl: string | undefined,
    private readonly feed: ChangeFeed,
    private readonly log: Pick<FastifyBaseLogger, 'warn'>,
  ) {
    for (const kind of CHANGE_KINDS) {
      feed.subscribe(kind, (change, origin) => {
        if (origin === 'here') this.publish(change.kind);
      });
    }
    if (!publisher || !redisUrl) return;
    const sub = connectRedis(redisUrl);
    this.subscriber = sub;
    sub.on('error', () => undefined);
    sub.on('ready', () => {
      sub.subscribe(CHANNEL).then(
        () => {
          this.listening = true;
          // Changes made while we were deaf are unknown: anything may have changed.
          for (const kind of CHANGE_KINDS) feed.heard({ kind });
        },
        () => undefined,
      );
    });
    sub.on('close', () => {
      this.listening = false;
    });
    sub.on('message', (channel: string, message: string) => {
      if (channel !== CHANNEL) return;
      const [sender, kind = ''] = message.split(' ');
      if (sender === this.instanceId) return;
      // A message without a kind comes from an instance older than the feed: it said only that something changed.
      for (const k of isKind(kind) ? [kind] : CHANGE_KINDS) feed.heard({ kind: k });
    });
  }

  /** Whether a cache kept in memory hears of every change made on any instance. */
  get canCache(): boolean {
    return !this.subscriber || this.listening;
  }

  private publish(kind: ChangeKind): void {
    if (!this.publisher) return;
    this.publisher.publish(CHANNEL, `${this.instanceId} ${kind}`).then(
      () => {
        this.warned = false;
      },
      (err: unknown) => {
        if (this.warned) return;
        this.warned = true;
        this.log.warn({ err }, 'Redis unreachable: other instances may not hear of the changes made here');
      },
    );
  }

  close(): void {
    this.listening = false;
    this.subscriber?.disconnect();
  }
}
