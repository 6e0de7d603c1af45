/**
 * The one order of names in lists drawn on a page (a map's vendors and certifications, a domain's list): letters
 * regardless of case, then case, by character code. The same on the server and in every browser, and made without
 * the browser's collation data, which takes milliseconds to load on the page's first render.
 */
export function compareText(a: string, b: string): number {
  const x = a.toLowerCase();
  const y = b.toLowerCase();
  if (x !== y) return x < y ? -1 : 1;
  return a < b ? -1 : a > b ? 1 : 0;
}
