/** A day written YYYY-MM-DD, shown as '1 Mar 2024' the same on the server and in the browser (UTC). */
export function formatDay(day: string): string {
  return new Date(`${day}T00:00:00Z`).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

/** Today in UTC, YYYY-MM-DD. */
export function today(): string {
  return new Date().toISOString().slice(0, 10);
}
