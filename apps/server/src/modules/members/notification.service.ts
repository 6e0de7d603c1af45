import type { Notification } from '@certitude/shared';
import type { Database } from '../../db/client.js';
import type { Viewer } from '../../plugins/auth.js';
import {
  countNotifications,
  findNotifications,
  markNotificationsRead,
  type NotificationRow,
} from './notification.repository.js';

/** How other modules tell members of an event, in their own transaction (docs/architecture.md#module-boundaries). */
export { notifyMember, notifyWatchers } from './notification.repository.js';

function presentNotification(row: NotificationRow): Notification {
  return {
    id: row.id,
    kind: row.kind,
    text: row.text,
    link: row.link,
    createdAt: row.createdAt.toISOString(),
    readAt: row.readAt?.toISOString() ?? null,
  };
}

/**
 * A member's notifications (docs/product.md#notifications): read, counted and marked read here; written by the
 * services of the events that cause them, in their transactions (notification.repository.ts).
 */
export class NotificationService {
  constructor(private readonly db: Database) {}

  /** One page, newest first; `cursor` is the id of the last one of the page before. */
  async page(
    viewer: Viewer,
    query: { unread: boolean; limit: number; cursor?: number },
  ): Promise<{ items: Notification[]; total: number; nextCursor?: string }> {
    const [rows, total] = await Promise.all([
      findNotifications(this.db, viewer.id, { unread: query.unread, limit: query.limit + 1, before: query.cursor }),
      countNotifications(this.db, viewer.id, query.unread),
    ]);
    const items = rows.slice(0, query.limit).map(presentNotification);
    return { items, total, nextCursor: rows.length > query.limit ? String(items.at(-1)!.id) : undefined };
  }

  unreadCount(viewer: Viewer): Promise<number> {
    return countNotifications(this.db, viewer.id, true);
  }

  /** The named ones, or all when `ids` is left out; only the member's own. */
  markRead(viewer: Viewer, ids?: number[]): Promise<void> {
    return markNotificationsRead(this.db, viewer.id, ids);
  }
}
