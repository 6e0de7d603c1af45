import { NOTIFICATIONS_PAGE_SIZE, notificationSchema, type Notification } from '@certitude/shared';
import { api, listOf } from '../../lib/api-client';

/* The calls of the notifications page (docs/api.md#members); the bell's count is in unread-count-api.ts. */

/** One page, newest first, and the cursor of the next one (null at the end), read from the `Link` header. */
export async function fetchNotifications(
  cursor: number | null,
  signal?: AbortSignal,
  limit = NOTIFICATIONS_PAGE_SIZE,
): Promise<{ items: Notification[]; next: number | null }> {
  let next: number | null = null;
  const query = `limit=${limit}${cursor === null ? '' : `&cursor=${cursor}`}`;
  const items = await api(`/api/notifications?${query}`, {
    signal,
    schema: __CHECK_ANSWERS__ && listOf(notificationSchema),
    onHeaders: (h) => {
      const found = /[?&]cursor=(\d+)/.exec(h.get('link') ?? '')?.[1];
      next = found === undefined ? null : Number(found);
    },
  });
  return { items, next };
}

/** Marks the notifications named read, or all of them when `ids` is left out. */
export async function markNotificationsRead(ids?: number[]): Promise<void> {
  await api<void>('/api/notifications/read', { method: 'POST', body: ids ? { ids } : {} });
}
