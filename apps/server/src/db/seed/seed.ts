import { eq } from 'drizzle-orm';
import type { Database } from '../client.js';
import { articles, certifications, resources, users } from '../schema/index.js';
import {
  articles as seedArticles,
  certifications as seedCertifications,
  resources as seedResources,
} from './data/index.js';

const SYSTEM_USERNAME = 'certitude';

export interface SeedResult {
  certifications: number;
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
 * missing (matched by slug, and by certification and URL for resources), so it is safe to repeat.
 */
export async function seedCatalogue(db: Database): Promise<SeedResult> {
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
          certCode: c.certCode,
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

    return { certifications: insertedCerts.length, resources: newResources.length, articles: insertedArticles.length };
  });
}

/** Counts of what the seed holds, for checks and logs. */
export const seedSize = {
  certifications: seedCertifications.length,
  resources: seedResources.length,
  articles: seedArticles.length,
};
