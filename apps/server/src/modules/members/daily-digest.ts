import {
  DIGEST_HOUR_UTC,
  DIGEST_ITEMS_MAX,
  EMAIL_KIND_LABELS,
  EMAIL_KIND_OF_NOTIFICATION,
  NOTIFICATION_KINDS,
} from '@certitude/shared';
import { and, asc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.js';
import { memberDigests, memberEmailSettings, notifications, users } from '../../db/schema/index.js';
import { enqueueMail } from '../../mail/outbox.repository.js';
import { digestMail } from '../../mail/templates/member-mails.js';
import { findEmailSettings } from './email-settings.repository.js';
import { unsubscribeUrl, type MemberMailContext } from './member-mail.js';
import { utcDay } from './expiry-reminders.js';

/** Members handled per query; each digest is a transaction of its own. */
const BATCH = 100;
/** Days a member's digest rows are kept: only today's matter, the rest are a short record. */
const KEEP_DAYS = 31;

interface Candidate {
  userId: number;
  email: string;
  username: string;
}

/**
 * Sends the daily digests of the day of `now` (docs/product.md#daily-digest), from DIGEST_HOUR_UTC on, and answers
 * how many left. A member with the digest on, a verified address and unread notifications not yet emailed (of the
 * kinds whose emails they keep on, since the digest was turned on) gets one email listing them; they are marked
 * emailed, so the next digest starts after them.
 *
 * Once per member and day, across instances and restarts: each member's digest is a transaction that first
 * inserts the row (day, member) of `member_digests`, whose primary key lets one insert win; an instance that meets
 * a row another instance is still writing waits for it and then does nothing. A day with nothing unread is recorded
 * too (no email), so notifications that come later that day wait for the next day's digest.
 */
export async function sendDailyDigests(db: Database, ctx: MemberMailContext, now: Date): Promise<number> {
  if (now.getUTCHours() < DIGEST_HOUR_UTC) return 0;
  const today = utcDay(now);
  await db.delete(memberDigests).where(lt(memberDigests.day, sql`${today}::date - ${KEEP_DAYS}::int`));
  let sent = 0;
  for (;;) {
    const candidates: Candidate[] = await db
      .select({ userId: memberEmailSettings.userId, email: users.email, username: users.username })
      .from(memberEmailSettings)
      .innerJoin(users, eq(users.id, memberEmailSettings.userId))
      .where(
        and(
          eq(memberEmailSettings.digest, true),
          eq(users.emailVerified, true),
          eq(users.isSystem, false),
          sql`not exists (select 1 from ${memberDigests} d
            where d.day = ${today}::date and d.user_id = ${memberEmailSettings.userId})`,
        ),
      )
      .orderBy(asc(memberEmailSettings.userId))
      .limit(BATCH);
    for (const member of candidates) {
      if (await db.transaction((tx) => sendDigest(tx, ctx, member, today))) sent++;
    }
    if (candidates.length < BATCH) return sent;
  }
}

/** One member's digest of `day`, once: false when another run has it, the digest is off now, or nothing is unread. */
async function sendDigest(tx: Executor, ctx: MemberMailContext, member: Candidate, day: string): Promise<boolean> {
  const [claimed] = await tx
    .insert(memberDigests)
    .values({ day, userId: member.userId })
    .onConflictDoNothing()
    .returning({ userId: memberDigests.userId });
  if (!claimed) return false;
  // Read in the transaction: the member may have changed their settings since they were listed.
  const settings = await findEmailSettings(tx, member.userId);
  const kinds = NOTIFICATION_KINDS.filter((kind) => settings[EMAIL_KIND_OF_NOTIFICATION[kind]]);
  if (!settings.digest || !kinds.length) return false;
  const listed = await tx
    .update(notifications)
    .set({ emailedAt: sql`now()` })
    .where(
      and(
        eq(notifications.userId, member.userId),
        isNull(notifications.readAt),
        isNull(notifications.emailedAt),
        inArray(notifications.kind, kinds),
        // Since the digest was turned on, to the microsecond (a JavaScript Date would drop those).
        sql`${notifications.createdAt} >= coalesce((select s.digest_since from ${memberEmailSettings} s
          where s.user_id = ${member.userId}), '-infinity')`,
      ),
    )
    .returning({ id: notifications.id, text: notifications.text, link: notifications.link });
  if (!listed.length) return false;
  listed.sort((a, b) => a.id - b.id);
  const shown = listed.slice(0, DIGEST_ITEMS_MAX);
  await enqueueMail(
    tx,
    digestMail({
      to: member.email,
      username: member.username,
      items: shown.map((n) => ({ text: n.text, url: `${ctx.publicUrl}${n.link}` })),
      more: listed.length - shown.length,
      allUrl: `${ctx.publicUrl}/notifications`,
      unsubscribe: { url: unsubscribeUrl(ctx, member.userId, 'digest', member.email), label: EMAIL_KIND_LABELS.digest },
    }),
  );
  await tx
    .update(memberDigests)
    .set({ notificationCount: listed.length })
    .where(and(eq(memberDigests.day, day), eq(memberDigests.userId, member.userId)));
  return true;
}
