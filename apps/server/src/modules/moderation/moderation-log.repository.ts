import type { ModerationAction, ModerationEntry } from '@certitude/shared';
import { and, desc, eq, lt, sql } from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.js';
import { articles, certifications, comments, moderationLog, resources, users } from '../../db/schema/index.js';
import { suspendedAt } from './suspension.repository.js';

export interface NewModerationEntry {
  /** Null when no moderator acted: an item hidden by members' flags (HIDE_FLAGGED). */
  moderatorId: number | null;
  moderatorUsername: string | null;
  action: ModerationAction;
  itemType: string;
  itemId: number;
  itemLabel: string | null;
  /** The certification of a removed comment or a decided resource (the public log names it). */
  certificationId?: number | null;
  reason: string | null;
  /** When it happened by the app's clock; left out: the database's. */
  createdAt?: Date;
}

/** Appends one action; the table refuses UPDATE and DELETE, so the record can only grow. */
export async function appendModerationEntry(db: Executor, entry: NewModerationEntry): Promise<void> {
  await db.insert(moderationLog).values(entry);
}

export async function findModerationEntries(db: Executor, limit: number): Promise<ModerationEntry[]> {
  const rows = await db
    .select()
    .from(moderationLog)
    .orderBy(desc(moderationLog.createdAt), desc(moderationLog.id))
    .limit(limit);
  return rows.map((r) => ({
    id: r.id,
    action: r.action as ModerationAction,
    moderator: r.moderatorUsername,
    itemType: r.itemType,
    itemId: r.itemId,
    itemLabel: r.itemLabel,
    reason: r.reason,
    createdAt: r.createdAt.toISOString(),
  }));
}

/**
 * A page of the log, newest first, with what the public log needs to know of each target now: the certification,
 * resource, comment, article or account it names, joined when it still exists (docs/product.md#moderation-log-page).
 * The item label is read too, but the presenter decides what of it may be shown.
 */
export async function findPublicModerationPage(db: Executor, query: { limit: number; cursor?: number }, now: Date) {
  const e = moderationLog;
  const cert = alias(certifications, 'log_certification');
  const parent = alias(certifications, 'log_parent_certification');
  const itemIs = (type: string, id: AnyPgColumn) => and(eq(e.itemType, type), eq(id, e.itemId));
  return db
    .select({
      id: e.id,
      action: e.action,
      moderator: e.moderatorUsername,
      itemType: e.itemType,
      itemLabel: e.itemLabel,
      reason: e.reason,
      createdAt: e.createdAt,
      certification: { slug: cert.slug, status: cert.status },
      resource: { status: resources.status },
      parent: { name: parent.name, slug: parent.slug, status: parent.status },
      article: { slug: articles.slug, published: articles.published },
      // Published at or before this entry: its title was public then (a draft's never was).
      articleWasPublished: sql<boolean>`exists (select 1 from moderation_log p where p.item_type = 'article'
        and p.item_id = ${e.itemId} and p.action = 'PUBLISH_ARTICLE' and p.id <= ${e.id})`,
      account: { username: users.username, isSystem: users.isSystem },
      accountSuspended: suspendedAt(users.id, now),
    })
    .from(e)
    .leftJoin(cert, itemIs('certification', cert.id))
    .leftJoin(resources, itemIs('resource', resources.id))
    .leftJoin(comments, itemIs('comment', comments.id))
    .leftJoin(
      parent,
      eq(parent.id, sql`coalesce(${e.certificationId}, ${resources.certificationId}, ${comments.certificationId})`),
    )
    .leftJoin(articles, itemIs('article', articles.id))
    .leftJoin(users, itemIs('user', users.id))
    .where(query.cursor === undefined ? undefined : lt(e.id, query.cursor))
    .orderBy(desc(e.id))
    .limit(query.limit + 1);
}

export type PublicModerationRow = Awaited<ReturnType<typeof findPublicModerationPage>>[number];
