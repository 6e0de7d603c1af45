import type { FactSource } from '@certitude/shared';
import { inArray } from 'drizzle-orm';
import { isDeepStrictEqual } from 'node:util';
import type { Executor } from '../../db/client.js';
import { certifications } from '../../db/schema/index.js';
import {
  findApprovedCertifications,
  insertRevisions,
  writeState,
  type NewRevision,
} from '../catalogue/certification.service.js';
import { diffState, storedState, type StoredState } from '../catalogue/facts.js';
import { UpdateError, type CatalogueRecord, type UpdateItem } from './catalogue-record.js';
import { describe, newestVendorSource, recordOf, sourceFor, storedOf } from './import-records.js';
import { fieldsSetByMembers, insertNew, systemAccount, systemProposals } from './import.repository.js';
import { applyItems } from './catalogue-update.js';
import { factsOfField, mergeSource } from './fact-sources.js';

/*
 * The database side of the one apply path (docs/catalogue.md#updating): the operator import and the seed bring the
 * catalogue's certifications to what the items say, in the caller's transaction. A new certification is added with
 * its facts; each real change to one becomes an APPLIED revision of the system account with its source; a fact whose
 * last applied change was a member's is left as it is and the change waits, PENDING, for a moderator.
 */

export interface ImportResult {
  /** What changed (or would), one line each. */
  lines: string[];
  created: number;
  /** Certifications whose facts changed: one APPLIED revision each. */
  changed: number;
  /** Changes left for moderators because a member's applied revision set the fact. */
  pending: number;
  /** Certifications whose facts stay and only the sources say they were read again. */
  confirmed: number;
}

/**
 * Brings the database's catalogue to what the items say, in the given transaction (the caller's: all or nothing).
 * Throws UpdateError naming each item and field when one is refused; nothing is written then.
 */
export async function importItems(tx: Executor, items: UpdateItem[]): Promise<ImportResult> {
  const systemId = await systemAccount(tx);
  const rows = await findApprovedCertifications(tx);
  const catalogue = new Map<string, CatalogueRecord>();
  const ids = new Map<string, number>();
  for (const row of rows) {
    catalogue.set(row.slug, { ...recordOf(row), slug: row.slug });
    ids.set(row.slug, row.id);
  }
  const { outcomes } = applyItems(
    catalogue,
    items.map((i) => (i.record?.unsourced ? { ...i, record: { ...i.record, unsourced: undefined } } : i)),
  );

  // A new slug must be free: a member's pending or rejected submission may hold it.
  const newOnes = outcomes.filter((o) => o.kind === 'new');
  if (newOnes.length) {
    const taken = await tx
      .select({ slug: certifications.slug })
      .from(certifications)
      .where(
        inArray(
          certifications.slug,
          newOnes.map((o) => o.item.slug),
        ),
      );
    if (taken.length) {
      const slugs = new Set(taken.map((t) => t.slug));
      throw new UpdateError(
        newOnes
          .filter((o) => slugs.has(o.item.slug))
          .map((o) => `${o.item.label}: slug: ${o.item.slug} is taken by a certification awaiting review or refused`),
      );
    }
    await insertNew(tx, systemId, newOnes, ids);
  }

  const members = await fieldsSetByMembers(tx, systemId);
  const proposals = await systemProposals(
    tx,
    systemId,
    outcomes.filter((o) => o.kind === 'change').map((o) => ids.get(o.item.slug)!),
  );
  const state = new Map<number, { stored: StoredState; revision: number; sources: FactSource[] }>();
  for (const row of rows) state.set(row.id, { stored: storedState(row), revision: row.revision, sources: row.sources });

  const result: ImportResult = { lines: [], created: 0, changed: 0, pending: 0, confirmed: 0 };
  const changedIds = new Set<number>();
  const writes = new Map<number, { values: Partial<StoredState>; revisions: number; sources?: FactSource[] }>();
  const revisions: NewRevision[] = [];
  for (const outcome of outcomes) {
    if (outcome.kind === 'none') continue;
    const id = ids.get(outcome.item.slug)!;
    if (outcome.kind === 'new') {
      result.created++;
      result.lines.push(`new      ${outcome.item.slug} (${outcome.after.vendor}): ${outcome.after.name}`);
      continue;
    }
    const current = state.get(id)!;
    const proposed = storedOf(outcome.after, ids);
    const changes = diffState(current.stored, proposed);
    const setByMembers = members.get(id) ?? new Set<string>();
    const applied = changes.filter((c) => !setByMembers.has(c.field));
    const held = changes.filter((c) => setByMembers.has(c.field));
    const heldFacts = new Set(held.flatMap((c) => factsOfField(c.field)));

    let sources = current.sources;
    for (const s of [...outcome.item.sources].sort((a, b) => a.retrievedOn.localeCompare(b.retrievedOn))) {
      const fields = s.fields.filter((f) => !heldFacts.has(f));
      if (fields.length) sources = mergeSource(sources, { ...s, fields });
    }
    const newest = newestVendorSource(sources);
    const values: Partial<StoredState> = Object.fromEntries(applied.map((c) => [c.field, c.after]));
    if ((newest?.url ?? null) !== current.stored.factsSource) values.factsSource = newest?.url ?? null;
    if ((newest?.retrievedOn ?? null) !== current.stored.factsVerifiedAt) {
      values.factsVerifiedAt = newest?.retrievedOn ?? null;
    }
    if (applied.length) {
      const facts = applied.flatMap((c) => factsOfField(c.field));
      revisions.push({
        certificationId: id,
        authorId: systemId,
        summary: outcome.item.summary,
        changes: applied,
        status: 'APPLIED',
        baseRevision: current.revision,
        decidedById: systemId,
        source: sourceFor(outcome.item, facts),
      });
      result.changed += changedIds.has(id) ? 0 : 1;
      changedIds.add(id);
      result.lines.push(
        `change   ${outcome.item.slug}: ${outcome.changed
          .filter((f) => !heldFacts.has(f))
          .map((f) => `${f} ${describe(outcome.before!, outcome.after, f)}`)
          .join('; ')}`,
      );
    }
    const sourcesChanged = !isDeepStrictEqual(sources, current.sources);
    if (Object.keys(values).length || sourcesChanged) {
      // Written once per certification, after every entry: the values of the last, each entry's revision kept.
      const write = writes.get(id) ?? { values: {}, revisions: 0 };
      Object.assign(write.values, values);
      write.revisions += applied.length ? 1 : 0;
      if (sourcesChanged) write.sources = sources;
      writes.set(id, write);
    }
    if (sourcesChanged) {
      if (!applied.length && !held.length) {
        result.confirmed++;
        result.lines.push(
          `confirm  ${outcome.item.slug}: read again on ${outcome.item.sources[0]?.retrievedOn ?? '—'}`,
        );
      }
    }
    if (held.length) {
      const seen = (proposals.get(id) ?? []).some((p) => isDeepStrictEqual(p, held));
      if (!seen) {
        revisions.push({
          certificationId: id,
          authorId: systemId,
          summary: outcome.item.summary,
          changes: held,
          status: 'PENDING',
          baseRevision: current.revision + (applied.length ? 1 : 0),
          source: sourceFor(
            outcome.item,
            held.flatMap((c) => factsOfField(c.field)),
          ),
        });
        proposals.set(id, [...(proposals.get(id) ?? []), held]);
        result.pending++;
        result.lines.push(
          `conflict ${outcome.item.slug}: ${held.map((c) => c.field).join(', ')} stay as a member set them; the change waits for a moderator`,
        );
      }
    }
    const stored = { ...current.stored, ...values } as StoredState;
    state.set(id, { stored, revision: current.revision + (applied.length ? 1 : 0), sources });
  }
  for (const [id, write] of writes) {
    await writeState(tx, id, write.values, {
      countRevision: write.revisions,
      ...(write.sources ? { sources: write.sources } : {}),
    });
  }
  await insertRevisions(tx, revisions);
  return result;
}
