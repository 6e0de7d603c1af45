import type { FactSource } from '@certitude/shared';
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { certificationDomains, certificationPrerequisites, certifications, domains } from '../../db/schema/index.js';
import { followValidity } from '../members/tracker.service.js';
import type { StoredState } from './facts.js';
import { searchExtra } from './facts.js';
import { factColumns, type Ref } from './fact-columns.js';

/** Writes the given fields of a certification's state (and only those), then its search words and `revision`. */
export async function writeState(
  db: Executor,
  id: number,
  values: Partial<StoredState>,
  /** countRevision: the applied revisions the write stands for (true: one). */
  options: { countRevision: boolean | number; sources?: FactSource[] },
): Promise<void> {
  const columns: Partial<typeof certifications.$inferInsert> = {};
  const copy = <K extends keyof StoredState>(field: K, apply: (v: StoredState[K]) => void) => {
    if (field in values) apply(values[field] as StoredState[K]);
  };
  copy('name', (v) => (columns.name = v));
  copy('certCode', (v) => (columns.certCode = v));
  copy('vendor', (v) => (columns.vendor = v));
  copy('description', (v) => (columns.description = v));
  copy('url', (v) => (columns.url = v));
  copy('level', (v) => (columns.level = v as typeof columns.level));
  copy('exam', (v) => {
    columns.examCostUsd = v.costUsd;
    columns.examDurationMinutes = v.durationMinutes;
    columns.examQuestionCount = v.questionCount;
    columns.examQuestionCountMax = v.questionCountMax;
    columns.examPassingScore = v.passingScore;
    columns.examFormats = v.formats;
    columns.examDelivery = v.delivery;
  });
  copy('validityMonths', (v) => (columns.validityMonths = v));
  copy('renewal', (v) => (columns.renewal = v));
  copy('prerequisiteNotes', (v) => (columns.prerequisiteNotes = v));
  copy('lifecycle', (v) => (columns.lifecycle = v as typeof columns.lifecycle));
  copy('retiresOn', (v) => (columns.retiresOn = v));
  copy('supersededBy', (v) => (columns.supersededById = v));
  copy('previousCodes', (v) => (columns.previousCodes = v));
  copy('factsVerifiedAt', (v) => (columns.factsVerifiedAt = v));
  copy('factsSource', (v) => (columns.factsSource = v));
  copy('aliases', (v) => (columns.aliases = v));
  copy('badgeClasses', (v) => (columns.badgeClasses = v));

  if (values.domains) {
    await db.delete(certificationDomains).where(eq(certificationDomains.certificationId, id));
    if (values.domains.length) {
      const rows = await db.select({ id: domains.id }).from(domains).where(inArray(domains.slug, values.domains));
      await db.insert(certificationDomains).values(rows.map((d) => ({ certificationId: id, domainId: d.id })));
    }
  }
  if (values.prerequisites) {
    await db.delete(certificationPrerequisites).where(eq(certificationPrerequisites.certificationId, id));
    if (values.prerequisites.length) {
      await db.insert(certificationPrerequisites).values(
        values.prerequisites.map((p) => ({
          certificationId: id,
          prerequisiteId: p.certification,
          kind: p.kind as 'REQUIRED' | 'RECOMMENDED',
        })),
      );
    }
  }
  if (values.domains || values.previousCodes || values.aliases) {
    const [row] = await db
      .select({
        previousCodes: certifications.previousCodes,
        aliases: certifications.aliases,
        domains: factColumns.domains,
      })
      .from(certifications)
      .where(eq(certifications.id, id));
    columns.searchExtra = searchExtra(
      values.previousCodes ?? row?.previousCodes ?? [],
      values.domains ?? row?.domains ?? [],
      values.aliases ?? row?.aliases ?? [],
    );
  }
  await db
    .update(certifications)
    .set({
      ...columns,
      ...(options.sources ? { sources: options.sources } : {}),
      updatedAt: sql`now()`,
      ...(options.countRevision
        ? { revision: sql`${certifications.revision} + ${Number(options.countRevision)}` }
        : {}),
    })
    .where(eq(certifications.id, id));
  // Members' held entries that follow the validity follow it here, in the same transaction (approved revisions,
  // reverts and the catalogue's import all write through this function).
  if ('validityMonths' in values) await followValidity(db, id);
}

/** Every REQUIRED prerequisite link but those of `exceptId`: certification -> the ones it requires. */
export async function findRequiredEdges(db: Executor, exceptId: number): Promise<Map<number, number[]>> {
  const rows = await db
    .select({ from: certificationPrerequisites.certificationId, to: certificationPrerequisites.prerequisiteId })
    .from(certificationPrerequisites)
    .where(
      and(eq(certificationPrerequisites.kind, 'REQUIRED'), ne(certificationPrerequisites.certificationId, exceptId)),
    );
  const edges = new Map<number, number[]>();
  for (const r of rows) edges.set(r.from, [...(edges.get(r.from) ?? []), r.to]);
  return edges;
}

/** Certifications by id, for links and names in answers. */
export async function findRefs(db: Executor, ids: number[]): Promise<Map<number, Ref & { status: string }>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({
      id: certifications.id,
      slug: certifications.slug,
      name: certifications.name,
      status: certifications.status,
    })
    .from(certifications)
    .where(inArray(certifications.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.id, r]));
}

/** Approved certifications named by id or slug: the ids found, by the given reference. */
export async function findApprovedRefs(db: Executor, refs: (number | string)[]): Promise<Map<string, number>> {
  const ids = refs
    .filter((r) => typeof r === 'number' || /^\d+$/.test(r))
    .map(Number)
    .filter((n) => n <= 2_147_483_647);
  const slugs = refs.filter((r): r is string => typeof r === 'string' && !/^\d+$/.test(r)).map((s) => s.toLowerCase());
  if (!ids.length && !slugs.length) return new Map();
  const rows = await db
    .select({ id: certifications.id, slug: certifications.slug })
    .from(certifications)
    .where(
      and(
        eq(certifications.status, 'APPROVED'),
        sql`(${ids.length ? inArray(certifications.id, ids) : sql`false`} or ${slugs.length ? inArray(certifications.slug, slugs) : sql`false`})`,
      ),
    );
  const found = new Map<string, number>();
  for (const r of rows) {
    found.set(String(r.id), r.id);
    found.set(r.slug, r.id);
  }
  return found;
}

/** The taxonomy with the number of approved certifications still on offer (not retired) in each domain. */
export async function findDomainCounts(db: Executor) {
  return db
    .select({
      slug: domains.slug,
      name: domains.name,
      certificationCount: sql<number>`count(${certifications.id})::int`,
    })
    .from(domains)
    .leftJoin(certificationDomains, eq(certificationDomains.domainId, domains.id))
    .leftJoin(
      certifications,
      and(
        eq(certifications.id, certificationDomains.certificationId),
        eq(certifications.status, 'APPROVED'),
        ne(certifications.lifecycle, 'RETIRED'),
      ),
    )
    .groupBy(domains.id)
    .orderBy(domains.id);
}
