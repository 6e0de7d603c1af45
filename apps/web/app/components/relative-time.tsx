import { formatDate, formatDateTime } from '@certitude/shared';
import { useSyncExternalStore } from 'react';

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

let formatter: Intl.RelativeTimeFormat | undefined;

/** "just now", "5 minutes ago", "yesterday", "3 weeks ago" (English, as the rest of the site). */
export function formatRelativeTime(iso: string, now: number): string {
  formatter ??= new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
  // A clock a little ahead of the server must not show a comment as written "in 1 minute".
  const seconds = Math.min(0, (Date.parse(iso) - now) / 1000);
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) return formatter.format(Math.trunc(seconds / size), unit);
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
