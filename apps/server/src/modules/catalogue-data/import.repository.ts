import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import {
  certificationDomains,
  certificationPrerequisites,
  certificationRevisions,
  certifications,
  domains,
  users,
} from '../../db/schema/index.js';
import { searchExtra, type StoredChange } from '../catalogue/facts.js';
import type { Outcome } from './catalogue-record.js';
import { newestVendorSource } from './import-records.js';

/* The import's queries: the system account, what members and the system already changed, new certifications. */

const SYSTEM_USERNAME = 'certitude';

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

/** For each certification, the fields whose last applied change was not the system account's. */
export async function fieldsSetByMembers(tx: Executor, systemId: number): Promise<Map<number, Set<string>>> {
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
export async function systemProposals(
  tx: Executor,
  systemId: number,
  ids: number[],
): Promise<Map<number, StoredChange[][]>> {
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

/**
 * New certifications with their facts and sources, in a few statements whatever their number, and without a
 * revision: like an approved submission, a certification's history starts when it is there.
 */
export async function insertNew(
  tx: Executor,
  systemId: number,
  outcomes: Outcome[],
  ids: Map<string, number>,
): Promise<void> {
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
