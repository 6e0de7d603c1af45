import { and, count, desc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { certificationWatches, notifications } from '../../db/schema/index.js';
import { mailNotified } from './member-mail.js';
import type { NotificationEvent } from './notification-events.js';

export type NotificationRow = typeof notifications.$inferSelect;

/**
 * Tells one member of an event, inside the event's transaction, and mails them when their email settings ask for
 * it (member-mail.ts), in the same transaction. A member already told of this event (under another kind, e.g. a
 * reply that is also activity on a watched certification) is not told twice: callers write the most specific kind
 * first. True when the member was told now.
 */
export async function notifyMember(db: Executor, userId: number, event: NotificationEvent): Promise<boolean> {
  const told = await db
    .insert(notifications)
    .values({ userId, kind: event.kind, text: event.text, link: event.link, eventKey: event.eventKey })
    .onConflictDoNothing({ target: [notifications.userId, notifications.eventKey] })
    .returning({ id: notifications.id, userId: notifications.userId });
  await mailNotified(db, event, told);
  return told.length > 0;
}

/**
 * Tells every member watching the certification of an event, except the member who caused it, in one statement;
 * then mails those who want it, like `notifyMember`.
 */
export async function notifyWatchers(
  db: Executor,
  certificationId: number,
  exceptUserIds: number[],
  event: NotificationEvent,
): Promise<void> {
  const result = await db.execute<{ id: number; user_id: number }>(sql`
    insert into ${notifications} (user_id, kind, text, link, event_key)
    select w.user_id, ${event.kind}, ${event.text}, ${event.link}, ${event.eventKey}
    from ${certificationWatches} w
    where w.certification_id = ${certificationId}
      ${exceptUserIds.length ? sql`and w.user_id not in (${sql.join(exceptUserIds, sql`, `)})` : sql``}
    on conflict (user_id, event_key) do nothing
    returning id, user_id`);
  const told = (result as unknown as { rows: { id: number; user_id: number }[] }).rows;
  await mailNotified(
    db,
    event,
    told.map((r) => ({ id: Number(r.id), userId: Number(r.user_id) })),
  );
}

/** A member's notifications newest first, below the id `before` (ids grow with creation). */
export function findNotifications(
  db: Executor,
  userId: number,
  options: { unread: boolean; limit: number; before?: number },
): Promise<NotificationRow[]> {
  return db
    .select()
    .from(notifications)
    .where(
      and(
        eq(notifications.userId, userId),
        options.unread ? isNull(notifications.readAt) : undefined,
        options.before === undefined ? undefined : lt(notifications.id, options.before),
      ),
    )
    .orderBy(desc(notifications.id))
    .limit(options.limit);
}

export async function countNotifications(db: Executor, userId: number, unread: boolean): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), unread ? isNull(notifications.readAt) : undefined));
  return row?.n ?? 0;
}

/** Marks the member's own unread notifications read: those named, or all. Others' ids change nothing. */
export async function markNotificationsRead(db: Executor, userId: number, ids?: number[]): Promise<void> {
  if (ids && !ids.length) return;
  await db
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where(
      and(
        eq(notifications.userId, userId),
        isNull(notifications.readAt),
        ids ? inArray(notifications.id, ids) : undefined,
      ),
    );
}
