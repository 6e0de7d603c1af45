import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.js';
import { sendDailyDigests } from './daily-digest.js';
import { sendExpiryReminders } from './expiry-reminders.js';
import type { MemberMailContext } from './member-mail.js';

export interface MemberJobsOptions {
  /** Pause between runs; 0 turns the timer off (tests call runOnce() with a clock of their own). */
  intervalMs: number;
  /** What time it is: the reminders and the digest count days from it. */
  clock?: () => Date;
  /** The voting-ring job (docs/product.md#voting-rings), run beside the members' jobs; how many signals it recorded. */
  votingRings?: (now: Date) => Promise<number>;
  /** The retirement job (modules/catalogue-data/retirements.ts), run beside them; how many it retired. */
  retirements?: (now: Date) => Promise<number>;
  /** Members brought in or out of the common next counts as their accounts age or are suspended; how many. */
  commonNext?: (now: Date) => Promise<number>;
  /** The daily check of the members' Open Badges (docs/product.md#verified-holders); how many changed status. */
  badges?: (now: Date) => Promise<number>;
}

export interface MemberJobsRun {
  reminders: number;
  digests: number;
  votingRings?: number;
  retirements?: number;
  commonNext?: number;
  badges?: number;
}

/**
 * The members' periodic jobs (docs/architecture.md#jobs-the-members-reminders-and-digest): the expiry reminders and
 * the daily digest. Every instance runs them on its own timer; each job keeps its sends to once per key (entry,
 * expiry day and threshold; member and day) in the database, so the instances and restarts never send twice. The
 * first run comes one interval after the start, like every later one: both jobs count in days, and a fresh
 * instance leaves the start-up to its requests.
 */
export class MemberJobs {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<MemberJobsRun> | undefined;
  private stopped = true;
  private readonly clock: () => Date;

  constructor(
    private readonly db: Database,
    private readonly mail: MemberMailContext,
    private readonly kickMail: () => void,
    private readonly log: Pick<FastifyBaseLogger, 'warn'>,
    private readonly options: MemberJobsOptions,
  ) {
    this.clock = options.clock ?? (() => new Date());
  }

  start() {
    if (this.options.intervalMs === 0) return;
    this.stopped = false;
    this.schedule();
  }

  /** Stops the timer and waits for a run in progress, so that the database outlives it. */
  async stop() {
    this.stopped = true;
    clearTimeout(this.timer);
    this.timer = undefined;
    await this.running?.catch(() => undefined);
  }

  /** Both jobs now, for the day of `now` (the timer calls it with the clock; tests with a day of their own). */
  runOnce(now: Date = this.clock()): Promise<MemberJobsRun> {
    if (this.running) return this.running;
    this.running = this.run(now).finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  private async run(now: Date): Promise<MemberJobsRun> {
    const reminders = await sendExpiryReminders(this.db, now);
    const digests = await sendDailyDigests(this.db, this.mail, now);
    // Reminders and digests queue mail: send it now rather than at the outbox's next poll.
    if (reminders || digests) this.kickMail();
    const run: MemberJobsRun = { reminders, digests };
    if (this.options.votingRings) run.votingRings = await this.options.votingRings(now);
    if (this.options.retirements) run.retirements = await this.options.retirements(now);
    if (this.options.commonNext) run.commonNext = await this.options.commonNext(now);
    if (this.options.badges) run.badges = await this.options.badges(now);
    return run;
  }

  private schedule() {
    if (this.stopped) return;
    this.timer = setTimeout(() => void this.tick(), this.options.intervalMs);
    this.timer.unref();
  }

  private async tick() {
    try {
      await this.runOnce();
    } catch (err) {
      // The database is away or closing: every key is still unsent, the next run tries again.
      this.log.warn({ err }, 'member jobs: the reminders or the digest could not run');
    }
    this.schedule();
  }
}
