import type { CatalogueCertification, FactName, FactSource, UpdateChanges } from '@certitude/shared';
import { isDeepStrictEqual } from 'node:util';

/* The catalogue's certifications in the data files' form, and the changes made to them (catalogue-update.ts). */

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
export function changedFacts(before: CatalogueRecord, after: CatalogueRecord): FactName[] {
  const a = factValues(before);
  const b = factValues(after);
  return (Object.keys(b) as FactName[]).filter((k) => !isDeepStrictEqual(a[k], b[k]));
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
export function blankRecord(slug: string, vendor: string): CatalogueRecord {
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

export const unique = <T>(values: T[]) => [...new Set(values)];

/** A record with an update entry's changes made: `exam` merged fact by fact, lists replaced. */
export function withChanges(
  r: CatalogueRecord,
  changes: UpdateChanges,
  problems: string[],
  label: string,
): CatalogueRecord {
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
