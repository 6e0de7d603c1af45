import { DOMAINS, type ExamFacts, type RevisionChanges, type RevisionField } from '@certitude/shared';
import { isDeepStrictEqual } from 'node:util';
import type { CertificationRow } from './certification.repository.js';

/**
 * A certification's editable state in the form revisions store it (docs/api.md#facts-filters-and-revisions): links by id,
 * domains by slug (sorted), prerequisites sorted by id. Two states compare field by field.
 */
export interface StoredState {
  name: string;
  certCode: string;
  vendor: string;
  description: string;
  url: string;
  level: string | null;
  domains: string[];
  exam: ExamFacts;
  validityMonths: number | null;
  renewal: string | null;
  prerequisites: { certification: number; kind: string }[];
  prerequisiteNotes: string | null;
  lifecycle: string;
  retiresOn: string | null;
  supersededBy: number | null;
  previousCodes: string[];
  factsVerifiedAt: string | null;
  factsSource: string | null;
  aliases: string[];
  badgeClasses: string[];
}

export type StoredChange = {
  [F in RevisionField]: { field: F; before: StoredState[F]; after: StoredState[F] };
}[RevisionField];

/** A row's exam columns as the one `exam` object of answers and revisions. */
export function examOf(row: CertificationRow): ExamFacts {
  return {
    costUsd: row.examCostUsd,
    durationMinutes: row.examDurationMinutes,
    questionCount: row.examQuestionCount,
    questionCountMax: row.examQuestionCountMax,
    passingScore: row.examPassingScore,
    formats: row.examFormats,
    delivery: row.examDelivery,
  };
}

/** The state of a certification as it stands. */
export function storedState(row: CertificationRow): StoredState {
  return {
    name: row.name,
    certCode: row.certCode,
    vendor: row.vendor,
    description: row.description,
    url: row.url,
    level: row.level,
    domains: [...row.domains].sort(),
    exam: examOf(row),
    validityMonths: row.validityMonths,
    renewal: row.renewal,
    prerequisites: row.prerequisites
      .map((p) => ({ certification: p.id, kind: p.kind }))
      .sort((a, b) => a.certification - b.certification),
    prerequisiteNotes: row.prerequisiteNotes,
    lifecycle: row.lifecycle,
    retiresOn: row.retiresOn,
    supersededBy: row.supersededBy?.id ?? null,
    previousCodes: row.previousCodes,
    factsVerifiedAt: row.factsVerifiedAt,
    factsSource: row.factsSource,
    aliases: row.aliases,
    badgeClasses: row.badgeClasses,
  };
}

/**
 * The proposed values in stored form, links already resolved to ids (`resolve` answers null for a certification
 * that does not exist). Fields left out of `changes` are not in the answer.
 */
export function normalizeChanges(
  changes: RevisionChanges,
  resolve: (idOrSlug: number | string) => number | null,
): { values: Partial<StoredState>; unknownLinks: string[] } {
  const unknownLinks: string[] = [];
  const link = (ref: number | string, field: string) => {
    const id = resolve(ref);
    if (id === null) unknownLinks.push(`${field}: there is no certification ${JSON.stringify(ref)}`);
    return id ?? 0;
  };
  const values: Partial<StoredState> = {};
  for (const [field, value] of Object.entries(changes) as [RevisionField, unknown][]) {
    if (value === undefined) continue;
    switch (field) {
      case 'domains':
        values.domains = [...new Set(value as string[])].sort();
        break;
      case 'prerequisites': {
        const byId = new Map<number, string>();
        for (const p of value as { certification: number | string; kind: string }[]) {
          byId.set(link(p.certification, 'prerequisites'), p.kind);
        }
        values.prerequisites = [...byId]
          .map(([certification, kind]) => ({ certification, kind }))
          .sort((a, b) => a.certification - b.certification);
        break;
      }
      case 'supersededBy':
        values.supersededBy = value === null ? null : link(value as number | string, 'supersededBy');
        break;
      case 'previousCodes':
        values.previousCodes = [...new Set(value as string[])];
        break;
      case 'aliases':
        values.aliases = [...new Set(value as string[])];
        break;
      case 'badgeClasses':
        values.badgeClasses = [...new Set(value as string[])];
        break;
      default:
        (values as Record<string, unknown>)[field] = value;
    }
  }
  return { values, unknownLinks };
}

/** The fields whose proposed value differs from the current one, with both. */
export function diffState(current: StoredState, proposed: Partial<StoredState>): StoredChange[] {
  const changes: StoredChange[] = [];
  for (const field of Object.keys(proposed) as RevisionField[]) {
    const after = proposed[field];
    if (!isDeepStrictEqual(current[field], after)) {
      changes.push({ field, before: current[field], after } as StoredChange);
    }
  }
  return changes;
}

/** The fields whose current value is no longer what a change expected (`side` of each change). */
export function driftedFields(current: StoredState, changes: StoredChange[], side: 'before' | 'after'): string[] {
  return changes.filter((c) => !isDeepStrictEqual(current[c.field], storedValue(c.field, c[side]))).map((c) => c.field);
}

/**
 * A value as a revision stored it, in today's form: an exam stored before `questionCountMax` existed had no such
 * fact, which is the same as an unknown one.
 */
function storedValue(field: string, value: unknown): unknown {
  if (field === 'exam' && value && typeof value === 'object' && !('questionCountMax' in value)) {
    return { ...value, questionCountMax: null };
  }
  return value;
}

/** Rules between fields of the resulting state (400 messages), beyond what each field's own check says. */
export function stateProblems(id: number, state: StoredState): string[] {
  const problems: string[] = [];
  if (state.prerequisites.some((p) => p.certification === id)) {
    problems.push('prerequisites: a certification cannot be its own prerequisite');
  }
  if (state.supersededBy === id) problems.push('supersededBy: a certification cannot succeed itself');
  if (state.lifecycle !== 'ACTIVE' && !state.retiresOn) {
    problems.push('retiresOn: a retiring or retired certification needs its retirement date');
  }
  return problems;
}

/**
 * A cycle that REQUIRED prerequisites would form once `id` requires `required`: the path from `id` back to
 * itself as ids, or null. `edges` holds every other REQUIRED link (certification -> its prerequisites).
 */
export function requiredCycle(id: number, required: number[], edges: Map<number, number[]>): number[] | null {
  const graph = new Map(edges);
  graph.set(id, required);
  const path: number[] = [];
  const seen = new Set<number>();
  const walk = (node: number): boolean => {
    path.push(node);
    for (const next of graph.get(node) ?? []) {
      if (next === id) {
        path.push(id);
        return true;
      }
      if (!seen.has(next)) {
        seen.add(next);
        if (walk(next)) return true;
      }
    }
    path.pop();
    return false;
  };
  return walk(id) ? path : null;
}

/** The words a search also finds a certification by: its previous exam codes, its aliases and its domains' names. */
export function searchExtra(previousCodes: string[], domainSlugs: string[], aliases: string[] = []): string {
  const names = DOMAINS.filter((d) => domainSlugs.includes(d.slug)).map((d) => d.name);
  return [...previousCodes, ...aliases, ...names].join(' ');
}
