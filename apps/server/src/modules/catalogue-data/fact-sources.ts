import { FACT_NAMES, type FactName, type FactSource, type SourceInput } from '@certitude/shared';
import { unique } from './catalogue-record.js';

/* Which page each fact was read on: a certification's sources as facts change (docs/catalogue.md). */

/** Not sources of a fact: the catalogue's classification and its own words. */
const NOT_SOURCED: ReadonlySet<string> = new Set(['level', 'domains', 'description']);

/** The facts an update entry states, as a source names them. */
export function statedFacts(changes: Record<string, unknown>): FactName[] {
  const names: FactName[] = [];
  for (const [key, value] of Object.entries(changes)) {
    if (key === 'slug' || NOT_SOURCED.has(key) || value === undefined) continue;
    if (key === 'exam') {
      for (const sub of Object.keys(value as object)) names.push(`exam.${sub}` as FactName);
    } else names.push(key as FactName);
  }
  return names;
}

/**
 * A source added to a certification's list: an older reading of the same page on the same day takes its facts, and
 * each fact it names leaves the other sources (the newest reading is the one that counts); a source left naming
 * nothing goes.
 */
export function mergeSource(sources: FactSource[], source: FactSource): FactSource[] {
  const named = new Set<string>(source.fields);
  const same = (s: FactSource) =>
    s.url === source.url && s.kind === source.kind && s.retrievedOn === source.retrievedOn;
  const out: FactSource[] = [];
  let placed = false;
  for (const s of sources) {
    if (same(s)) {
      out.push({ ...s, fields: unique([...s.fields, ...source.fields]) });
      placed = true;
      continue;
    }
    const fields = s.fields.filter((f) => !named.has(f));
    if (fields.length) out.push({ ...s, fields });
  }
  if (!placed) out.push({ ...source, fields: [...source.fields] });
  return out;
}

/** The facts a revision field holds, as sources name them (`exam` holds each exam fact). */
export function factsOfField(field: string): FactName[] {
  if (field === 'exam') {
    return [
      'costUsd',
      'durationMinutes',
      'questionCount',
      'questionCountMax',
      'passingScore',
      'formats',
      'delivery',
    ].map((k) => `exam.${k}` as FactName);
  }
  return FACT_NAMES.includes(field as FactName) ? [field as FactName] : [];
}

/**
 * A certification's sources once a revision changed `fields`: its source names the facts it changed; without one,
 * those facts leave the sources, which no longer support their new value.
 */
export function sourcesAfter(sources: FactSource[], fields: string[], source: SourceInput | null): FactSource[] {
  const facts = fields.flatMap(factsOfField).filter((f) => !NOT_SOURCED.has(f));
  if (!facts.length) return sources;
  if (source) return mergeSource(sources, { ...source, fields: facts });
  const changed = new Set<string>(facts);
  return sources.flatMap((s) => {
    const kept = s.fields.filter((f) => !changed.has(f));
    return kept.length ? [{ ...s, fields: kept }] : [];
  });
}

/** Sources named with their facts, oldest reading first, so that the newest wins a fact both name. */
export function byReading(sources: FactSource[]): FactSource[] {
  return [...sources].sort((a, b) => a.retrievedOn.localeCompare(b.retrievedOn));
}

/** A source naming the facts it supports. */
export const sourceOf = (source: SourceInput, fields: FactName[]): FactSource => ({ ...source, fields });
