/**
 * The one way dates and times are written to people, on every page and in every email: a day as '10 Jan 2027', a
 * moment as '10 Jan 2027, 21:27 UTC'. Always UTC and en-GB, so that the server's render, the browser and a mail
 * agree whatever their time zone and language (docs/product.md#dates). Small on purpose: the home page's cards use
 * it, so it is part of every page's first scripts.
 */
/**
 * The months as en-GB writes them short (September is 'Sept'). Written out here rather than asked of the runtime's
 * date formats: those load locale data on first use, milliseconds of a page's first render in the browser.
 */
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sept', 'Oct', 'Nov', 'Dec'];

/** The day of a moment (an ISO time or a Date), as '10 Jan 2027'. */
export function formatDate(when: string | Date): string {
  const date = new Date(when);
  if (Number.isNaN(date.getTime())) return 'Invalid Date';
  return `${date.getUTCDate()} ${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()}`;
}

/** A day written YYYY-MM-DD, as '10 Jan 2027'. */
export function formatDay(day: string): string {
  return formatDate(`${day}T00:00:00Z`);
}

/** A moment (an ISO time or a Date), as '10 Jan 2027, 21:27 UTC' (hours 00 to 23). */
export function formatDateTime(when: string | Date): string {
  return `${formatDate(when)}, ${new Date(when).toISOString().slice(11, 16)} UTC`;
}
