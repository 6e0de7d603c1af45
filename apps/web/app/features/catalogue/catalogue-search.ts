import type { Certification } from '@certitude/shared';

/**
 * The home page's search of docs/product.md#search (case-insensitive substring of name, vendor, certCode or description, the same
 * answer as `matchesSearch` of @certitude/shared), made fast enough to run on every keystroke over the
 * whole catalogue: each certification's four fields are lowercased and joined once, so a keystroke costs
 * one `includes` per certification. The separator cannot be typed, so no match spans two fields.
 */
const SEPARATOR = '\u0000';

export function searchHaystacks(certs: readonly Certification[]): string[] {
  return certs.map((c) => [c.name, c.vendor, c.certCode, c.description].map((f) => f.toLowerCase()).join(SEPARATOR));
}

/** Which certifications the search and the vendor filter let through, by position. */
export function visibleMask(
  certs: readonly Certification[],
  haystacks: readonly string[],
  query: string,
  vendor: string | null,
): boolean[] {
  const q = query.trim().toLowerCase();
  const mask = new Array<boolean>(certs.length);
  for (let i = 0; i < certs.length; i++) {
    mask[i] = (vendor === null || certs[i]!.vendor === vendor) && (q === '' || haystacks[i]!.includes(q));
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
