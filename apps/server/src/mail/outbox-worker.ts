import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client.js';
import type { MailSender } from './mail-sender.js';
import { claimDueMail, markMailFailed, markMailSent, scheduleMailRetry, type OutboxRow } from './outbox.repository.js';

export interface OutboxWorkerOptions {
  /** Pause between polls; 0 turns the worker off (tests then call runOnce() themselves). */
  intervalMs: number;
  batchSize?: number;
  /** After this many failed attempts a message is marked FAILED and left for an operator. */
  maxAttempts?: number;
  /** Delay after the first failure; it doubles with each further one, up to maxDelayMs. */
  baseDelayMs?: number;
  maxDelayMs?: number;
  /** How long a claimed message stays invisible to other workers while it is being sent. */
  leaseMs?: number;
}

export interface OutboxRun {
  sent: number;
  retried: number;
  failed: number;
}

/** SMTP reply codes 5xx are permanent ("no such mailbox"): retrying would not help. */
function isPermanent(err: unknown): boolean {
  const code = (err as { responseCode?: unknown }).responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
}

/**
 * Sends the mail outbox. Every instance may run one: rows are claimed with SKIP LOCKED and a lease, so no
 * message goes out twice while the instances stay up. A failure waits base·2^(n-1) (±20 %) before the
 * next try; with the defaults the last of 15 attempts comes about 8 hours after the first, so SMTP may be
 * down for a night without a message being lost.
 */
export class OutboxWorker {
  private readonly opts: Required<OutboxWorkerOptions>;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<OutboxRun> | undefined;
  private again = false;
  private stopped = true;
  private closing = false;
  /** Told of every failed attempt: retried later, or given up (the mail failures counter of /metrics). */
  onAttemptFailed: ((outcome: 'retried' | 'failed', kind: string) => void) | undefined;

  constructor(
    private readonly db: Database,
    private readonly sender: MailSender,
    private readonly log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>,
    options: OutboxWorkerOptions,
  ) {
    this.opts = {
      batchSize: 20,
      maxAttempts: 15,
      baseDelayMs: 30_000,
      maxDelayMs: 3_600_000,
      leaseMs: 120_000,
      ...options,
    };
  }

  start() {
    if (this.opts.intervalMs === 0) return;
    this.stopped = false;
    this.schedule(0);
  }

  /** Stops polling and waits for the batch in progress; the rest stays queued for the next start. */
  async stop() {
    this.stopped = true;
    this.closing = true;
    clearTimeout(this.timer);
    this.timer = undefined;
    await this.running?.catch(() => undefined);
    this.sender.close();
  }

  /** Something was just queued: send it now rather than at the next poll. */
  kick() {
    if (this.stopped) return;
    if (this.running) this.again = true;
    else this.schedule(0);
  }

  /** Sends every due message now (the worker calls it; tests too, with a clock of their own). */
  runOnce(now?: Date): Promise<OutboxRun> {
    if (this.running) return this.running;
    this.running = this.drain(now).finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  private schedule(delayMs: number) {
    if (this.stopped) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.tick(), delayMs);
    this.timer.unref();
  }

  private async tick() {
    try {
      await this.runOnce();
    } catch (err) {
      // The database is away: the mail is safe in it, try again at the next poll.
      this.log.warn({ err }, 'mail outbox: could not read the queue');
    }
    if (this.again) {
      this.again = false;
      this.schedule(0);
    } else {
      this.schedule(this.opts.intervalMs);
    }
  }

  private async drain(now?: Date): Promise<OutboxRun> {
    const run: OutboxRun = { sent: 0, retried: 0, failed: 0 };
    for (;;) {
      const batch = await claimDueMail(this.db, this.opts.batchSize, this.opts.leaseMs, now ?? new Date());
      for (const row of batch) run[await this.deliver(row)]++;
      if (batch.length < this.opts.batchSize || this.closing) return run;
    }
  }

  private async deliver(row: OutboxRow): Promise<keyof OutboxRun> {
    try {
      await this.sender.send({
        to: row.toAddress,
        subject: row.subject,
        text: row.textBody,
        html: row.htmlBody,
        kind: row.kind,
        ...(row.headers ? { headers: row.headers } : {}),
      });
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      const givingUp = isPermanent(err) || row.attempts >= this.opts.maxAttempts;
      this.onAttemptFailed?.(givingUp ? 'failed' : 'retried', row.kind);
      if (givingUp) {
        this.log.error({ err, mailId: row.id, kind: row.kind, attempts: row.attempts }, 'mail outbox: giving up');
        await markMailFailed(this.db, row.id, message);
        return 'failed';
      }
      const delay = this.retryDelay(row.attempts);
      this.log.warn({ err, mailId: row.id, attempts: row.attempts, retryInMs: delay }, 'mail outbox: send failed');
      await scheduleMailRetry(this.db, row.id, new Date(Date.now() + delay), message);
      return 'retried';
    }
    // Should this write fail, the lease runs out and the message goes again: at least once, never lost.
    await markMailSent(this.db, row.id);
    return 'sent';
  }

  /** base·2^(attempts-1), capped, with ±20 % jitter so that many instances do not retry in step. */
  retryDelay(attempts: number): number {
    const exact = Math.min(this.opts.maxDelayMs, this.opts.baseDelayMs * 2 ** Math.max(0, attempts - 1));
    return Math.round(exact * (0.8 + Math.random() * 0.4));
  }
}
