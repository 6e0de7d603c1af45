import { MSG, type RevisionChanges, type SourceInput } from '@certitude/shared';
import { newestVendorSource } from '../catalogue-data/import-records.js';
import { sourcesAfter } from '../catalogue-data/fact-sources.js';
import type { Executor } from '../../db/client.js';
import { badRequest, conflict } from '../../lib/errors.js';
import { findDuplicateCertification, type CertificationRow } from './certification.repository.js';
import {
  diffState,
  normalizeChanges,
  requiredCycle,
  stateProblems,
  storedState,
  type StoredChange,
  type StoredState,
} from './facts.js';
import { findApprovedRefs, findRefs, findRequiredEdges, writeState } from './facts.repository.js';

/** What a proposed revision changes, checked, and how approved changes are written (revision.service.ts). */

/** A message's `{fields}` filled with the fields a change names. */
export const fill = (message: string, fields: string[]) => message.replace('{fields}', fields.join(', '));

/** The proposal in stored form, each rule checked: 400 naming each bad field, 409 when it changes nothing. */
export async function revisionChanges(
  db: Executor,
  row: CertificationRow,
  input: RevisionChanges,
): Promise<StoredChange[]> {
  const refs = [
    ...(input.prerequisites ?? []).map((p) => p.certification),
    ...(input.supersededBy === undefined || input.supersededBy === null ? [] : [input.supersededBy]),
  ];
  const found = await findApprovedRefs(db, refs);
  const { values, unknownLinks } = normalizeChanges(input, (ref) => found.get(String(ref).toLowerCase()) ?? null);
  if (unknownLinks.length) throw badRequest(unknownLinks.join('; '));
  const changes = diffState(storedState(row), values);
  if (!changes.length) throw conflict(MSG.revisionChangesNothing);
  await checkRevisionResult(db, row, changes);
  return changes;
}

/** The state after `changes` must hold together: no self links, dates for retirement, no REQUIRED cycle, no duplicate. */
export async function checkRevisionResult(db: Executor, row: CertificationRow, changes: StoredChange[]): Promise<void> {
  const result: StoredState = { ...storedState(row) };
  for (const c of changes) (result as unknown as Record<string, unknown>)[c.field] = c.after;
  const problems = stateProblems(row.id, result);
  if (problems.length) throw badRequest(problems.join('; '));
  if (changes.some((c) => c.field === 'prerequisites')) {
    const required = result.prerequisites.filter((p) => p.kind === 'REQUIRED').map((p) => p.certification);
    const cycle = requiredCycle(row.id, required, await findRequiredEdges(db, row.id));
    if (cycle) {
      const names = await findRefs(db, cycle);
      throw badRequest(
        `prerequisites: these required prerequisites would form a cycle: ${cycle.map((id) => names.get(id)?.name ?? `#${id}`).join(' → ')}`,
      );
    }
  }
  if (row.status === 'APPROVED' && changes.some((c) => c.field === 'name' || c.field === 'vendor')) {
    if (await findDuplicateCertification(db, result.name, result.vendor, { exceptId: row.id })) {
      throw conflict(MSG.duplicateCertification);
    }
  }
}

/**
 * Writes the changes, and what the certification's sources say of them: the revision's source names the facts it
 * changed; without one, the facts changed leave the sources that no longer support them.
 */
export async function applyRevisionChanges(
  tx: Executor,
  row: CertificationRow,
  changes: StoredChange[],
  source: SourceInput | null,
): Promise<void> {
  const values: Partial<StoredState> = {};
  for (const c of changes) (values as Record<string, unknown>)[c.field] = c.after;
  const sources = sourcesAfter(
    row.sources,
    changes.map((c) => c.field),
    source,
  );
  if (!('factsSource' in values) && !('factsVerifiedAt' in values)) {
    const newest = newestVendorSource(sources);
    if (newest && newest.url !== row.factsSource) values.factsSource = newest.url;
    if (newest && newest.retrievedOn !== row.factsVerifiedAt) values.factsVerifiedAt = newest.retrievedOn;
  }
  await writeState(tx, row.id, values, { countRevision: true, sources });
}
