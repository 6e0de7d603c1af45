import { NOTIFICATIONS_PAGE_TEXT as T, type Notification } from '@certitude/shared';
import { useCallback, useEffect, useState } from 'react';
import { errorText } from '../../lib/api-client';
import { NotificationItem } from './notification-item';
import { fetchNotifications, markNotificationsRead } from './notifications-api';
import { refreshUnreadCount, setUnreadCount } from './unread-count-store';
import { FailureAlert } from '../../components/failure-alert';

/**
 * The member's notifications, newest first, a page at a time (docs/product.md#notifications-page). Marking some or
 * all read updates the list and the bell at once, then the bell asks the server again.
 */
export function NotificationList() {
  const [items, setItems] = useState<Notification[] | null>(null);
  const [next, setNext] = useState<number | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [loadingMore, setLoadingMore] = useState(false);

  const load = useCallback((cursor: number | null, signal?: AbortSignal) => {
    return fetchNotifications(cursor, signal).then(
      (page) => {
        setItems((list) => (cursor === null ? page.items : [...(list ?? []), ...page.items]));
        setNext(page.next);
        setFailure(null);
      },
      (err: unknown) => {
        if (!signal?.aborted) setFailure(errorText(err, T.loadFailed));
      },
    );
  }, []);
  useEffect(() => {
    const controller = new AbortController();
    void load(null, controller.signal);
    return () => controller.abort();
  }, [load]);

  async function markRead(ids?: number[]) {
    try {
      await markNotificationsRead(ids);
      const now = new Date().toISOString();
      const marked = (n: Notification) => n.readAt === null && (!ids || ids.includes(n.id));
      setItems((list) => list?.map((n) => (marked(n) ? { ...n, readAt: now } : n)) ?? null);
      if (!ids) setUnreadCount(0);
      void refreshUnreadCount();
    } catch (err) {
      setFailure(errorText(err, T.markFailed));
    }
  }

  const anyUnread = items?.some((n) => n.readAt === null) ?? false;
  return (
    <>
      <div className="d-flex justify-content-end mb-3">
        <button
          type="button"
          className="btn btn-outline-primary btn-sm"
          disabled={!anyUnread}
          onClick={() => void markRead()}
        >
          {T.markAllRead}
        </button>
      </div>
      <FailureAlert text={failure} />
      {items === null ? (
        !failure && <p role="status">{T.loading}</p>
      ) : items.length === 0 ? (
        <p className="text-body-secondary">{T.empty}</p>
      ) : (
        <ul className="list-group mb-3" aria-label={T.title}>
          {items.map((n) => (
            <NotificationItem key={n.id} notification={n} onRead={() => void markRead([n.id])} />
          ))}
        </ul>
      )}
      {next !== null && (
        <button
          type="button"
          className="btn btn-outline-secondary"
          disabled={loadingMore}
          onClick={() => {
            setLoadingMore(true);
            void load(next).finally(() => setLoadingMore(false));
          }}
        >
          {loadingMore ? T.loadingMore : T.loadMore}
        </button>
      )}
    </>
  );
}
