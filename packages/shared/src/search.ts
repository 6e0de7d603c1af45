/**
 * The catalogue's substring search (docs/product.md#search), in a module of its own: the home page runs it on
 * every keystroke from its first paint, so it stays small and joins the first scripts (apps/web/vite.config.ts).
 */
import { DOMAINS } from './domains.js';

/** What the home page's search looks in (docs/product.md#search). */
export interface Searchable {
  name: string;
  vendor: string;
  certCode: string;
  description: string;
  /** Exam codes the certification had before (SY0-601 finds Security+). */
  previousCodes?: readonly string[];
  /** Domain slugs; the search matches their names. */
  domains?: readonly string[];
}

/**
 * One certification's searchable text, lowercased, fields joined by a character no one can type so that no
 * match spans two fields. Every search of the catalogue by substring uses it: `matchesSearch`, the home page's
 * per-keystroke filter and the server's `contains` filter, so they give one answer.
 */
export function searchHaystack(cert: Searchable): string {
  const fields = [cert.name, cert.vendor, cert.certCode, cert.description, ...(cert.previousCodes ?? [])];
  for (const d of DOMAINS) if (cert.domains?.includes(d.slug)) fields.push(d.name);
  return fields.join('\u0000').toLowerCase();
}

/**
 * The home page's search (docs/product.md#search): a case-insensitive substring of the name, vendor, exam code,
 * description, a previous exam code or a domain's name.
 */
export function matchesSearch(cert: Searchable, query: string): boolean {
  const q = query.trim().toLowerCase();
  return q === '' || searchHaystack(cert).includes(q);
}
