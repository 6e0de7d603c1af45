import { isDeepStrictEqual } from 'node:util';
import { requiredCycle } from '../catalogue/facts.js';
import {
  changedFacts,
  UpdateError,
  withChanges,
  type CatalogueRecord,
  type Outcome,
  type UpdateItem,
} from './catalogue-record.js';
import { byReading, mergeSource } from './fact-sources.js';

/*
 * One way to change the catalogue from outside (docs/catalogue.md): an update file's entries (the operator import
 * format of docs/api.md#facts-filters-and-revisions), or the catalogue's own data files, applied to the catalogue as it stands.
 * This part is pure: it works on certifications in the data files' form (links by slug) and answers what changes,
 * entry by entry, or the problems that refuse the whole lot. `catalogue:apply` writes its answer into the data files;
 * `catalogue:import` and the seed write it into the database (catalogue-import.ts).
 */

/**
 * Applies the items to the catalogue (slug -> record; not changed: the answer holds the new records) in order.
 * Refused as a whole (UpdateError naming each item and field) when a link names no certification, a rule between
 * facts breaks, or a slug is unknown.
 */
export function applyItems(
  catalogue: ReadonlyMap<string, CatalogueRecord>,
  items: UpdateItem[],
): { outcomes: Outcome[]; catalogue: Map<string, CatalogueRecord> } {
  const problems: string[] = [];
  const current = new Map(catalogue);
  const outcomes: Outcome[] = [];
  for (const item of items) {
    const before = current.get(item.slug) ?? null;
    let after: CatalogueRecord;
    if (before && item.changes) {
      after = withChanges(before, item.changes, problems, item.label);
    } else if (item.record) {
      // A data file's certification is the whole truth of its facts; the sources already known are kept.
      after = { ...structuredClone(item.record), sources: before?.sources ?? [] };
    } else {
      problems.push(`${item.label}: slug: there is no certification ${item.slug}`);
      continue;
    }
    for (const source of byReading(item.sources)) after.sources = mergeSource(after.sources, source);
    if (after.unsourced) {
      const named = new Set<string>(after.sources.flatMap((s) => s.fields));
      after.unsourced = after.unsourced.filter((f) => !named.has(f));
      if (!after.unsourced.length) delete after.unsourced;
    }
    const changed = before ? changedFacts(before, after) : [];
    const kind = !before
      ? 'new'
      : changed.length
        ? 'change'
        : isDeepStrictEqual(before.sources, after.sources) && isDeepStrictEqual(before.unsourced, after.unsourced)
          ? 'none'
          : 'confirm';
    outcomes.push({ item, kind, before, after, changed });
    current.set(item.slug, after);
  }
  problems.push(...resultProblems(current, outcomes));
  if (problems.length) throw new UpdateError(problems);
  return { outcomes, catalogue: current };
}

/** The rules the catalogue must keep after the items: links that exist, dates for retirement, no REQUIRED cycle. */
function resultProblems(catalogue: Map<string, CatalogueRecord>, outcomes: Outcome[]): string[] {
  const problems: string[] = [];
  const ids = new Map([...catalogue.keys()].map((slug, i) => [slug, i + 1]));
  const edges = new Map<number, number[]>();
  for (const r of catalogue.values()) {
    edges.set(
      ids.get(r.slug)!,
      r.prerequisites.filter((p) => p.kind === 'REQUIRED' && ids.has(p.slug)).map((p) => ids.get(p.slug)!),
    );
  }
  const byName = new Map<string, string[]>();
  for (const r of catalogue.values()) {
    const key = `${r.name.toLowerCase()}|${r.vendor.toLowerCase()}`;
    byName.set(key, [...(byName.get(key) ?? []), r.slug]);
  }
  const reported = new Set<string>();
  // Each certification once, named by the last entry that changed it.
  for (const { item } of outcomes.filter((o) => o.kind !== 'none').reverse()) {
    if (reported.has(item.slug)) continue;
    reported.add(item.slug);
    const r = catalogue.get(item.slug)!;
    const at = item.label;
    r.prerequisites.forEach((p, i) => {
      if (!catalogue.has(p.slug)) problems.push(`${at}: prerequisites[${i}]: there is no certification ${p.slug}`);
      if (p.slug === r.slug)
        problems.push(`${at}: prerequisites[${i}]: a certification cannot be its own prerequisite`);
    });
    if (r.supersededBy && !catalogue.has(r.supersededBy)) {
      problems.push(`${at}: supersededBy: there is no certification ${r.supersededBy}`);
    }
    if (r.supersededBy === r.slug) problems.push(`${at}: supersededBy: a certification cannot succeed itself`);
    if (r.lifecycle !== 'ACTIVE' && !r.retiresOn) {
      problems.push(`${at}: retiresOn: a retiring or retired certification needs its retirement date`);
    }
    const others = (byName.get(`${r.name.toLowerCase()}|${r.vendor.toLowerCase()}`) ?? []).filter((s) => s !== r.slug);
    if (others.length)
      problems.push(`${at}: name: ${r.vendor} already has a certification named ${r.name} (${others[0]})`);
    const id = ids.get(r.slug)!;
    const cycle = requiredCycle(id, edges.get(id) ?? [], new Map([...edges].filter(([k]) => k !== id)));
    if (cycle) {
      const slugs = [...ids.keys()];
      problems.push(
        `${at}: prerequisites: required prerequisites would form a cycle: ${cycle.map((n) => slugs[n - 1]).join(' → ')}`,
      );
    }
  }
  return problems;
}
