import { createCountStore } from '../../lib/count-store';

/**
 * The unread count behind the navbar's bell (docs/product.md#navbar), shared so that the notifications page can
 * set it the moment the member marks something read. One request at a time; the API code loads with the first.
 */
const count = createCountStore();
let asking: Promise<void> | null = null;
let askedAt = 0;

export const setUnreadCount = count.set;

export function useUnreadCount(): number | null {
  return count.use();
}

/** When the count was last asked for (0: never since the bell appeared). */
export function lastAskedAt(): number {
  return askedAt;
}

/** Asks the server; while an answer is awaited, a second call waits for the same one. A failure is only logged. */
export function refreshUnreadCount(): Promise<void> {
  askedAt = Date.now();
  asking ??= import('./unread-count-api')
    .then((m) => m.fetchUnreadCount())
    .then(setUnreadCount, (err: unknown) => console.error('Failed to fetch the unread count', err))
    .finally(() => {
      asking = null;
    });
  return asking;
}

/** Forgets the count, e.g. when the member signs out and the bell goes. */
export function resetUnreadCount() {
  askedAt = 0;
  setUnreadCount(null);
}
