import { desc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { articles } from '../../db/schema/index.js';

/** Published articles, for the sitemap. */
export function findPublishedArticleSlugs(db: Executor) {
  return db
    .select({ slug: articles.slug, updatedAt: articles.updatedAt })
    .from(articles)
    .where(eq(articles.published, true))
    .orderBy(desc(articles.publishedAt));
}
