import type { Certification, CertificationSort } from '@certitude/shared';

/** Lower bound of the 95% Wilson interval of the share of up votes: ranks by votes without favouring few. */
export function wilsonLowerBound(up: number, down: number): number {
  const n = up + down;
  if (n === 0) return 0;
  const z = 1.959964;
  const p = up / n;
  return (p + (z * z) / (2 * n) - z * Math.sqrt((p * (1 - p) + (z * z) / (4 * n)) / n)) / (1 + (z * z) / n);
}

/** How long trending scores are reused before they are computed again. */
export const TRENDING_TTL_MS = 5 * 60_000;

/**
 * Ties by vendor and name in the browser's collation (ICU, as PostgreSQL's "und-x-icu" that orders a page of the
 * list), then by id.
 */
const byName = (a: Certification, b: Certification) =>
  a.vendor.localeCompare(b.vendor, 'en') || a.name.localeCompare(b.name, 'en') || a.id - b.id;

/** Higher first; null (not enough ratings) after every number. */
const higher = (a: number | null, b: number | null) => (a === null ? (b === null ? 0 : 1) : b === null ? -1 : b - a);
const lower = (a: number | null, b: number | null) => (a === null ? (b === null ? 0 : 1) : b === null ? -1 : a - b);

/**
 * The list in one of the orders of GET /api/certification?sort= (decision 21); ties by vendor and name. A page of the
 * list is ordered by PostgreSQL in the same orders (findApprovedPage): what is compared here is what is answered
 * (`score` to 4 decimals, the means to 2), as the SQL functions of migration 0014 compute it.
 */
export function sortCertifications(
  items: Certification[],
  sort: CertificationSort,
  trending?: Map<number, number>,
): Certification[] {
  const order: Record<CertificationSort, (a: Certification, b: Certification) => number> = {
    name: () => 0,
    new: (a, b) => b.createdAt.localeCompare(a.createdAt) || b.id - a.id,
    top: (a, b) => b.upvoteCount - b.downvoteCount - (a.upvoteCount - a.downvoteCount),
    best: (a, b) => b.score - a.score,
    trending: (a, b) => (trending?.get(b.id) ?? 0) - (trending?.get(a.id) ?? 0),
    hardest: (a, b) => higher(a.difficulty, b.difficulty),
    easiest: (a, b) => lower(a.difficulty, b.difficulty),
    value: (a, b) => higher(a.value, b.value),
    rated: (a, b) => b.ratingCount - a.ratingCount,
  };
  return [...items].sort((a, b) => order[sort](a, b) || byName(a, b));
}
