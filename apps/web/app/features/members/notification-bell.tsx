import { badgeCount, bellLabel, UNREAD_COUNT_MIN_GAP_MS, UNREAD_COUNT_POLL_MS } from '@certitude/shared';
import { lazy, Suspense, useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { NavLink } from 'react-router';
import { lastAskedAt, refreshUnreadCount, resetUnreadCount, useUnreadCount } from './unread-count-store';

const BELL = 'M18 8a6 6 0 0 0-12 0c0 7-3 9-3 9h18s-3-2-3-9M13.7 21a2 2 0 0 1-3.4 0';
/** Bootstrap's lg, where the navbar's links stop folding behind the toggle. */
const WIDE = '(min-width: 992px)';

// The preview's code and its request load when a member opens it.
const NotificationPreview = lazy(() => import('./notification-preview'));

function subscribeWide(listener: () => void) {
  const query = window.matchMedia?.(WIDE);
  query?.addEventListener('change', listener);
  return () => query?.removeEventListener('change', listener);
}
const isWide = () => window.matchMedia?.(WIDE).matches ?? false;

/**
 * Asks for the count when the bell appears, when the tab becomes visible (unless the last request is less than 10 s
 * old), and 60 s after the last request while the tab stays visible; never while it is hidden.
 */
function useUnreadPolling() {
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
}

function BellIcon({ count }: { count: number }) {
  return (
    <>
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
    </>
  );
}

/**
 * The navbar's bell for signed-in members (docs/product.md#navbar), with the unread count. The navbar places it twice
 * and each place renders it for its screens only: `wide={false}` beside a phone's menu button, a link to
 * /notifications; `wide` among the wide navbar's buttons, where it opens a preview of the latest notifications that
 * links to that page. Loaded only for members, after the page is shown.
 */
export default function NotificationBell({ wide, onClick }: { wide: boolean; onClick?: () => void }) {
  const isWideScreen = useSyncExternalStore(subscribeWide, isWide, () => false);
  return isWideScreen === wide ? <Bell wide={wide} onClick={onClick} /> : null;
}

function Bell({ wide, onClick }: { wide: boolean; onClick?: () => void }) {
  const count = useUnreadCount() ?? 0;
  useUnreadPolling();
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const close = useCallback((refocus: boolean) => {
    setOpen(false);
    if (refocus) button.current?.focus();
  }, []);
  if (!wide) {
    return (
      <NavLink
        to="/notifications"
        className="btn btn-outline-secondary btn-sm"
        aria-label={bellLabel(count)}
        onClick={onClick}
      >
        <BellIcon count={count} />
      </NavLink>
    );
  }
  return (
    <div className="position-relative">
      <button
        ref={button}
        type="button"
        className="btn btn-outline-secondary btn-sm"
        aria-label={bellLabel(count)}
        aria-expanded={open}
        aria-controls="bell-preview"
        onClick={() => setOpen(!open)}
      >
        <BellIcon count={count} />
      </button>
      {open && (
        <Suspense fallback={null}>
          <NotificationPreview onClose={close} />
        </Suspense>
      )}
    </div>
  );
}
