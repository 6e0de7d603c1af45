import { ADMIN_TEXT, type Article } from '@certitude/shared';
import type { ArticleRow } from './article.repository.js';

/** The Article of docs/api.md#shapes; the seeded articles of the system account are signed by the team. */
export function presentArticle(row: ArticleRow, { withContent = true } = {}): Article {
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    summary: row.summary,
    ...(withContent ? { content: row.content } : {}),
    author: row.authorIsSystem ? ADMIN_TEXT.teamAuthor : (row.authorName ?? null),
    published: row.published,
    publishedAt: row.publishedAt?.toISOString() ?? null,
    updatedAt: row.updatedAt.toISOString(),
  };
}
