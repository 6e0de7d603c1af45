import { mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { mailOutbox } from '../db/schema/index.js';
import { createTestDatabase, type TestDatabase } from '../../test/database.js';
import { buildAccountsApp, unique } from '../../test/support/accounts.js';
import { FileMailSender, SmtpMailSender, type MailSender } from './mail-sender.js';
import { OutboxWorker } from './outbox-worker.js';
import { claimDueMail, enqueueMail, type OutgoingMail } from './outbox.repository.js';

const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };

interface Received {
  to: string[];
  raw: string;
}

/** A real SMTP server on a fixed port, that can be stopped and started again on that same port. */
class LocalSmtp {
  received: Received[] = [];
  private server: SMTPServer | undefined;
  port = 0;

  constructor(private readonly reject550 = false) {}

  async start() {
    this.server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      disableReverseLookup: true,
      onRcptTo: (address, _session, cb) =>
        this.reject550 ? cb(Object.assign(new Error('No such mailbox'), { responseCode: 550 })) : cb(),
      onData: (stream, session, cb) => {
        let raw = '';
        stream.on('data', (d: Buffer) => (raw += d.toString('utf8')));
        stream.on('end', () => {
          this.received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
          cb();
        });
      },
    });
    await new Promise<void>((resolve) => this.server!.listen(this.port, '127.0.0.1', () => resolve()));
    this.port = (this.server.server.address() as AddressInfo).port;
  }

  async stop() {
    await new Promise<void>((resolve) => this.server?.close(() => resolve()));
    this.server = undefined;
  }

  get url() {
    return `smtp://127.0.0.1:${this.port}`;
  }
}

/** The body of a MIME part as a person reads it: quoted-printable soft breaks and escapes undone. */
const decodeQp = (raw: string) =>
  raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));

const mail = (over: Partial<OutgoingMail> = {}): OutgoingMail => ({
  to: `someone_${unique()}@example.org`,
  subject: 'Hello',
  text: 'Plain words\nhttp://certitude.test/verify-email?token=abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG\n',
  html: '<p>Plain words</p>',
  kind: 'test',
  ...over,
});

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(() => db.destroy());
beforeEach(async () => {
  await db.db.delete(mailOutbox);
});

const rowOf = async (id: number) => (await db.db.select().from(mailOutbox).where(eq(mailOutbox.id, id)))[0]!;

describe('the outbox', () => {
  it('a mail queued in a transaction that rolls back never exists', async () => {
    await db.db
      .transaction(async (tx) => {
        await enqueueMail(tx, mail());
        throw new Error('the change failed');
      })
      .catch(() => undefined);
    expect(await db.db.select().from(mailOutbox)).toEqual([]);
  });

  it('a claimed mail is invisible to other workers until its lease ends (a crashed worker loses nothing)', async () => {
    const id = await enqueueMail(db.db, mail());
    const now = new Date();
    expect((await claimDueMail(db.db, 10, 60_000, now)).map((r) => r.id)).toEqual([id]);
    expect(await claimDueMail(db.db, 10, 60_000, now)).toEqual([]);
    const later = await claimDueMail(db.db, 10, 60_000, new Date(now.getTime() + 61_000));
    expect(later.map((r) => [r.id, r.attempts])).toEqual([[id, 2]]);
  });

  it('two workers at once send every message exactly once (SKIP LOCKED and the lease)', async () => {
    const ids = [];
    for (let i = 0; i < 30; i++) ids.push(await enqueueMail(db.db, mail({ subject: `n${i}` })));
    const sent: string[] = [];
    const recorder: MailSender = {
      send: async (m) => {
        await new Promise((r) => setTimeout(r, 5));
        sent.push(m.subject);
      },
      close: () => undefined,
    };
    const a = new OutboxWorker(db.db, recorder, silent, { intervalMs: 0, batchSize: 4 });
    const b = new OutboxWorker(db.db, recorder, silent, { intervalMs: 0, batchSize: 4 });
    const [ra, rb] = await Promise.all([a.runOnce(), b.runOnce()]);
    expect(ra.sent + rb.sent).toBe(30);
    expect(sent.sort()).toEqual(Array.from({ length: 30 }, (_, i) => `n${i}`).sort());
    const rows = await db.db.select().from(mailOutbox);
    expect(rows.every((r) => r.status === 'SENT' && r.attempts === 1 && r.sentAt)).toBe(true);
  });

  it('waits base·2^(n-1) between attempts, with jitter, up to the cap', () => {
    const w = new OutboxWorker(db.db, { send: async () => undefined, close: () => undefined }, silent, {
      intervalMs: 0,
      baseDelayMs: 1000,
      maxDelayMs: 10_000,
    });
    for (const [attempt, exact] of [
      [1, 1000],
      [2, 2000],
      [3, 4000],
      [4, 8000],
      [5, 10_000],
      [9, 10_000],
    ] as const) {
      const d = w.retryDelay(attempt);
      expect(d).toBeGreaterThanOrEqual(exact * 0.8);
      expect(d).toBeLessThanOrEqual(exact * 1.2);
    }
  });
});

describe('sending through a real SMTP server', () => {
  it('delivers text and HTML, and marks the row SENT', async () => {
    const smtp = new LocalSmtp();
    await smtp.start();
    const worker = new OutboxWorker(
      db.db,
      new SmtpMailSender(smtp.url, 'Certitude <no-reply@certitude.test>'),
      silent,
      {
        intervalMs: 0,
      },
    );
    const m = mail();
    const id = await enqueueMail(db.db, m);
    expect(await worker.runOnce()).toEqual({ sent: 1, retried: 0, failed: 0 });
    expect(smtp.received).toHaveLength(1);
    const { to, raw } = smtp.received[0]!;
    expect(to).toEqual([m.to]);
    expect(raw).toContain('Subject: Hello');
    expect(raw).toContain('From: Certitude <no-reply@certitude.test>');
    expect(raw).toMatch(/Content-Type: multipart\/alternative/);
    expect(raw).toMatch(/Content-Type: text\/plain/);
    expect(raw).toMatch(/Content-Type: text\/html/);
    expect(decodeQp(raw)).toContain(
      'http://certitude.test/verify-email?token=abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG',
    );
    expect(await rowOf(id)).toMatchObject({ status: 'SENT', attempts: 1, lastError: null });
    await worker.stop();
    await smtp.stop();
  });

  it('keeps a mail’s own headers in the outbox and sends them (List-Unsubscribe, RFC 8058)', async () => {
    const smtp = new LocalSmtp();
    await smtp.start();
    const worker = new OutboxWorker(db.db, new SmtpMailSender(smtp.url, 'no-reply@certitude.test'), silent, {
      intervalMs: 0,
    });
    const headers = {
      'List-Unsubscribe': '<http://certitude.test/unsubscribe?token=7.replies.abc>',
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    };
    const id = await enqueueMail(db.db, mail({ headers }));
    expect((await rowOf(id)).headers).toEqual(headers);
    expect(await worker.runOnce()).toEqual({ sent: 1, retried: 0, failed: 0 });
    const { raw } = smtp.received[0]!;
    expect(raw).toContain('List-Unsubscribe: <http://certitude.test/unsubscribe?token=7.replies.abc>');
    expect(raw).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    expect(raw).toContain('X-Certitude-Kind: test');
    await worker.stop();
    await smtp.stop();
    // Without SMTP, the file written carries them too.
    const dir = mkdtempSync(join(tmpdir(), 'certitude-mail-headers-'));
    await new FileMailSender(dir, 'no-reply@certitude.test', silent).send(mail({ headers }));
    const [file] = readdirSync(dir);
    expect(readFileSync(join(dir, file!), 'utf8')).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
  });

  it('SMTP down: nothing is lost; retried with growing delays; sent once SMTP is back', async () => {
    const smtp = new LocalSmtp();
    await smtp.start();
    await smtp.stop(); // the port is known, nothing listens on it
    const worker = new OutboxWorker(db.db, new SmtpMailSender(smtp.url, 'no-reply@certitude.test'), silent, {
      intervalMs: 0,
      baseDelayMs: 1_000,
      maxAttempts: 10,
    });
    const id = await enqueueMail(db.db, mail());
    const t0 = Date.now();
    expect(await worker.runOnce()).toEqual({ sent: 0, retried: 1, failed: 0 });
    const t0End = Date.now();
    let row = await rowOf(id);
    expect(row).toMatchObject({ status: 'PENDING', attempts: 1 });
    expect(row.lastError).toMatch(/ECONNREFUSED|connect/i);
    // 1 s ±20 %, counted from the failed attempt, which happened somewhere between t0 and t0End.
    expect(row.nextAttemptAt.getTime()).toBeGreaterThanOrEqual(t0 + 800);
    expect(row.nextAttemptAt.getTime()).toBeLessThanOrEqual(t0End + 1_200);

    // Not due yet: a poll now leaves it alone.
    expect(await worker.runOnce()).toEqual({ sent: 0, retried: 0, failed: 0 });
    // Due, still down: the next delay is about twice the first.
    const t1 = Date.now();
    expect(await worker.runOnce(new Date(row.nextAttemptAt.getTime() + 1))).toEqual({ sent: 0, retried: 1, failed: 0 });
    row = await rowOf(id);
    expect(row.attempts).toBe(2);
    expect(row.nextAttemptAt.getTime() - t1).toBeGreaterThanOrEqual(1_500);

    await smtp.start();
    expect(await worker.runOnce(new Date(row.nextAttemptAt.getTime() + 1))).toEqual({ sent: 1, retried: 0, failed: 0 });
    expect(smtp.received).toHaveLength(1);
    expect(await rowOf(id)).toMatchObject({ status: 'SENT', attempts: 3, lastError: null });
    await worker.stop();
    await smtp.stop();
  });

  it('gives up after the last attempt, and at once on a permanent (5xx) refusal', async () => {
    const smtp = new LocalSmtp();
    await smtp.start();
    await smtp.stop();
    const worker = new OutboxWorker(db.db, new SmtpMailSender(smtp.url, 'no-reply@certitude.test'), silent, {
      intervalMs: 0,
      baseDelayMs: 1,
      maxAttempts: 3,
    });
    const id = await enqueueMail(db.db, mail());
    const far = () => new Date(Date.now() + 60_000);
    await worker.runOnce(far());
    await worker.runOnce(far());
    expect(await worker.runOnce(far())).toEqual({ sent: 0, retried: 0, failed: 1 });
    expect(await rowOf(id)).toMatchObject({ status: 'FAILED', attempts: 3 });
    expect(await worker.runOnce(far())).toEqual({ sent: 0, retried: 0, failed: 0 });
    await worker.stop();

    const refusing = new LocalSmtp(true);
    await refusing.start();
    const w2 = new OutboxWorker(db.db, new SmtpMailSender(refusing.url, 'no-reply@certitude.test'), silent, {
      intervalMs: 0,
    });
    const id2 = await enqueueMail(db.db, mail());
    expect(await w2.runOnce()).toEqual({ sent: 0, retried: 0, failed: 1 });
    expect((await rowOf(id2)).lastError).toMatch(/No such mailbox/);
    await w2.stop();
    await refusing.stop();
  });

  it(
    'the app sends what a registration queues, through SMTP_URL, without waiting for the next poll',
    { timeout: 120_000 },
    async () => {
      const smtp = new LocalSmtp();
      await smtp.start();
      const t = await buildAccountsApp({ SMTP_URL: smtp.url, MAIL_WORKER_INTERVAL_MS: '60000' });
      try {
        const name = `smtp_${unique()}`;
        const res = await t.app.inject({
          method: 'POST',
          url: '/auth/register',
          payload: {
            username: name,
            email: `${name}@example.org`,
            password: 'long-enough',
            confirmPassword: 'long-enough',
          },
        });
        expect(res.statusCode).toBe(201);
        for (let i = 0; i < 100 && smtp.received.length === 0; i++) await new Promise((r) => setTimeout(r, 50));
        expect(smtp.received.map((r) => r.to)).toEqual([[`${name}@example.org`]]);
        expect(decodeQp(smtp.received[0]!.raw)).toMatch(/http:\/\/certitude\.test\/verify-email\?token=[\w-]{43}/);
      } finally {
        await t.close();
        await smtp.stop();
      }
    },
  );
});

describe('without SMTP', () => {
  it('writes the mail as an .eml file under DATA_DIR/mail (0600); the log names the file, not the address or links', async () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'certitude-mail-')), 'mail');
    const logged: string[] = [];
    const sender = new FileMailSender(dir, 'Certitude <no-reply@certitude.local>', {
      info: (obj: unknown, msg?: string) => logged.push(`${JSON.stringify(obj)} ${String(msg)}`),
    } as never);
    const m = mail({ kind: 'verify-email', subject: 'Verify your email' });
    await sender.send(m);
    const files = readdirSync(dir);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/-verify-email-[0-9a-f]{6}\.eml$/);
    const eml = readFileSync(join(dir, files[0]!), 'utf8');
    expect(eml).toContain(`To: ${m.to}`);
    expect(eml).toContain('Subject: Verify your email');
    expect(eml).toMatch(/text\/plain[\s\S]*text\/html/);
    expect(decodeQp(eml)).toContain('verify-email?token=abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG');
    expect(statSync(join(dir, files[0]!)).mode & 0o777).toBe(0o600);
    expect(logged[0]).toContain(files[0]);
    expect(logged[0]).not.toContain('abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG');
    expect(logged[0]).not.toContain(m.to);
  });

  it(
    'the app with no SMTP_URL writes the verification mail of a registration to DATA_DIR/mail',
    { timeout: 120_000 },
    async () => {
      const t = await buildAccountsApp({ MAIL_WORKER_INTERVAL_MS: '60000' });
      try {
        const name = `file_${unique()}`;
        await t.app.inject({
          method: 'POST',
          url: '/auth/register',
          payload: {
            username: name,
            email: `${name}@example.org`,
            password: 'long-enough',
            confirmPassword: 'long-enough',
          },
        });
        const dir = join(t.config.dataDir, 'mail');
        let files: string[] = [];
        for (let i = 0; i < 100 && files.length === 0; i++) {
          await new Promise((r) => setTimeout(r, 50));
          try {
            files = readdirSync(dir).filter((f) => f.endsWith('.eml'));
          } catch {
            // not written yet
          }
        }
        expect(files).toHaveLength(1);
        expect(readFileSync(join(dir, files[0]!), 'utf8')).toContain(`To: ${name}@example.org`);
      } finally {
        await t.close();
      }
    },
  );
});
