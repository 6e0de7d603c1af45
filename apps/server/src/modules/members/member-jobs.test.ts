import { addMonths, formatDay } from '@certitude/shared';
import { and, asc, eq, like } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildInstance } from '../../../test/app.js';
import { createTestDatabase, TEST_DATABASE_KIND, type TestDatabase } from '../../../test/database.js';
import { buildCertification, buildUser } from '../../../test/factories.js';
import { openDatabase } from '../../db/client.js';
import { mailOutbox, memberEmailSettings, notifications } from '../../db/schema/index.js';
import { MemberJobs } from './member-jobs.js';
import { saveTrackerEntry } from './tracker.repository.js';

/*
 * The expiry reminders and the daily digest, run with a clock of the test's own (never waiting for real days).
 * Instances are built with their timers off (MEMBER_JOBS_INTERVAL_MS=0) and the outbox worker off, so the tests
 * read the notifications and the outbox as the jobs left them.
 */

const QUIET = { MAIL_WORKER_INTERVAL_MS: '0', MEMBER_JOBS_INTERVAL_MS: '0' };
let db: TestDatabase;
let app: FastifyInstance;
beforeAll(async () => {
  db = await createTestDatabase();
  ({ app } = await buildInstance(db, QUIET));
});
afterAll(async () => {
  await app.close();
  await db.destroy();
});

/** Noon UTC of the day `days` after `day` (negative: before). */
const at = (day: string, days = 0) => new Date(Date.parse(`${day}T12:00:00Z`) + days * 86_400_000);
const dayOf = (date: Date) => date.toISOString().slice(0, 10);

/** A member holding a certification that expires on `expiresOn` (earned long before). */
async function holder(expiresOn: string, status: 'HELD' | 'STUDYING' | 'PLANNED' = 'HELD') {
  const user = await buildUser(db.db);
  const cert = await buildCertification(db.db);
  const held = status === 'HELD';
  await saveTrackerEntry(db.db, user.id, cert.id, {
    status,
    earnedOn: held ? '2020-01-15' : null,
    expiresOn: held ? expiresOn : null,
    targetDate: held ? null : expiresOn,
    isPublic: false,
  });
  return { user, cert };
}

const remindersOf = (userId: number) =>
  db.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.kind, 'CERTIFICATION_EXPIRING')))
    .orderBy(asc(notifications.id));
const mailsTo = (email: string, kind?: string) =>
  db.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.toAddress, email), kind ? eq(mailOutbox.kind, kind) : undefined))
    .orderBy(asc(mailOutbox.id));
const run = (now: Date, on: FastifyInstance = app) => on.services.memberJobs.runOnce(now);

describe('expiry reminders', () => {
  it('tell a holder 90, 30 and 7 days before the expiry, each once, with a notification and an email', async () => {
    const expires = '2031-06-30';
    const { user, cert } = await holder(expires);
    const seen: string[] = [];
    for (const days of [-120, -91, -90, -90, -89, -60, -31, -30, -30, -8, -7, -6, -1, 0, 1, 30]) {
      await run(at(expires, days));
      seen.push(`${days}:${(await remindersOf(user.id)).length}`);
    }
    expect(seen).toEqual([
      '-120:0',
      '-91:0',
      '-90:1',
      '-90:1',
      '-89:1',
      '-60:1',
      '-31:1',
      '-30:2',
      '-30:2',
      '-8:2',
      '-7:3',
      '-6:3',
      '-1:3',
      '0:3',
      '1:3',
      '30:3',
    ]);
    const told = await remindersOf(user.id);
    expect(told.map((n) => n.text)).toEqual([
      `Your ${cert.name} certification expires in 90 days, on ${formatDay(expires)}`,
      `Your ${cert.name} certification expires in 30 days, on ${formatDay(expires)}`,
      `Your ${cert.name} certification expires in 7 days, on ${formatDay(expires)}`,
    ]);
    expect(told.every((n) => n.link === `/certification/${cert.slug}`)).toBe(true);
    const mails = await mailsTo(user.email);
    expect(mails.map((m) => [m.kind, m.subject])).toEqual(told.map((n) => ['certification-expiring', n.text]));
    expect(mails[0]!.textBody).toContain(`http://certitude.test/certification/${cert.slug}`);
    expect(mails[0]!.headers).toMatchObject({ 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' });
    expect(mails[0]!.headers!['List-Unsubscribe']).toMatch(
      new RegExp(`^<http://certitude\\.test/unsubscribe\\?token=${user.id}\\.expiry\\.[\\w-]+>$`),
    );
  });

  it('send a late entry only the most urgent reminder due, then the next one on its day', async () => {
    const expires = '2031-09-30';
    const { user } = await holder(expires);
    await run(at(expires, -20));
    expect((await remindersOf(user.id)).map((n) => n.eventKey)).toEqual([expect.stringMatching(/:30$/)]);
    await run(at(expires, -19));
    await run(at(expires, -5));
    expect((await remindersOf(user.id)).map((n) => n.eventKey.split(':').at(-1))).toEqual(['30', '7']);
    expect((await remindersOf(user.id))[1]!.text).toContain('expires in 5 days');
    await run(at(expires, 0));
    expect(await remindersOf(user.id)).toHaveLength(2);
  });

  it('say "today" and "tomorrow" on the last days', async () => {
    const today = await holder('2031-10-15');
    await run(at('2031-10-15'));
    expect((await remindersOf(today.user.id))[0]!.text).toBe(
      `Your ${today.cert.name} certification expires today, 15 Oct 2031`,
    );
    const tomorrow = await holder('2031-10-16');
    await run(at('2031-10-15'));
    expect((await remindersOf(tomorrow.user.id))[0]!.text).toContain('expires tomorrow, on 16 Oct 2031');
  });

  it('tell nobody of STUDYING or PLANNED entries, nor of an expiry already past', async () => {
    const studying = await holder('2031-11-20', 'STUDYING');
    const planned = await holder('2031-11-20', 'PLANNED');
    const lapsed = await holder('2031-11-01');
    for (const days of [-90, -30, -7, 0]) await run(at('2031-11-20', days));
    expect(await remindersOf(studying.user.id)).toEqual([]);
    expect(await remindersOf(planned.user.id)).toEqual([]);
    // Expired on the 1st: told 90 and 30 days before, nothing once the day has passed.
    expect((await remindersOf(lapsed.user.id)).map((n) => n.eventKey.split(':').at(-1))).toEqual(['90', '30']);
  });

  it('start again for a new expiry date', async () => {
    const first = '2032-01-31';
    const { user, cert } = await holder(first);
    await run(at(first, -90));
    expect(await remindersOf(user.id)).toHaveLength(1);
    // Renewed: the entry now expires three years later; the old date's reminders stay as they were.
    const renewed = addMonths(first, 36);
    await saveTrackerEntry(db.db, user.id, cert.id, {
      status: 'HELD',
      earnedOn: '2020-01-15',
      expiresOn: renewed,
      targetDate: null,
      isPublic: false,
    });
    await run(at(first, -30));
    expect(await remindersOf(user.id)).toHaveLength(1);
    await run(at(renewed, -90));
    await run(at(renewed, -30));
    const told = await remindersOf(user.id);
    expect(told.map((n) => n.eventKey.split(':').slice(2).join(':'))).toEqual([
      `${first}:90`,
      `${renewed}:90`,
      `${renewed}:30`,
    ]);
  });

  it('notify without an email when the member turned expiry emails off', async () => {
    const { user } = await holder('2032-02-29');
    await db.db.insert(memberEmailSettings).values({ userId: user.id, expiry: false });
    await run(at('2032-02-29', -7));
    expect(await remindersOf(user.id)).toHaveLength(1);
    expect(await mailsTo(user.email)).toEqual([]);
  });

  it('send nothing again after a restart: a new instance on the same database', async () => {
    const expires = '2032-03-31';
    const { user } = await holder(expires);
    await run(at(expires, -30));
    const { app: restarted } = await buildInstance(db, QUIET);
    try {
      expect(await run(at(expires, -30), restarted)).toMatchObject({ reminders: 0 });
      expect(await run(at(expires, -29), restarted)).toMatchObject({ reminders: 0 });
    } finally {
      await restarted.close();
    }
    expect(await remindersOf(user.id)).toHaveLength(1);
    expect(await mailsTo(user.email)).toHaveLength(1);
  });
});

describe('the jobs’ timer', () => {
  it('runs with the clock it is given, and stops waiting for the run in progress', async () => {
    const expires = '2032-04-30';
    const { user } = await holder(expires);
    const runs: Date[] = [];
    const jobs = new MemberJobs(
      db.db,
      { publicUrl: 'http://certitude.test', tokens: { sign: () => 'x' } as never },
      () => undefined,
      { warn: () => undefined },
      {
        intervalMs: 5,
        clock: () => {
          const now = at(expires, -7);
          runs.push(now);
          return now;
        },
      },
    );
    jobs.start();
    while (runs.length < 2) await new Promise((resolve) => setTimeout(resolve, 5));
    await jobs.stop();
    const after = runs.length;
    // Not a guess at how long is enough: a timer set now, for longer than the jobs' interval, fires after any timer
    // the jobs could still have set (timers fire in the order they fall due), so a run after stop() would be in.
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(runs.length).toBe(after);
    expect(await remindersOf(user.id)).toHaveLength(1);
  });
});

describe.skipIf(TEST_DATABASE_KIND === 'pglite')('two instances on one PostgreSQL database', () => {
  // Skipped on PGlite: it is one process with one session, so two "instances" there would take turns on the
  // same connection and prove nothing about two servers racing. On PostgreSQL each instance has its own pool.
  let second: { app: FastifyInstance; close: () => Promise<void> };
  beforeAll(async () => {
    const handle = await openDatabase({ databaseUrl: db.url!, poolSize: 10 });
    const built = await buildInstance({ ...handle, url: db.url, destroy: () => handle.close() }, QUIET);
    second = {
      app: built.app,
      close: async () => {
        await built.app.close();
        await handle.close();
      },
    };
  });
  afterAll(() => second.close());

  it('send each reminder exactly once when both run the job at the same time', async () => {
    const expires = '2033-05-31';
    const holders = await Promise.all(Array.from({ length: 40 }, () => holder(expires)));
    for (const days of [-90, -30, -7]) {
      const [a, b] = await Promise.all([run(at(expires, days)), run(at(expires, days), second.app)]);
      expect(a.reminders + b.reminders, `${days} days`).toBe(holders.length);
    }
    for (const { user } of holders) {
      expect((await remindersOf(user.id)).map((n) => n.eventKey.split(':').at(-1))).toEqual(['90', '30', '7']);
      expect(await mailsTo(user.email, 'certification-expiring')).toHaveLength(3);
    }
    const [a, b] = await Promise.all([run(at(expires, -7)), run(at(expires, -6), second.app)]);
    expect(a.reminders + b.reminders).toBe(0);
  });

  it('send each member one digest a day when both run the job at the same time', async () => {
    const readers = await Promise.all(Array.from({ length: 20 }, () => buildUser(db.db)));
    for (const reader of readers) {
      await db.db
        .insert(memberEmailSettings)
        .values({ userId: reader.id, digest: true, digestSince: new Date(Date.now() - 60_000) });
      await db.db.insert(notifications).values({
        userId: reader.id,
        kind: 'COMMENT_REPLY',
        text: 'someone replied to your comment on Something',
        link: '/certification/something#comment-1',
        eventKey: `test:${reader.id}`,
      });
    }
    const morning = new Date('2033-06-01T07:30:00Z');
    const [a, b] = await Promise.all([run(morning), run(morning, second.app)]);
    expect(a.digests + b.digests).toBe(readers.length);
    for (const reader of readers) expect(await mailsTo(reader.email, 'daily-digest'), dayOf(morning)).toHaveLength(1);
    const again = await Promise.all([run(morning), run(morning, second.app)]);
    expect(again[0].digests + again[1].digests).toBe(0);
    const digests = await db.db.select().from(mailOutbox).where(like(mailOutbox.subject, 'Your Certitude digest%'));
    expect(digests.filter((m) => readers.some((r) => r.email === m.toAddress))).toHaveLength(readers.length);
  });
});
