import { eq } from 'drizzle-orm';
import { isDeepStrictEqual } from 'node:util';
import type { Database, Executor } from '../client.js';
import { articles, certifications, resources, users } from '../schema/index.js';
import {
  articles as seedArticles,
  certifications as seedCertifications,
  newestVendorSource,
  resources as seedResources,
  type SeedCertification,
} from './data/index.js';
import { findApprovedCertifications } from '../../modules/catalogue/certification.repository.js';
import { diffState, storedState, type StoredState } from '../../modules/catalogue/facts.js';
import { writeState } from '../../modules/catalogue/facts.repository.js';
import { findFieldsChangedByMembers } from '../../modules/catalogue/revision.repository.js';
import { rebuildCommonNextCounts } from '../../modules/paths/common-next.repository.js';

const SYSTEM_USERNAME = 'certitude';

export interface SeedResult {
  certifications: number;
  /** Certifications whose facts the seed changed (fields a member changed are kept, see fillFacts). */
  facts: number;
  resources: number;
  articles: number;
}

/** True when nothing was ever seeded: the first start of a new database. */
export async function isEmpty(db: Database): Promise<boolean> {
  const rows = await db.select({ id: users.id }).from(users).where(eq(users.isSystem, true)).limit(1);
  return rows.length === 0;
}

/**
 * Adds the catalogue as APPROVED content of the system account. Running it again adds only what is
 * missing (matched by slug, and by certification and URL for resources), so it is safe to repeat. Last, the
 * members' common next steps are recounted (a repair that costs nothing on a new database; decision 25).
 */
export async function seedCatalogue(db: Database): Promise<SeedResult> {
  const result = await addCatalogue(db);
  await rebuildCommonNextCounts(db);
  return result;
}

async function addCatalogue(db: Database): Promise<SeedResult> {
  return db.transaction(async (tx) => {
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

    const insertedCerts = await tx
      .insert(certifications)
      .values(
        seedCertifications.map((c) => ({
          slug: c.slug,
          name: c.name,
          certCode: c.certCode ?? '',
          vendor: c.vendor,
          url: c.url,
          description: c.description,
          status: 'APPROVED' as const,
          submittedById: system.id,
        })),
      )
      .onConflictDoNothing()
      .returning({ id: certifications.id });

    const bySlug = new Map(
      (await tx.select({ id: certifications.id, slug: certifications.slug }).from(certifications)).map((r) => [
        r.slug,
        r.id,
      ]),
    );
    const existing = new Set(
      (await tx.select({ certificationId: resources.certificationId, url: resources.url }).from(resources)).map(
        (r) => `${r.certificationId} ${r.url}`,
      ),
    );
    const newResources = seedResources.flatMap((r) => {
      const certificationId = bySlug.get(r.certificationSlug);
      if (!certificationId || existing.has(`${certificationId} ${r.url}`)) return [];
      return [
        {
          certificationId,
          name: r.name,
          description: r.description,
          url: r.url,
          type: r.type,
          isPaid: r.paid,
          status: 'APPROVED' as const,
          submittedById: system.id,
        },
      ];
    });
    if (newResources.length) await tx.insert(resources).values(newResources);
    const facts = await fillFacts(tx, system.id, bySlug);

    const insertedArticles = await tx
      .insert(articles)
      .values(
        seedArticles.map((a) => ({
          slug: a.slug,
          title: a.title,
          summary: a.summary,
          content: a.content,
          authorId: system.id,
          published: true,
          publishedAt: new Date(a.publishedAt),
          createdAt: new Date(a.publishedAt),
          updatedAt: new Date(a.publishedAt),
        })),
      )
      .onConflictDoNothing()
      .returning({ id: articles.id });

    return {
      certifications: insertedCerts.length,
      facts,
      resources: newResources.length,
      articles: insertedArticles.length,
    };
  });
}

/** A data file's facts in the form revisions store them; links by slug become ids (unknown ones are left out). */
function storedFacts(f: SeedCertification, bySlug: Map<string, number>): Partial<StoredState> {
  const source = newestVendorSource(f);
  return {
    level: f.level,
    domains: [...f.domains].sort(),
    exam: { ...f.exam },
    validityMonths: f.validityMonths,
    renewal: f.renewal,
    prerequisites: f.prerequisites
      .flatMap((p) => {
        const id = bySlug.get(p.slug);
        return id ? [{ certification: id, kind: p.kind }] : [];
      })
      .sort((a, b) => a.certification - b.certification),
    prerequisiteNotes: f.prerequisiteNotes,
    lifecycle: f.lifecycle,
    retiresOn: f.retiresOn,
    supersededBy: (f.supersededBy && bySlug.get(f.supersededBy)) || null,
    previousCodes: f.previousCodes,
    aliases: f.aliases,
    badgeClasses: f.badgeClasses,
    factsVerifiedAt: source?.retrievedOn ?? null,
    factsSource: source?.url ?? null,
  };
}

/**
 * Writes the seed's facts into the catalogue's certifications, old rows included, except the fields that a
 * member's applied revision changed: the community's correction wins over the shipped value.
 */
async function fillFacts(tx: Executor, systemId: number, bySlug: Map<string, number>): Promise<number> {
  const changedByMembers = await findFieldsChangedByMembers(tx, systemId);
  const current = new Map((await findApprovedCertifications(tx)).map((row) => [row.id, row]));
  let written = 0;
  for (const f of seedCertifications) {
    const id = bySlug.get(f.slug);
    const row = id === undefined ? undefined : current.get(id);
    if (id === undefined || !row) continue;
    const values = storedFacts(f, bySlug);
    for (const field of changedByMembers.get(id) ?? []) delete values[field as keyof StoredState];
    // Only what differs is written: a second run leaves rows (and their updatedAt) alone.
    const changes = diffState(storedState(row), values);
    const sourcesChanged = !isDeepStrictEqual(row.sources, f.sources);
    if (!changes.length && !sourcesChanged) continue;
    await writeState(tx, id, Object.fromEntries(changes.map((c) => [c.field, c.after])), { countRevision: false });
    if (sourcesChanged) await tx.update(certifications).set({ sources: f.sources }).where(eq(certifications.id, id));
    written++;
  }
  return written;
}

/** Counts of what the seed holds, for checks and logs. */
export const seedSize = {
  certifications: seedCertifications.length,
  facts: seedCertifications.length,
  resources: seedResources.length,
  articles: seedArticles.length,
};
