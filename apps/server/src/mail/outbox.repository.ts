import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Database, Executor } from '../db/client.js';
import { mailOutbox } from '../db/schema/index.js';

/** One message to send: plain text and HTML bodies of the same content. */
export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** What the mail is about (verify-email, reset-password, …): for logs, file names and tests. */
  kind: string;
  /** Headers beyond the usual ones, kept in the outbox and sent as given (List-Unsubscribe of members' emails). */
  headers?: Record<string, string>;
}

export type OutboxRow = typeof mailOutbox.$inferSelect;

/**
 * Queues a mail in the transaction of the change that causes it: if the change rolls back, no mail
 * leaves; if it commits, the mail leaves even while SMTP is down (the worker retries).
 */
export async function enqueueMail(db: Executor, mail: OutgoingMail): Promise<number> {
  const [id] = await enqueueMails(db, [mail]);
  if (id === undefined) throw new Error('insert returned no row');
  return id;
}

/** Queues several mails in one statement (the members watching a certification), like `enqueueMail`. */
export async function enqueueMails(db: Executor, mails: OutgoingMail[]): Promise<number[]> {
  if (!mails.length) return [];
  // Due from this process's clock, in whole milliseconds like the worker's: the database's now() has
  // microseconds and could put a fresh mail a fraction of a millisecond after the worker's "now".
  const now = new Date();
  const rows = await db
    .insert(mailOutbox)
    .values(
      mails.map((mail) => ({
        toAddress: mail.to,
        subject: mail.subject,
        textBody: mail.text,
        htmlBody: mail.html,
        kind: mail.kind,
        headers: mail.headers ?? null,
        nextAttemptAt: now,
      })),
    )
    .returning({ id: mailOutbox.id });
  return rows.map((r) => r.id);
}

/**
 * Takes up to `limit` due messages for this worker: their next attempt moves `leaseMs` ahead, so that
 * other instances skip them (SKIP LOCKED while the claim runs, the lease after it) and a worker that
 * dies mid-send leaves them due again once the lease ends.
 */
export async function claimDueMail(db: Database, limit: number, leaseMs: number, now = new Date()) {
  const due = db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.status, 'PENDING'), lte(mailOutbox.nextAttemptAt, now)))
    .orderBy(asc(mailOutbox.nextAttemptAt), asc(mailOutbox.id))
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(mailOutbox)
    .set({ attempts: sql`${mailOutbox.attempts} + 1`, nextAttemptAt: new Date(now.getTime() + leaseMs) })
    .where(inArray(mailOutbox.id, due))
    .returning();
}

export async function markMailSent(db: Executor, id: number, now = new Date()) {
  await db.update(mailOutbox).set({ status: 'SENT', sentAt: now, lastError: null }).where(eq(mailOutbox.id, id));
}

export async function scheduleMailRetry(db: Executor, id: number, nextAttemptAt: Date, error: string) {
  await db
    .update(mailOutbox)
    .set({ nextAttemptAt, lastError: error.slice(0, 1000) })
    .where(eq(mailOutbox.id, id));
}

export async function markMailFailed(db: Executor, id: number, error: string) {
  await db
    .update(mailOutbox)
    .set({ status: 'FAILED', lastError: error.slice(0, 1000) })
    .where(eq(mailOutbox.id, id));
}

/**
 * Puts every mail that ran out of attempts back in the queue, due now with a fresh count: the operator's
 * answer once the cause (a wrong SMTP password, a mail server down for days) is fixed.
 */
export async function requeueFailedMail(db: Executor, now = new Date()): Promise<number> {
  const rows = await db
    .update(mailOutbox)
    .set({ status: 'PENDING', attempts: 0, nextAttemptAt: now })
    .where(eq(mailOutbox.status, 'FAILED'))
    .returning({ id: mailOutbox.id });
  return rows.length;
}

/** Mail waiting to leave, the age of the oldest, and the mail given up on: the outbox figures of /metrics. */
export async function outboxBacklog(
  db: Executor,
): Promise<{ pending: number; oldestPendingSeconds: number; failed: number }> {
  const [row] = await db
    .select({
      pending: sql<number>`count(*) filter (where ${mailOutbox.status} = 'PENDING')::int`,
      oldest: sql<
        number | null
      >`extract(epoch from now() - min(${mailOutbox.createdAt}) filter (where ${mailOutbox.status} = 'PENDING'))::float8`,
      failed: sql<number>`count(*) filter (where ${mailOutbox.status} = 'FAILED')::int`,
    })
    .from(mailOutbox);
  return {
    pending: Number(row?.pending ?? 0),
    oldestPendingSeconds: Number(row?.oldest ?? 0),
    failed: Number(row?.failed ?? 0),
  };
}
