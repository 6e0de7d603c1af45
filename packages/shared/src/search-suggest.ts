/**
 * "Did you mean …?" for a search that found nothing (docs/product.md#search): each word no certification has is
 * replaced by the nearest word of the catalogue's names, vendors, codes and aliases, when one is close enough.
 * Kept apart from search.ts: the home page loads it only once a search has found nothing.
 */
import { parseQuery, prepareSearch, searchTier, type PreparedSearch, type Searchable } from './search.js';

/** Letters added, dropped, changed or two neighbours swapped between two words, stopping once past `max`. */
function distance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let before: number[] = [];
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      row[j] = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        row[j] = Math.min(row[j]!, before[j - 2]! + 1);
    }
    if (Math.min(...row) > max) return max + 1;
    before = prev;
    prev = row;
  }
  return prev[b.length]!;
}

/** The search to suggest instead of `query`, or null when nothing close finds a certification. */
export function suggestSearch(query: string, certs: readonly Searchable[]): string | null {
  const prepared: PreparedSearch[] = certs.map(prepareSearch);
  const words = [...new Set(prepared.flatMap((p) => p.words))];
  const tokens = parseQuery(query).tokens;
  let changed = false;
  const better = tokens.map((t) => {
    if (t.length < 3 || words.some((w) => w.startsWith(t))) return t;
    const limit = t.length >= 6 ? 2 : 1;
    let best: string | null = null;
    let bestDistance = limit + 1;
    for (const w of words) {
      const d = distance(t, w, limit);
      if (d < bestDistance || (d === bestDistance && best !== null && w.length < best.length)) {
        best = w;
        bestDistance = d;
      }
    }
    if (best === null || bestDistance > limit) return t;
    changed = true;
    return best;
  });
  if (!changed) return null;
  const suggestion = parseQuery(better.join(' '));
  return prepared.some((p) => searchTier(p, suggestion) > 0) ? better.join(' ') : null;
}
