import { parseQuery, prepareSearch, searchTier, type PreparedSearch } from '@certitude/shared';
import type { ListedCertification } from './listed-certification';

/**
 * The home page's search of docs/product.md#search (`searchTier` of @certitude/shared), made fast enough to run on
 * every keystroke over the whole catalogue: each certification is prepared once (`prepareSearch`), so a keystroke
 * reads a few words per certification. Loaded after the first paint (catalogue-search.ts, `loadSearch`): the
 * server says which cards the address's search shows.
 */
export function searchHaystacks(certs: readonly ListedCertification[]): PreparedSearch[] {
  return certs.map(prepareSearch);
}

/** Which certifications the search and the vendor filter let through, by position. */
export function visibleMask(
  certs: readonly ListedCertification[],
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
