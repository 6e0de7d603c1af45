import type { FactName, FactSource, SourceInput } from '@certitude/shared';
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import { isDeepStrictEqual } from 'node:util';
import type { Executor } from '../../db/client.js';
import {
  certificationDomains,
  certificationPrerequisites,
  certificationRevisions,
  certifications,
  domains,
  users,
} from '../../db/schema/index.js';
import { findApprovedCertifications, type CertificationRow } from '../catalogue/certification.repository.js';
import { diffState, searchExtra, storedState, type StoredChange, type StoredState } from '../catalogue/facts.js';
import { writeState } from '../catalogue/facts.repository.js';
import { insertRevisions, type NewRevision } from '../catalogue/revision.repository.js';
import {
  applyItems,
  factsOfField,
  mergeSource,
  UpdateError,
  type CatalogueRecord,
  type Outcome,
  type UpdateItem,
} from './catalogue-update.js';

/*
 * The database side of the one apply path (docs/catalogue.md#updating): the operator import and the seed bring the
 * catalogue's certifications to what the items say, in the caller's transaction. A new certification is added with
 * its facts; each real change to one becomes an APPLIED revision of the system account with its source; a fact whose
 * last applied change was a member's is left as it is and the change waits, PENDING, for a moderator.
 */

const SYSTEM_USERNAME = 'certitude';

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

/** The system account, created on first use: author of the catalogue and of its imported changes. */
export async function systemAccount(tx: Executor): Promise<number> {
  await tx
    .insert(users)
    .values({
      username: SYSTEM_USERNAME,
      email: 'team@certitude.local',
      role: 'USER',
      emailVerified: true,
      isSystem: true,
    })
    .onConflictDoNothing();
  const [system] = await tx.select({ id: users.id }).from(users).where(eq(users.isSystem, true)).limit(1);
  if (!system) throw new Error('The system account could not be created');
  return system.id;
}

/** An approved certification as the data files write it (links by slug). */
function recordOf(row: CertificationRow): CatalogueRecord {
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
function storedOf(r: CatalogueRecord, ids: Map<string, number>): Omit<StoredState, 'factsSource' | 'factsVerifiedAt'> {
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

/** For each certification, the fields whose last applied change was not the system account's. */
async function fieldsSetByMembers(tx: Executor, systemId: number): Promise<Map<number, Set<string>>> {
  const rows = await tx
    .select({
      certificationId: certificationRevisions.certificationId,
      authorId: certificationRevisions.authorId,
      changes: sql<StoredChange[]>`${certificationRevisions.changes}`,
    })
    .from(certificationRevisions)
    .where(eq(certificationRevisions.status, 'APPLIED'))
    .orderBy(certificationRevisions.id);
  const last = new Map<number, Map<string, number | null>>();
  for (const r of rows) {
    const fields = last.get(r.certificationId) ?? new Map<string, number | null>();
    for (const c of r.changes) fields.set(c.field, r.authorId);
    last.set(r.certificationId, fields);
  }
  const out = new Map<number, Set<string>>();
  for (const [id, fields] of last) {
    out.set(id, new Set([...fields].filter(([, author]) => author !== systemId).map(([field]) => field)));
  }
  return out;
}

/** Changes the system account already proposed or saw rejected: proposing them again would only repeat them. */
async function systemProposals(tx: Executor, systemId: number, ids: number[]): Promise<Map<number, StoredChange[][]>> {
  if (!ids.length) return new Map();
  const rows = await tx
    .select({
      certificationId: certificationRevisions.certificationId,
      changes: sql<StoredChange[]>`${certificationRevisions.changes}`,
    })
    .from(certificationRevisions)
    .where(
      and(
        eq(certificationRevisions.authorId, systemId),
        ne(certificationRevisions.status, 'APPLIED'),
        inArray(certificationRevisions.certificationId, ids),
      ),
    );
  const out = new Map<number, StoredChange[][]>();
  for (const r of rows) out.set(r.certificationId, [...(out.get(r.certificationId) ?? []), r.changes]);
  return out;
}

const show = (v: unknown) => {
  const s = JSON.stringify(v) ?? 'null';
  return s.length > 60 ? `${s.slice(0, 57)}…` : s;
};

/** The newest of the item's sources that names one of the facts: the source a revision records. */
function sourceFor(item: UpdateItem, facts: FactName[]): SourceInput | null {
  const naming = item.sources.filter((s) => s.fields.some((f) => facts.includes(f)));
  const newest = naming.reduce<FactSource | null>((a, b) => (!a || b.retrievedOn > a.retrievedOn ? b : a), null);
  return newest && { url: newest.url, kind: newest.kind, retrievedOn: newest.retrievedOn };
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

function describe(before: CatalogueRecord, after: CatalogueRecord, fact: FactName): string {
  const get = (r: CatalogueRecord) => {
    if (fact.startsWith('exam.')) return r.exam[fact.slice(5) as keyof CatalogueRecord['exam']];
    return (r as unknown as Record<string, unknown>)[fact];
  };
  return `${show(get(before))} → ${show(get(after))}`;
}

/**
 * New certifications with their facts and sources, in a few statements whatever their number, and without a
 * revision: like an approved submission, a certification's history starts when it is there.
 */
async function insertNew(tx: Executor, systemId: number, outcomes: Outcome[], ids: Map<string, number>): Promise<void> {
  const rows = outcomes.map(({ after: r }) => {
    const newest = newestVendorSource(r.sources);
    return {
      slug: r.slug,
      name: r.name,
      certCode: r.certCode ?? '',
      vendor: r.vendor,
      url: r.url,
      description: r.description,
      status: 'APPROVED' as const,
      submittedById: systemId,
      level: r.level,
      examCostUsd: r.exam.costUsd,
      examDurationMinutes: r.exam.durationMinutes,
      examQuestionCount: r.exam.questionCount,
      examQuestionCountMax: r.exam.questionCountMax,
      examPassingScore: r.exam.passingScore,
      examFormats: r.exam.formats,
      examDelivery: r.exam.delivery,
      validityMonths: r.validityMonths,
      renewal: r.renewal,
      prerequisiteNotes: r.prerequisiteNotes,
      lifecycle: r.lifecycle,
      retiresOn: r.retiresOn,
      previousCodes: r.previousCodes,
      aliases: r.aliases,
      badgeClasses: r.badgeClasses,
      sources: r.sources,
      factsSource: newest?.url ?? null,
      factsVerifiedAt: newest?.retrievedOn ?? null,
      searchExtra: searchExtra(r.previousCodes, r.domains, r.aliases),
    };
  });
  const inserted = await tx
    .insert(certifications)
    .values(rows)
    .returning({ id: certifications.id, slug: certifications.slug });
  for (const r of inserted) ids.set(r.slug, r.id);

  const domainIds = new Map((await tx.select().from(domains)).map((d) => [d.slug, d.id]));
  const domainRows = outcomes.flatMap(({ after: r }) =>
    r.domains.map((d) => ({ certificationId: ids.get(r.slug)!, domainId: domainIds.get(d)! })),
  );
  if (domainRows.length) await tx.insert(certificationDomains).values(domainRows);
  const prerequisiteRows = outcomes.flatMap(({ after: r }) =>
    r.prerequisites.map((p) => ({ certificationId: ids.get(r.slug)!, prerequisiteId: ids.get(p.slug)!, kind: p.kind })),
  );
  if (prerequisiteRows.length) await tx.insert(certificationPrerequisites).values(prerequisiteRows);
  for (const { after: r } of outcomes) {
    if (!r.supersededBy) continue;
    await tx
      .update(certifications)
      .set({ supersededById: ids.get(r.supersededBy)! })
      .where(eq(certifications.id, ids.get(r.slug)!));
  }
}
