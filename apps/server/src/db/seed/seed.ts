import { eq } from 'drizzle-orm';
import type { Database } from '../client.js';
import { articles, resources, users } from '../schema/index.js';
import { articles as seedArticles, resources as seedResources } from './data/index.js';
import { readCatalogue } from '../../modules/catalogue-data/catalogue-files.js';
import { importItems, type ImportResult } from '../../modules/catalogue-data/catalogue-import.js';
import { systemAccount } from '../../modules/catalogue-data/import.repository.js';
import type { UpdateItem } from '../../modules/catalogue-data/catalogue-record.js';
import { findApprovedRefs } from '../../modules/catalogue/facts.repository.js';
import { rebuildCommonNextCounts } from '../../modules/paths/common-next.repository.js';

export interface SeedResult {
  certifications: number;
  /**
   * Certifications whose facts or sources the seed changed (new ones included). A fact whose last change was a
   * member's applied revision is kept; the data files' value waits for a moderator as a pending revision.
   */
  facts: number;
  resources: number;
  articles: number;
  /** The changes left for moderators. */
  pending: number;
}

/** True when nothing was ever seeded: the first start of a new database. */
export async function isEmpty(db: Database): Promise<boolean> {
  const rows = await db.select({ id: users.id }).from(users).where(eq(users.isSystem, true)).limit(1);
  return rows.length === 0;
}

/** The data files' certifications (catalogue/*.json) as items of the one apply path (catalogue-update.ts). */
function catalogueItems(): UpdateItem[] {
  return readCatalogue().flatMap(({ name, file }) =>
    file.certifications.map((c) => ({
      label: `${name}: ${c.slug}`,
      slug: c.slug,
      record: { ...c, vendor: file.vendor },
      summary: 'Brought up to date with the catalogue’s data files',
      sources: c.sources,
    })),
  );
}

/**
 * Brings the catalogue up to date with its data files, through the same path as the operator import, and adds the
 * missing resources and articles as APPROVED content of the system account. Running it again changes nothing. Last,
 * the members' common next steps are recounted (a repair that costs nothing on a new database; decision 25).
 */
export async function seedCatalogue(db: Database): Promise<SeedResult> {
  const result = await db.transaction(async (tx) => {
    const imported: ImportResult = await importItems(tx, catalogueItems());
    const systemId = await systemAccount(tx);
    const bySlug = await findApprovedRefs(
      tx,
      seedResources.map((r) => r.certificationSlug),
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
          submittedById: systemId,
        },
      ];
    });
    if (newResources.length) await tx.insert(resources).values(newResources);

    const insertedArticles = await tx
      .insert(articles)
      .values(
        seedArticles.map((a) => ({
          slug: a.slug,
          title: a.title,
          summary: a.summary,
          content: a.content,
          authorId: systemId,
          published: true,
          publishedAt: new Date(a.publishedAt),
          createdAt: new Date(a.publishedAt),
          updatedAt: new Date(a.publishedAt),
        })),
      )
      .onConflictDoNothing()
      .returning({ id: articles.id });

    return {
      certifications: imported.created,
      facts: imported.created + imported.changed + imported.confirmed,
      resources: newResources.length,
      articles: insertedArticles.length,
      pending: imported.pending,
    };
  });
  await rebuildCommonNextCounts(db);
  return result;
}

/** Counts of what the seed holds, for checks and logs. */
export const seedSize = {
  get certifications() {
    return catalogueItems().length;
  },
  resources: seedResources.length,
  articles: seedArticles.length,
};
