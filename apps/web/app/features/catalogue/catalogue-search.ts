import type * as Match from './catalogue-match';
import type { ListedCertification } from './listed-certification';

/** The search's code (catalogue-match.ts), which the home page loads after its first paint. */
export type SearchEngine = typeof Match;

let engine: SearchEngine | null = null;
let loading: Promise<SearchEngine> | null = null;

/** The search's code once loaded, else null. */
export const loadedSearch = (): SearchEngine | null => engine;

/**
 * Loads the search's code once. It is not part of the home page's first scripts (a budget of 120 KB gzip,
 * docs/quality.md): until it comes, the list shows what the server found for the address's search.
 */
export function loadSearch(): Promise<SearchEngine> {
  loading ??= import('./catalogue-match').then((m) => (engine = m));
  return loading;
}

export interface VendorCount {
  vendor: string;
  count: number;
}

/** Each vendor once, with its number of certifications, sorted alphabetically (docs/product.md#search). */
export function vendorCounts(certs: readonly ListedCertification[]): VendorCount[] {
  const counts = new Map<string, number>();
  for (const c of certs) counts.set(c.vendor, (counts.get(c.vendor) ?? 0) + 1);
  return [...counts]
    .map(([vendor, count]) => ({ vendor, count }))
    .sort((a, b) => a.vendor.localeCompare(b.vendor, 'en', { sensitivity: 'base' }));
}
