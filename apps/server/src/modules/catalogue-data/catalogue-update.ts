import {
  FACT_NAMES,
  updateChangeEntrySchema,
  updateNewEntrySchema,
  type CatalogueCertification,
  type FactName,
  type FactSource,
  type SourceInput,
  type UpdateChanges,
} from '@certitude/shared';
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import type { ZodError } from 'zod';
import { requiredCycle } from '../catalogue/facts.js';

/*
 * One way to change the catalogue from outside (docs/catalogue.md): an update file's entries (the operator import
 * format of docs/api.md#operator-import), or the catalogue's own data files, applied to the catalogue as it stands.
 * This part is pure: it works on certifications in the data files' form (links by slug) and answers what changes,
 * entry by entry, or the problems that refuse the whole lot. `catalogue:apply` writes its answer into the data files;
 * `catalogue:import` and the seed write it into the database (catalogue-import.ts).
 */

/** A certification in the data files' form, with its vendor (a member's submission may have no level yet). */
export type CatalogueRecord = Omit<CatalogueCertification, 'level'> & {
  level: CatalogueCertification['level'] | null;
  vendor: string;
};

/** One change to bring about: an update file's entry, or a certification of the data files. */
export interface UpdateItem {
  /** Where it comes from, for messages: `updates.json: entry 3`. */
  label: string;
  slug: string;
  /** The whole certification when it may be new (a `new` entry, a data file's certification). */
  record?: CatalogueRecord;
  /** The facts to change, as an update entry states them (`exam` holds only the facts stated). */
  changes?: UpdateChanges;
  summary: string;
  /** The sources of the facts stated: one for an update entry, a data file certification's own list. */
  sources: FactSource[];
}

export interface Outcome {
  item: UpdateItem;
  /** `new`: not in the catalogue yet; `change`: facts change; `confirm`: only its sources do; `none`: nothing. */
  kind: 'new' | 'change' | 'confirm' | 'none';
  before: CatalogueRecord | null;
  after: CatalogueRecord;
  /** The facts whose value changes (exam facts one by one). */
  changed: FactName[];
}

export class UpdateError extends Error {
  constructor(readonly problems: string[]) {
    super(problems.join('\n'));
  }
}

/** The facts a record holds, each with its value (`exam.costUsd` and so on). */
function factValues(r: CatalogueRecord): Record<FactName, unknown> {
  return {
    name: r.name,
    certCode: r.certCode,
    vendor: r.vendor,
    description: r.description,
    url: r.url,
    level: r.level,
    domains: [...r.domains].sort(),
    'exam.costUsd': r.exam.costUsd,
    'exam.durationMinutes': r.exam.durationMinutes,
    'exam.questionCount': r.exam.questionCount,
    'exam.questionCountMax': r.exam.questionCountMax,
    'exam.passingScore': r.exam.passingScore,
    'exam.formats': r.exam.formats,
    'exam.delivery': r.exam.delivery,
    validityMonths: r.validityMonths,
    renewal: r.renewal,
    prerequisites: [...r.prerequisites].sort((a, b) => a.slug.localeCompare(b.slug)),
    prerequisiteNotes: r.prerequisiteNotes,
    lifecycle: r.lifecycle,
    retiresOn: r.retiresOn,
    supersededBy: r.supersededBy,
    previousCodes: r.previousCodes,
    aliases: r.aliases,
    badgeClasses: r.badgeClasses,
  };
}

/** The facts whose value differs between two records. */
function changedFacts(before: CatalogueRecord, after: CatalogueRecord): FactName[] {
  const a = factValues(before);
  const b = factValues(after);
  return (Object.keys(b) as FactName[]).filter((k) => !isDeepStrictEqual(a[k], b[k]));
}

/** Not sources of a fact: the catalogue's classification and its own words. */
const NOT_SOURCED: ReadonlySet<string> = new Set(['level', 'domains', 'description']);

/** The facts an update entry states, as a source names them. */
function statedFacts(changes: Record<string, unknown>): FactName[] {
  const names: FactName[] = [];
  for (const [key, value] of Object.entries(changes)) {
    if (key === 'slug' || NOT_SOURCED.has(key) || value === undefined) continue;
    if (key === 'exam') {
      for (const sub of Object.keys(value as object)) names.push(`exam.${sub}` as FactName);
    } else names.push(key as FactName);
  }
  return names;
}

const blankExam = (): CatalogueRecord['exam'] => ({
  costUsd: null,
  durationMinutes: null,
  questionCount: null,
  questionCountMax: null,
  passingScore: null,
  formats: [],
  delivery: [],
});

/** A certification the catalogue lacks, from a `new` entry: the facts not given are unknown. */
function blankRecord(slug: string, vendor: string): CatalogueRecord {
  return {
    slug,
    vendor,
    name: '',
    certCode: null,
    url: '',
    description: '',
    level: 'FOUNDATIONAL',
    domains: [],
    exam: blankExam(),
    validityMonths: null,
    renewal: null,
    prerequisites: [],
    prerequisiteNotes: null,
    lifecycle: 'ACTIVE',
    retiresOn: null,
    supersededBy: null,
    previousCodes: [],
    aliases: [],
    badgeClasses: [],
    sources: [],
  };
}

const unique = <T>(values: T[]) => [...new Set(values)];

/** A record with an update entry's changes made: `exam` merged fact by fact, lists replaced. */
function withChanges(r: CatalogueRecord, changes: UpdateChanges, problems: string[], label: string): CatalogueRecord {
  const next: CatalogueRecord = structuredClone(r);
  for (const [key, value] of Object.entries(changes)) {
    if (value === undefined) continue;
    switch (key) {
      case 'exam':
        next.exam = { ...next.exam, ...(value as object) };
        break;
      case 'prerequisites': {
        const list = value as { certification: number | string; kind: 'REQUIRED' | 'RECOMMENDED' }[];
        next.prerequisites = [];
        list.forEach((p, i) => {
          if (typeof p.certification !== 'string' || /^\d+$/.test(p.certification)) {
            problems.push(`${label}: prerequisites[${i}].certification: name the certification by its slug`);
          } else if (!next.prerequisites.some((q) => q.slug === p.certification)) {
            next.prerequisites.push({ slug: p.certification, kind: p.kind });
          }
        });
        break;
      }
      case 'supersededBy':
        if (value !== null && (typeof value !== 'string' || /^\d+$/.test(value))) {
          problems.push(`${label}: supersededBy: name the certification by its slug`);
        } else next.supersededBy = value as string | null;
        break;
      case 'previousCodes':
      case 'aliases':
      case 'badgeClasses':
      case 'domains':
        (next as Record<string, unknown>)[key] = unique(value as string[]);
        break;
      default:
        (next as Record<string, unknown>)[key] = value;
    }
  }
  return next;
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
function byReading(sources: FactSource[]): FactSource[] {
  return [...sources].sort((a, b) => a.retrievedOn.localeCompare(b.retrievedOn));
}

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

/** An update file's entries as items, or every problem of the file (file, entry's index, field). */
export function parseUpdateFile(path: string): UpdateItem[] {
  const name = basename(path);
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(path, 'utf8'));
  } catch (err) {
    throw new UpdateError([`${name}: ${(err as Error).message}`]);
  }
  return parseUpdateEntries(name, raw);
}

export function parseUpdateEntries(name: string, raw: unknown): UpdateItem[] {
  if (!Array.isArray(raw)) throw new UpdateError([`${name}: the file must hold a JSON array of entries`]);
  const problems: string[] = [];
  const items: UpdateItem[] = [];
  raw.forEach((entry: unknown, index) => {
    const isNew = !!entry && typeof entry === 'object' && 'new' in entry;
    const slug = String(
      ((isNew ? (entry as { new?: { slug?: unknown } }).new : entry) as { slug?: unknown } | undefined)?.slug ?? '',
    );
    const label = `${name}: entry ${index}${slug ? ` (${slug})` : ''}`;
    const issues = (error: ZodError) => {
      for (const issue of error.issues) {
        const path = issue.path.map(String).join('.') || '(entry)';
        const missing = issue.code === 'invalid_type' && / received undefined$/.test(issue.message);
        const message = !missing ? issue.message : path === 'source' ? MISSING_SOURCE : 'is missing';
        problems.push(`${label}: ${path}: ${message}`);
      }
    };
    if (isNew) {
      const parsed = updateNewEntrySchema.safeParse(entry);
      if (!parsed.success) return issues(parsed.error);
      const { new: fields, summary, source } = parsed.data;
      const { slug, ...given } = fields;
      const record = withChanges(blankRecord(slug, fields.vendor), given as UpdateChanges, problems, label);
      record.certCode = fields.certCode;
      // Once it exists (a second run), the entry changes the facts it states and no others.
      const changes = { ...given, certCode: fields.certCode ?? undefined } as UpdateChanges;
      items.push({ label, slug, record, changes, summary, sources: [sourceOf(source, statedFacts(given))] });
    } else {
      const parsed = updateChangeEntrySchema.safeParse(entry);
      if (!parsed.success) return issues(parsed.error);
      const { slug, changes, summary, source } = parsed.data;
      if (!Object.keys(changes).length) return void problems.push(`${label}: changes: change at least one fact`);
      const stated = statedFacts(changes);
      items.push({ label, slug, changes, summary, sources: stated.length ? [sourceOf(source, stated)] : [] });
    }
  });
  if (problems.length) throw new UpdateError(problems);
  return items;
}

const MISSING_SOURCE = 'each entry needs its source: { url, kind, retrievedOn }';

const sourceOf = (source: SourceInput, fields: FactName[]): FactSource => ({ ...source, fields });
