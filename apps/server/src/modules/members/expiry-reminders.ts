import { EXPIRY_REMINDER_DAYS } from '@certitude/shared';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { certifications, memberCertifications, notifications } from '../../db/schema/index.js';
import { expiryReminderEvent } from './notification-events.js';
import { notifyMember } from './notification.repository.js';

/** Entries handled per transaction. */
const BATCH = 100;

const THRESHOLDS = [...EXPIRY_REMINDER_DAYS].sort((a, b) => a - b);
const FURTHEST = THRESHOLDS.at(-1)!;

/** The UTC day of `now`, YYYY-MM-DD: reminders count whole days, the same for every instance. */
export const utcDay = (now: Date) => now.toISOString().slice(0, 10);

/**
 * Sends the expiry reminders due on the day of `now` (docs/product.md#expiry-reminders) and answers how many.
 *
 * A HELD entry whose expiry is 0 to 90 days away is due the reminder of the nearest threshold it has reached (7, 30
 * or 90 days before): an entry added 20 days before its expiry gets the 30-day one only, not the 90-day one as
 * well, and gets the 7-day one later. The reminder is the entry's notification under the key
 * `expiry:{entry}:{expiry day}:{threshold}` (unique per member), with its email, in one transaction. So each
 * threshold is sent once per entry and expiry day, whichever instance runs the job and however often: the entries
 * are claimed with FOR UPDATE SKIP LOCKED (two instances take different entries) and the key's unique index settles
 * the rest (an instance that still meets an entry the other just served inserts nothing). A new expiry day makes
 * new keys: the reminders start again for the new date.
 */
export async function sendExpiryReminders(db: Database, now: Date): Promise<number> {
  const today = utcDay(now);
  const daysLeft = sql<number>`(${memberCertifications.expiresOn} - ${today}::date)`;
  const threshold = sql<number>`(case ${sql.join(
    THRESHOLDS.map((days) => sql`when ${daysLeft} <= ${days} then ${days}`),
    sql` `,
  )} end)`;
  const expiresOn = sql<string>`to_char(${memberCertifications.expiresOn}, 'YYYY-MM-DD')`;
  let sent = 0;
  for (;;) {
    const { claimed, told } = await db.transaction(async (tx) => {
      const due = await tx
        .select({
          id: memberCertifications.id,
          userId: memberCertifications.userId,
          expiresOn,
          daysLeft: sql<number>`${daysLeft}::int`,
          threshold: sql<number>`${threshold}::int`,
          slug: certifications.slug,
          name: certifications.name,
        })
        .from(memberCertifications)
        .innerJoin(certifications, eq(certifications.id, memberCertifications.certificationId))
        .where(
          and(
            eq(memberCertifications.status, 'HELD'),
            sql`${memberCertifications.expiresOn} between ${today}::date and ${today}::date + ${FURTHEST}::int`,
            eq(certifications.status, 'APPROVED'),
            sql`not exists (select 1 from ${notifications} n
              where n.user_id = ${memberCertifications.userId}
                and n.event_key = 'expiry:' || ${memberCertifications.id} || ':' || ${expiresOn} || ':' || ${threshold})`,
          ),
        )
        .orderBy(asc(memberCertifications.id))
        .limit(BATCH)
        .for('update', { of: memberCertifications, skipLocked: true });
      let count = 0;
      for (const entry of due) {
        const event = expiryReminderEvent(
          {
            id: entry.id,
            expiresOn: entry.expiresOn,
            threshold: Number(entry.threshold),
            daysLeft: Number(entry.daysLeft),
          },
          { slug: entry.slug, name: entry.name },
        );
        if (await notifyMember(tx, entry.userId, event)) count++;
      }
      return { claimed: due.length, told: count };
    });
    sent += told;
    if (claimed < BATCH) return sent;
  }
}
