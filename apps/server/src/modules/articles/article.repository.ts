import { desc, eq, like, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { articles, users } from '../../db/schema/index.js';

const articleColumns = {
  id: articles.id,
  slug: articles.slug,
  title: articles.title,
  summary: articles.summary,
  content: articles.content,
  published: articles.published,
  publishedAt: articles.publishedAt,
  updatedAt: articles.updatedAt,
  authorName: users.username,
  authorIsSystem: users.isSystem,
};

export type ArticleRow = Awaited<ReturnType<typeof findArticleBySlug>> & object;

/** Published articles newest first, or every article (drafts first) for the editors. */
export function findArticles(db: Executor, { drafts }: { drafts: boolean }) {
  const query = db.select(articleColumns).from(articles).leftJoin(users, eq(users.id, articles.authorId));
  return (drafts ? query : query.where(eq(articles.published, true))).orderBy(
    sql`${articles.publishedAt} desc nulls first`,
    desc(articles.id),
  );
}

export async function findArticleBySlug(db: Executor, slug: string) {
  const rows = await db
    .select(articleColumns)
    .from(articles)
    .leftJoin(users, eq(users.id, articles.authorId))
    .where(eq(articles.slug, slug))
    .limit(1);
  return rows[0];
}

export async function findArticleById(db: Executor, id: number) {
  const rows = await db
    .select(articleColumns)
    .from(articles)
    .leftJoin(users, eq(users.id, articles.authorId))
    .where(eq(articles.id, id))
    .limit(1)
    .for('update', { of: articles });
  return rows[0];
}

export async function findArticleSlugsLike(db: Executor, base: string): Promise<string[]> {
  const rows = await db
    .select({ slug: articles.slug })
    .from(articles)
    .where(or(eq(articles.slug, base), like(articles.slug, `${base}-%`)));
  return rows.map((r) => r.slug);
}

export type ArticleValues = Pick<
  typeof articles.$inferInsert,
  'slug' | 'title' | 'summary' | 'content' | 'published' | 'publishedAt'
>;

export async function insertArticle(db: Executor, values: ArticleValues & { authorId: number }): Promise<number> {
  const [row] = await db.insert(articles).values(values).returning({ id: articles.id });
  if (!row) throw new Error('insert returned no row');
  return row.id;
}

export async function updateArticle(db: Executor, id: number, values: ArticleValues): Promise<void> {
  await db
    .update(articles)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(articles.id, id));
}

export async function deleteArticle(db: Executor, id: number): Promise<void> {
  await db.delete(articles).where(eq(articles.id, id));
}
