import { FACT_FRESH_MONTHS } from './catalogue-limits.js';
import type { FactName } from './schemas/catalogue-data.js';

// How a certification's page reads its sources, apart from the schemas: the page needs these two without zod.

/** The source a fact is read from: the newest of those naming it, or null. */
export function sourceOfFact<S extends { retrievedOn: string; fields: string[] }>(
  sources: S[],
  fact: FactName,
): S | null {
  return sources.reduce<S | null>(
    (best, s) => (s.fields.includes(fact) && (!best || s.retrievedOn > best.retrievedOn) ? s : best),
    null,
  );
}

/** Whether a page read on `retrievedOn` (YYYY-MM-DD) is older than FACT_FRESH_MONTHS on `today`. */
export function readLongAgo(retrievedOn: string, today: Date): boolean {
  const limit = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - FACT_FRESH_MONTHS, today.getUTCDate()));
  return retrievedOn < limit.toISOString().slice(0, 10);
}
