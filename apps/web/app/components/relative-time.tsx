import { formatDate, formatDateTime } from '@certitude/shared';
import { useSyncExternalStore } from 'react';

type Unit = 'year' | 'month' | 'week' | 'day' | 'hour' | 'minute';

const UNITS: [Unit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

/**
 * `count` whole units ago, as English writes it with Intl.RelativeTimeFormat('en', { numeric: 'auto' }): "yesterday",
 * "last week", "3 days ago" (a count under 1,000: every unit but the year is bounded by the next one). Written out
 * here: the runtime's format loads locale data on first use, in the browser just after a page with comments has
 * hydrated.
 */
function ago(count: number, unit: Unit): string {
  if (count === 1 && unit === 'day') return 'yesterday';
  if (count === 1 && unit !== 'hour' && unit !== 'minute') return `last ${unit}`;
  return `${count} ${unit}${count === 1 ? '' : 's'} ago`;
}

/** "just now", "5 minutes ago", "yesterday", "3 weeks ago" (English, as the rest of the site). */
export function formatRelativeTime(iso: string, now: number): string {
  // A clock a little ahead of the server must not show a comment as written "in 1 minute".
  const seconds = Math.max(0, (now - Date.parse(iso)) / 1000);
  for (const [unit, size] of UNITS) {
    if (seconds >= size) return ago(Math.trunc(seconds / size), unit);
  }
  return 'just now';
}

/** The same date on the server and in the browser, whatever their time zones: used until "now" is known. */
export function formatAbsoluteDate(iso: string): string {
  return formatDate(iso);
}

const MINUTE = 60_000;
const listeners = new Set<() => void>();
let ticker: ReturnType<typeof setInterval> | undefined;

function subscribe(listener: () => void) {
  listeners.add(listener);
  ticker ??= setInterval(() => listeners.forEach((l) => l()), MINUTE);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && ticker) {
      clearInterval(ticker);
      ticker = undefined;
    }
  };
}

/**
 * One clock for every time shown, read to the minute and ticking once a minute. While hydrating, React uses
 * the server's value (none), so the server's HTML and the first render in the browser agree.
 */
function useNow(): number | null {
  return useSyncExternalStore(
    subscribe,
    () => Math.floor(Date.now() / MINUTE) * MINUTE,
    () => null,
  );
}

export function RelativeTime({ iso }: { iso: string }) {
  const now = useNow();
  return (
    <time dateTime={iso} title={formatDateTime(iso)}>
      {now === null ? formatAbsoluteDate(iso) : formatRelativeTime(iso, now)}
    </time>
  );
}
