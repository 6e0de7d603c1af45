import type { FactName, FactSource, SourceInput } from '@certitude/shared';
import type { CertificationRow } from '../catalogue/certification.service.js';
import type { StoredState } from '../catalogue/facts.js';
import type { CatalogueRecord, UpdateItem } from './catalogue-record.js';

/* The import's conversions between the database's rows, the data files' records and the revisions' stored form. */

/** An approved certification as the data files write it (links by slug). */
export function recordOf(row: CertificationRow): CatalogueRecord {
  return {
    slug: '',
    vendor: row.vendor,
    name: row.name,
    certCode: row.certCode || null,
    url: row.url,
    description: row.description,
    level: row.level,
    domains: [...row.domains] as CatalogueRecord['domains'],
    exam: {
      costUsd: row.examCostUsd,
      durationMinutes: row.examDurationMinutes,
      questionCount: row.examQuestionCount,
      questionCountMax: row.examQuestionCountMax,
      passingScore: row.examPassingScore,
      formats: row.examFormats as CatalogueRecord['exam']['formats'],
      delivery: row.examDelivery as CatalogueRecord['exam']['delivery'],
    },
    validityMonths: row.validityMonths,
    renewal: row.renewal,
    prerequisites: row.prerequisites.map((p) => ({ slug: p.slug, kind: p.kind })),
    prerequisiteNotes: row.prerequisiteNotes,
    lifecycle: row.lifecycle,
    retiresOn: row.retiresOn,
    supersededBy: row.supersededBy?.slug ?? null,
    previousCodes: row.previousCodes,
    aliases: row.aliases,
    badgeClasses: row.badgeClasses,
    sources: row.sources,
  };
}

/** The newest VENDOR source: what `factsSource` and `factsVerifiedAt` show. */
export function newestVendorSource(sources: FactSource[]): FactSource | null {
  return sources
    .filter((s) => s.kind === 'VENDOR')
    .reduce<FactSource | null>((a, b) => (!a || b.retrievedOn > a.retrievedOn ? b : a), null);
}

/** A record's facts in the form revisions store them (links as ids). */
export function storedOf(
  r: CatalogueRecord,
  ids: Map<string, number>,
): Omit<StoredState, 'factsSource' | 'factsVerifiedAt'> {
  return {
    name: r.name,
    certCode: r.certCode ?? '',
    vendor: r.vendor,
    description: r.description,
    url: r.url,
    level: r.level,
    domains: [...r.domains].sort(),
    exam: { ...r.exam },
    validityMonths: r.validityMonths,
    renewal: r.renewal,
    prerequisites: r.prerequisites
      .map((p) => ({ certification: ids.get(p.slug)!, kind: p.kind }))
      .sort((a, b) => a.certification - b.certification),
    prerequisiteNotes: r.prerequisiteNotes,
    lifecycle: r.lifecycle,
    retiresOn: r.retiresOn,
    supersededBy: r.supersededBy === null ? null : ids.get(r.supersededBy)!,
    previousCodes: r.previousCodes,
    aliases: r.aliases,
    badgeClasses: r.badgeClasses,
  };
}

const show = (v: unknown) => {
  const s = JSON.stringify(v) ?? 'null';
  return s.length > 60 ? `${s.slice(0, 57)}…` : s;
};

/** The newest of the item's sources that names one of the facts: the source a revision records. */
export function sourceFor(item: UpdateItem, facts: FactName[]): SourceInput | null {
  const naming = item.sources.filter((s) => s.fields.some((f) => facts.includes(f)));
  const newest = naming.reduce<FactSource | null>((a, b) => (!a || b.retrievedOn > a.retrievedOn ? b : a), null);
  return newest && { url: newest.url, kind: newest.kind, retrievedOn: newest.retrievedOn };
}

/** What one fact was and becomes, for the import's report. */
export function describe(before: CatalogueRecord, after: CatalogueRecord, fact: FactName): string {
  const get = (r: CatalogueRecord) => {
    if (fact.startsWith('exam.')) return r.exam[fact.slice(5) as keyof CatalogueRecord['exam']];
    return (r as unknown as Record<string, unknown>)[fact];
  };
  return `${show(get(before))} → ${show(get(after))}`;
}
