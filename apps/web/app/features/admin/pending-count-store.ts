import { useSyncExternalStore } from 'react';
import { fetchPendingCounts } from './admin-api';

/**
 * The pending-items count behind the navbar badge, shared so that the admin panel can refresh it the
 * moment a moderator approves or rejects, without waiting for the next 30 s poll.
 */
let total: number | null = null;
const listeners = new Set<() => void>();

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function set(next: number | null) {
  if (next === total) return;
  total = next;
  for (const l of listeners) l();
}

export function usePendingTotal(): number | null {
  return useSyncExternalStore(
    subscribe,
    () => total,
    () => null,
  );
}

/** Asks the server again; a failure is only logged (docs/product.md#navbar) and the badge keeps its last number. */
export async function refreshPendingCount(): Promise<void> {
  try {
    set((await fetchPendingCounts()).total);
  } catch (err) {
    console.error('Failed to fetch pending counts', err);
  }
}

/** Sets the count from a known answer (the review queue just loaded). */
export function setPendingTotal(next: number) {
  set(next);
}

export function resetPendingCount() {
  set(null);
}
