/**
 * The one way dates and times are written to people, on every page and in every email: a day as '10 Jan 2027', a
 * moment as '10 Jan 2027, 21:27 UTC'. Always UTC and en-GB, so that the server's render, the browser and a mail
 * agree whatever their time zone and language (docs/product.md#dates).
 */
const DAY: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' };
const TIME: Intl.DateTimeFormatOptions = { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: 'UTC' };

/** A day written YYYY-MM-DD, as '10 Jan 2027'. */
export function formatDay(day: string): string {
  return new Date(`${day}T00:00:00Z`).toLocaleDateString('en-GB', DAY);
}

/** The day of a moment (an ISO time or a Date), as '10 Jan 2027'. */
export function formatDate(when: string | Date): string {
  return new Date(when).toLocaleDateString('en-GB', DAY);
}

/** A moment (an ISO time or a Date), as '10 Jan 2027, 21:27 UTC'. */
export function formatDateTime(when: string | Date): string {
  const date = new Date(when);
  return `${date.toLocaleDateString('en-GB', DAY)}, ${date.toLocaleTimeString('en-GB', TIME)} UTC`;
}
