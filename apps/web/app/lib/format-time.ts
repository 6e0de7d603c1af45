/** A moment as '5 Mar 2026, 14:03 UTC', the same on the server and in the browser (UTC, en-GB). */
export function formatDateTime(iso: string): string {
  return `${new Date(iso).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' })} UTC`;
}

/** A moment's day as '5 Mar 2026', the same on the server and in the browser (UTC, en-GB). */
export function formatDate(iso: string): string {
  return new Date(iso).toLocaleDateString('en-GB', { dateStyle: 'medium', timeZone: 'UTC' });
}
