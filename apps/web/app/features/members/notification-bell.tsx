import { badgeCount, bellLabel, UNREAD_COUNT_MIN_GAP_MS, UNREAD_COUNT_POLL_MS } from '@certitude/shared';
import { useEffect } from 'react';
import { NavLink } from 'react-router';
import { lastAskedAt, refreshUnreadCount, resetUnreadCount, useUnreadCount } from './unread-count-store';

const BELL = 'M18 8a6 6 0 0 0-12 0c0 7-3 9-3 9h18s-3-2-3-9M13.7 21a2 2 0 0 1-3.4 0';

/**
 * The navbar's bell for signed-in members (docs/product.md#navbar): a link to /notifications with the unread count.
 * The count is asked for when the bell appears, when the tab becomes visible (unless the last request is less than
 * 10 s old), and 60 s after the last request while the tab stays visible; never while it is hidden. Loaded only for
 * members, after the page is shown.
 */
export default function NotificationBell({ onClick }: { onClick?: () => void }) {
  const count = useUnreadCount() ?? 0;

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    /** Asks when the last request is at least `gap` old, and comes back when the next poll is due. */
    const askAfter = (gap: number) => {
      clearTimeout(timer);
      if (document.visibilityState === 'hidden') return;
      if (Date.now() - lastAskedAt() >= gap) void refreshUnreadCount();
      timer = setTimeout(() => askAfter(UNREAD_COUNT_POLL_MS), lastAskedAt() + UNREAD_COUNT_POLL_MS - Date.now());
    };
    const onVisibilityChange = () => askAfter(UNREAD_COUNT_MIN_GAP_MS);
    askAfter(UNREAD_COUNT_POLL_MS);
    document.addEventListener('visibilitychange', onVisibilityChange);
    return () => {
      clearTimeout(timer);
      document.removeEventListener('visibilitychange', onVisibilityChange);
      resetUnreadCount();
    };
  }, []);

  return (
    <NavLink
      to="/notifications"
      className="btn btn-outline-secondary btn-sm"
      aria-label={bellLabel(count)}
      onClick={onClick}
    >
      <svg
        aria-hidden="true"
        focusable="false"
        width="16"
        height="16"
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth={2}
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        <path d={BELL} />
      </svg>
      {count > 0 && (
        <span className="badge rounded-pill bg-danger ms-1" data-testid="unread-badge">
          {badgeCount(count)}
        </span>
      )}
    </NavLink>
  );
}
