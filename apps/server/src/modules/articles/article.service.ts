import { can, MSG, slugify, type Article, type ModerationAction } from '@certitude/shared';
import type { z } from 'zod';
import type { articleRequestSchema } from '@certitude/shared';
import type { Database, Executor } from '../../db/client.js';
import { conflict, notFound } from '../../lib/errors.js';
import type { Viewer } from '../../plugins/auth.js';
import { uniqueViolation } from '../../db/unique-violation.js';
import { logModeration } from '../moderation/moderation-log.service.js';
import { presentArticle } from './article.presenter.js';
import {
  deleteArticle,
  findArticleById,
  findArticleBySlug,
  findArticles,
  findArticleSlugsLike,
  insertArticle,
  updateArticle,
} from './article.repository.js';

export type ArticleInput = z.output<typeof articleRequestSchema>;

/** Editorial articles: anyone reads the published ones; moderators and admins write, on the record. */
export class ArticleService {
  constructor(private readonly db: Database) {}

  /** Published articles, newest first, without their bodies. */
  async list(): Promise<Article[]> {
    return (await findArticles(this.db, { drafts: false })).map((r) => presentArticle(r, { withContent: false }));
  }

  /** Every article with its body, drafts included, for the editors of the admin panel. */
  async listForEditors(): Promise<Article[]> {
    return (await findArticles(this.db, { drafts: true })).map((r) => presentArticle(r));
  }

  /** A published article; a draft only to moderators. */
  async get(slug: string, viewer?: Viewer): Promise<Article | null> {
    const row = await findArticleBySlug(this.db, slug.toLowerCase());
    if (!row || (!row.published && !can(viewer, 'moderate'))) return null;
    return presentArticle(row);
  }

  async create(input: ArticleInput, viewer: Viewer): Promise<Article> {
    const id = await this.db.transaction(async (tx) => {
      const slug = input.slug ?? (await this.freeSlug(tx, input.title));
      if (input.slug && (await findArticleBySlug(tx, input.slug))) throw conflict(MSG.articleSlugTaken);
      const newId = await this.guardSlug(() =>
        insertArticle(tx, {
          slug,
          title: input.title,
          summary: input.summary,
          content: input.content,
          published: input.published,
          publishedAt: input.published ? new Date() : null,
          authorId: viewer.id,
        }),
      );
      await this.record(tx, viewer, input.published ? 'PUBLISH_ARTICLE' : 'EDIT_ARTICLE', newId, input.title);
      return newId;
    });
    return this.byId(id);
  }

  /** Replaces the article; the slug stays unless a new one is given; publishing first stamps publishedAt. */
  async update(id: number, input: ArticleInput, viewer: Viewer): Promise<Article> {
    await this.db.transaction(async (tx) => {
      const row = await findArticleById(tx, id);
      if (!row) throw notFound(MSG.articleNotFound);
      const slug = input.slug ?? row.slug;
      if (slug !== row.slug && (await findArticleBySlug(tx, slug))) throw conflict(MSG.articleSlugTaken);
      const publishedAt = input.published ? (row.publishedAt ?? new Date()) : null;
      await this.guardSlug(() =>
        updateArticle(tx, id, {
          slug,
          title: input.title,
          summary: input.summary,
          content: input.content,
          published: input.published,
          publishedAt,
        }),
      );
      const action = input.published && !row.published ? 'PUBLISH_ARTICLE' : 'EDIT_ARTICLE';
      await this.record(tx, viewer, action, id, input.title);
    });
    return this.byId(id);
  }

  async remove(id: number, viewer: Viewer): Promise<void> {
    await this.db.transaction(async (tx) => {
      const row = await findArticleById(tx, id);
      if (!row) throw notFound(MSG.articleNotFound);
      await deleteArticle(tx, id);
      await this.record(tx, viewer, 'DELETE_ARTICLE', id, row.title);
    });
  }

  private async byId(id: number): Promise<Article> {
    const row = await findArticleById(this.db, id);
    if (!row) throw notFound(MSG.articleNotFound);
    return presentArticle(row);
  }

  private record(tx: Executor, viewer: Viewer, action: ModerationAction, itemId: number, label: string) {
    return logModeration(tx, {
      moderatorId: viewer.id,
      moderatorUsername: viewer.username,
      action,
      itemType: 'article',
      itemId,
      itemLabel: label,
      reason: null,
    });
  }

  /** Two editors may race for one slug: the unique index decides and the loser hears 409. */
  private async guardSlug<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (err) {
      if (uniqueViolation(err) === 'articles_slug_key') throw conflict(MSG.articleSlugTaken);
      throw err;
    }
  }

  private async freeSlug(db: Executor, title: string): Promise<string> {
    let base = slugify(title).slice(0, 70).replace(/-+$/, '') || 'article';
    if (/^\d+$/.test(base)) base = `article-${base}`;
    const taken = new Set(await findArticleSlugsLike(db, base));
    if (!taken.has(base)) return base;
    for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
  }
}
