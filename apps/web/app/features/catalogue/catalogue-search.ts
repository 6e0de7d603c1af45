import { parseQuery, prepareSearch, searchTier, type Certification, type PreparedSearch } from '@certitude/shared';

/**
 * The home page's search of docs/product.md#search (`searchTier` of @certitude/shared), made fast enough to run on
 * every keystroke over the whole catalogue: each certification is prepared once (`prepareSearch`), so a keystroke
 * reads a few words per certification.
 */
export function searchHaystacks(certs: readonly Certification[]): PreparedSearch[] {
  return certs.map(prepareSearch);
}

/** Which certifications the search and the vendor filter let through, by position. */
export function visibleMask(
  certs: readonly Certification[],
  haystacks: readonly PreparedSearch[],
  query: string,
  vendor: string | null,
): boolean[] {
  const q = parseQuery(query);
  const mask = new Array<boolean>(certs.length);
  for (let i = 0; i < certs.length; i++) {
    mask[i] = (vendor === null || certs[i]!.vendor === vendor) && (q.raw === '' || searchTier(haystacks[i]!, q) > 0);
  }
  return mask;
}

export interface VendorCount {
  vendor: string;
  count: number;
}

/** Each vendor once, with its number of certifications, sorted alphabetically (docs/product.md#search). */
export function vendorCounts(certs: readonly Certification[]): VendorCount[] {
  const counts = new Map<string, number>();
  for (const c of certs) counts.set(c.vendor, (counts.get(c.vendor) ?? 0) + 1);
  return [...counts]
    .map(([vendor, count]) => ({ vendor, count }))
    .sort((a, b) => a.vendor.localeCompare(b.vendor, 'en', { sensitivity: 'base' }));
}
