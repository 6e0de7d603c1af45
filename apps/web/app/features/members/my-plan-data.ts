import type { TrackerEntry, TrackerStatus } from '@certitude/shared';

/** What a plan is drawn from: the member's own entries on /profile, their public ones on /u/{username}. */
export type PlanEntry = Pick<TrackerEntry, 'status' | 'earnedOn' | 'expiresOn' | 'targetDate' | 'certification'>;

/** One dated point of a member's plan (docs/product.md#profile). */
export interface PlanEvent {
  /** YYYY-MM-DD; null for a certification studied or planned without a target date (listed last). */
  day: string | null;
  kind: 'earned' | 'expires' | 'target' | 'undated';
  status: TrackerStatus;
  certification: PlanEntry['certification'];
}

/**
 * A member's entries as a timeline: each held certification's earned day and expiry, each studied or planned one's
 * target day, by day (earliest first); those without a date last, by name.
 */
export function planTimeline(entries: readonly PlanEntry[]): PlanEvent[] {
  const events: PlanEvent[] = [];
  for (const e of entries) {
    const base = { status: e.status, certification: e.certification };
    if (e.status === 'HELD') {
      if (e.earnedOn) events.push({ ...base, day: e.earnedOn, kind: 'earned' });
      if (e.expiresOn) events.push({ ...base, day: e.expiresOn, kind: 'expires' });
    } else {
      events.push({ ...base, day: e.targetDate, kind: e.targetDate ? 'target' : 'undated' });
    }
  }
  return events.sort(
    (a, b) =>
      (a.day === null ? 1 : 0) - (b.day === null ? 1 : 0) ||
      (a.day ?? '').localeCompare(b.day ?? '') ||
      a.certification.name.localeCompare(b.certification.name),
  );
}

/** What the certifications still to take (studying and planned) add up to: the known costs and medians, and how many. */
export function aheadTotals(
  ahead: readonly number[],
  costOf: ReadonlyMap<number, number | null>,
  hoursOf: ReadonlyMap<number, number | null>,
) {
  const costs = ahead.map((id) => costOf.get(id) ?? null).filter((c): c is number => c !== null);
  const hours = ahead.map((id) => hoursOf.get(id) ?? null).filter((h): h is number => h !== null);
  return {
    count: ahead.length,
    cost: costs.reduce((a, b) => a + b, 0),
    costKnown: costs.length,
    hours: Math.round(hours.reduce((a, b) => a + b, 0)),
    hoursKnown: hours.length,
  };
}
