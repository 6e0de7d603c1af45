import { createCountStore } from '../../lib/count-store';
import { fetchPendingCounts } from './admin-api';

/**
 * The pending-items count behind the navbar badge, shared so that the admin panel can refresh it the
 * moment a moderator approves or rejects, without waiting for the next 30 s poll.
 */
const total = createCountStore();

export function usePendingTotal(): number | null {
  return total.use();
}

/** Asks the server again; a failure is only logged (docs/product.md#navbar) and the badge keeps its last number. */
export async function refreshPendingCount(): Promise<void> {
  try {
    total.set((await fetchPendingCounts()).total);
  } catch (err) {
    console.error('Failed to fetch pending counts', err);
  }
}

/** Sets the count from a known answer (the review queue just loaded). */
export function setPendingTotal(next: number) {
  total.set(next);
}

export function resetPendingCount() {
  total.set(null);
}
