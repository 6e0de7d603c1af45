import { NOTIFICATIONS_PAGE_TEXT, type Notification } from '@certitude/shared';
import { Link } from 'react-router';
import { RelativeTime } from '../../components/relative-time';

/** One notification: its text linking to what it is about, when it came, and for an unread one the mark and a button. */
export function NotificationItem({ notification: n, onRead }: { notification: Notification; onRead: () => void }) {
  const unread = n.readAt === null;
  return (
    <li
      className={`list-group-item d-flex flex-wrap align-items-start gap-2${unread ? ' border-start border-primary border-3' : ''}`}
      data-testid="notification"
      data-unread={unread || undefined}
    >
      <div className="flex-grow-1 min-w-0">
        {unread && <span className="badge text-bg-primary me-2">{NOTIFICATIONS_PAGE_TEXT.unread}</span>}
        <Link to={n.link} className={unread ? 'fw-semibold' : undefined} onClick={unread ? onRead : undefined}>
          {n.text}
        </Link>
        <div className="small text-body-secondary">
          <RelativeTime iso={n.createdAt} />
        </div>
      </div>
      {unread && (
        <button type="button" className="btn btn-outline-secondary btn-sm" onClick={onRead}>
          {NOTIFICATIONS_PAGE_TEXT.markRead}
          <span className="visually-hidden">: {n.text}</span>
        </button>
      )}
    </li>
  );
}
