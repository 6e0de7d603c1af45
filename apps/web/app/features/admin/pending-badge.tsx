import { ADMIN_TEXT, badgeCount, canModerate, PENDING_COUNT_POLL_MS } from '@certitude/shared';
import { useEffect } from 'react';
import { useCurrentUser } from '../../lib/auth-store';
import { refreshPendingCount, resetPendingCount, usePendingTotal } from './pending-count-store';

/** The red count of items waiting for review next to 'Admin Panel', polled every 30 s (docs/product.md#navbar). */
export default function PendingBadge() {
  const user = useCurrentUser();
  const moderator = canModerate(user);
  const total = usePendingTotal();

  useEffect(() => {
    if (!moderator) {
      resetPendingCount();
      return;
    }
    void refreshPendingCount();
    const timer = setInterval(() => void refreshPendingCount(), PENDING_COUNT_POLL_MS);
    return () => clearInterval(timer);
  }, [moderator]);

  if (!moderator || !total) return null;
  return (
    <span className="badge rounded-pill bg-danger ms-1" data-testid="pending-badge">
      {badgeCount(total)}
      <span className="visually-hidden">{ADMIN_TEXT.pendingItems}</span>
    </span>
  );
}
