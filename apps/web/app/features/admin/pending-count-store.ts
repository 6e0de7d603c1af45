import type { PendingCounts } from '@certitude/shared';
import { createCountStore } from '../../lib/count-store';
import { fetchPendingCounts } from './admin-api';

/**
 * The pending-items count behind the navbar badge, shared so that the admin panel can refresh it the
 * moment a moderator approves or rejects, without waiting for the next 30 s poll. Two parts: the review queue
 * (certifications, resources, revisions) and the Flags tab (flagged items and voting-ring signals), so that either
 * tab can set its own part from the list it just loaded.
 */
const total = createCountStore();
const parts = { queue: 0, flags: 0 };

function publish() {
  total.set(parts.queue + parts.flags);
}

export function usePendingTotal(): number | null {
  return total.use();
}

/** The badge's number from the server's counts: `flags` counts too, whether or not the server's `total` has it. */
function pendingTotalOf(counts: PendingCounts): number {
  const flags = counts.flags ?? 0;
  return Math.max(counts.total, counts.certifications + counts.resources + (counts.revisions ?? 0) + flags);
}

/** Asks the server again; a failure is only logged (docs/product.md#navbar) and the badge keeps its last number. */
export async function refreshPendingCount(): Promise<void> {
  try {
    const counts = await fetchPendingCounts();
    const sum = pendingTotalOf(counts);
    parts.flags = counts.flags ?? 0;
    parts.queue = sum - parts.flags;
    publish();
  } catch (err) {
    console.error('Failed to fetch pending counts', err);
  }
}

/** Sets the review queue's part from a known answer (the review queue just loaded). */
export function setPendingTotal(next: number) {
  parts.queue = next;
  publish();
}

/** Sets the Flags tab's part from a known answer (the Flags tab just loaded). */
export function setPendingFlags(next: number) {
  parts.flags = next;
  publish();
}

export function resetPendingCount() {
  parts.queue = 0;
  parts.flags = 0;
  total.set(null);
}
