/**
 * Members' fixed lists, limits and date rules (docs/product.md#members, docs/product.md#notifications). Apart from
 * enums.ts and limits.ts, which the home page's first paint loads: these are read only on member pages.
 */

/** Where a member stands with a certification in their tracker. */
export const TRACKER_STATUSES = ['HELD', 'STUDYING', 'PLANNED'] as const;
export type TrackerStatus = (typeof TRACKER_STATUSES)[number];

/** What a notification is about. CERTIFICATION_EXPIRING is written by the expiry reminders. */
export const NOTIFICATION_KINDS = [
  'COMMENT_REPLY',
  'SUBMISSION_APPROVED',
  'SUBMISSION_REJECTED',
  'REVISION_DECIDED',
  'WATCHED_ACTIVITY',
  'CERTIFICATION_EXPIRING',
  /** The member's item was hidden pending review by flags (docs/product.md#flags). */
  'CONTENT_HIDDEN',
  /** A moderator removed the member's item through a flag, with the reason. */
  'CONTENT_REMOVED',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** Notifications per page: the list shows 20; a client may ask for up to 50 at once, like reviews. */
export const NOTIFICATIONS_PAGE_SIZE = 20;
export const NOTIFICATIONS_PAGE_MAX = 50;
/** Ids one "mark as read" may name: a page at most, twice over; "all" needs no ids. */
export const NOTIFICATION_READ_IDS_MAX = 100;

/** Tracker dates: nobody earned an IT certification before 1970, and no date further than 2100 is sensible. */
export const TRACKER_DATE_MIN = '1970-01-01';
export const TRACKER_DATE_MAX = '2100-12-31';

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar day written YYYY-MM-DD (2023-02-30 is not one). */
export function isIsoDay(value: string): boolean {
  const m = ISO_DAY.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

/** The day `months` after `day` (YYYY-MM-DD), kept within the month: 2024-01-31 plus one month is 2024-02-29. */
/**
 * What is known of how long a certification lasts: a number of months (LIMITED), no end (UNLIMITED: a checked
 * record that gives no validity), or nothing yet (UNKNOWN: no validity and the record was never checked).
 */
export const VALIDITY_KINDS = ['LIMITED', 'UNLIMITED', 'UNKNOWN'] as const;
export type ValidityKind = (typeof VALIDITY_KINDS)[number];

export function validityOf(cert: { validityMonths: number | null; factsVerifiedAt: string | null }): ValidityKind {
  if (cert.validityMonths !== null) return 'LIMITED';
  return cert.factsVerifiedAt ? 'UNLIMITED' : 'UNKNOWN';
}

/**
 * The expiry of a held certification that follows its validity (the member gave none): earned plus the validity,
 * none while the validity is unknown or unlimited. The server's SQL works it out the same way when a validity changes.
 */
export function followedExpiry(earnedOn: string | null, validityMonths: number | null): string | null {
  return earnedOn && validityMonths ? addMonths(earnedOn, validityMonths) : null;
}

export function addMonths(day: string, months: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const first = new Date(Date.UTC(y, m - 1 + months, 1));
  const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  first.setUTCDate(Math.min(d, last));
  return first.toISOString().slice(0, 10);
}

/**
 * The latest day a member may say they earned something: tomorrow in UTC, so that it is today for every member,
 * whatever their time zone (UTC+14 is a day ahead of UTC).
 */
export function latestEarnedDay(now: Date = new Date()): string {
  return new Date(now.getTime() + 24 * 3600_000).toISOString().slice(0, 10);
}
