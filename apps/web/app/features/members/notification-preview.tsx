import { BELL_PREVIEW_SIZE, BELL_TEXT, type Notification } from '@certitude/shared';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { errorText } from '../../lib/api-client';
import { RelativeTime } from '../../components/relative-time';
import { fetchNotifications, markNotificationsRead } from './notifications-api';
import { refreshUnreadCount } from './unread-count-store';

/**
 * The bell's preview on a wide screen (docs/product.md#navbar): the latest notifications, each a link to what it is
 * about (an unread one is marked read when followed), and a link to /notifications. Escape closes it and gives the
 * focus back to the bell; a click elsewhere closes it.
 */
export default function NotificationPreview({ onClose }: { onClose: (refocus: boolean) => void }) {
  const [items, setItems] = useState<Notification[] | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const root = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const controller = new AbortController();
    fetchNotifications(null, controller.signal, BELL_PREVIEW_SIZE).then(
      (page) => setItems(page.items),
      (err: unknown) => {
        if (!controller.signal.aborted) setFailure(errorText(err, BELL_TEXT.loadFailed));
      },
    );
    return () => controller.abort();
  }, []);

  useEffect(() => {
    // The bell and its preview share one parent: a press on the bell is the bell's own toggle.
    const outside = (e: PointerEvent) => {
      if (!root.current?.parentElement?.contains(e.target as Node)) onClose(false);
    };
    const escape = (e: KeyboardEvent) => {
      if (e.key === 'Escape') onClose(true);
    };
    document.addEventListener('pointerdown', outside);
    document.addEventListener('keydown', escape);
    return () => {
      document.removeEventListener('pointerdown', outside);
      document.removeEventListener('keydown', escape);
    };
  }, [onClose]);

  const follow = (n: Notification) => {
    if (n.readAt === null)
      void markNotificationsRead([n.id]).then(
        () => refreshUnreadCount(),
        () => undefined,
      );
    onClose(false);
  };
  return (
    <div
      ref={root}
      id="bell-preview"
      role="region"
      aria-label={BELL_TEXT.preview}
      className="dropdown-menu show p-0 shadow"
      style={{ right: 0, left: 'auto', top: '100%', width: '22rem', maxWidth: '90vw' }}
    >
      <h2 className="h6 px-3 pt-2 mb-1">{BELL_TEXT.preview}</h2>
      {failure ? (
        <p className="text-danger small px-3 mb-2" role="alert">
          {failure}
        </p>
      ) : items === null ? (
        <p className="text-body-secondary small px-3 mb-2">{BELL_TEXT.loading}</p>
      ) : items.length === 0 ? (
        <p className="text-body-secondary small px-3 mb-2">{BELL_TEXT.empty}</p>
      ) : (
        <ul className="list-group list-group-flush small" data-testid="bell-preview-items">
          {items.map((n) => (
            <li key={n.id} className="list-group-item" data-unread={n.readAt === null || undefined}>
              <Link to={n.link} className={n.readAt === null ? 'fw-semibold' : undefined} onClick={() => follow(n)}>
                {n.text}
              </Link>
              <div className="text-body-secondary">
                <RelativeTime iso={n.createdAt} />
              </div>
            </li>
          ))}
        </ul>
      )}
      <div className="border-top px-3 py-2">
        <Link to="/notifications" className="small fw-semibold" onClick={() => onClose(false)}>
          {BELL_TEXT.seeAll}
        </Link>
      </div>
    </div>
  );
}
