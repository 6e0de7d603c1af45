import { can, COMMENT_MAX_DEPTH, MSG, type Comment, type CommentSort, type DiscussionPage } from '@certitude/shared';
import { sortThreads } from './comment-paging.js';
import { DiscussionCache, type KeptPage, type KeptTree } from './discussion-cache.js';
import type { Database } from '../../db/client.js';
import type { ChangeAnnouncer } from '../../lib/changes.js';
import type { PrecompressedBody } from '../../lib/precompressed.js';
import { badRequest, HttpError, notFound } from '../../lib/errors.js';
import { sqlState } from '../../db/sql-state.js';
import type { RateLimiter } from '../../lib/rate-limiter.js';
import type { Viewer } from '../../plugins/auth.js';
import { commentEvents } from '../members/notification-events.js';
import { notifyMember, notifyWatchers } from '../members/notification.service.js';
import { EDITS_PER_DAY, NEW_ACCOUNT_HOURS, NEW_ACCOUNT_POST_INTERVAL, POST_INTERVAL } from './discussion-limits.js';
import { holdsVerifiedBadge } from '../badges/badge-holders.service.js';
import { logModeration } from '../moderation/moderation-log.service.js';
import { buildCommentSubtree, buildCommentTree, presentComment, sizeOf } from './comment.presenter.js';
import { commentSubject, contentError, refusal } from './comment-rules.js';
import {
  bumpDiscussionVersion,
  findCertificationAccess,
  findComment,
  findCommentRows,
  findCommentSubtreeRows,
  findEmptyDeletedParent,
  findUserCreatedAt,
  hasReplies,
  insertComment,
  markCommentDeleted,
  removeComment,
  updateCommentContent,
} from './comment.repository.js';

/**
 * How other modules mark a change to a certification's discussion in their own transaction, so copies of its tree
 * made before are no longer used (docs/architecture.md#module-boundaries).
 */
export { bumpDiscussionVersion } from './comment.repository.js';

/**
 * The discussion (docs/product.md#discussion) and its rules (docs/product.md#comments). Authors post, edit and delete their own
 * comments; moderators remove anyone's, on the record of the moderation log.
 */
export class CommentService {
  constructor(
    private readonly db: Database,
    private readonly rateLimiter: RateLimiter,
    /**
     * The list shows each certification's comment count: a post or a delete is a change of the catalogue, told after
     * its commit. The discussion's own cache needs no message: it follows the version moved in the transaction.
     */
    private readonly changes: ChangeAnnouncer,
    /** The most the kept discussions may cost, in bytes (DISCUSSION_CACHE_MB). */
    maxBytes?: number,
  ) {
    this.cache = new DiscussionCache(maxBytes);
  }

  private readonly cache: DiscussionCache;

  /** What the kept discussions cost now, in bytes: never more than the limit. */
  get cachedBytes(): number {
    return this.cache.bytes;
  }

  /**
   * The whole discussion of a certification, oldest first, as the JSON sent to clients (compressed once per
   * encoding), or 404 when the viewer cannot see it.
   */
  async discussionBody(idOrSlug: string, viewer: Viewer | undefined): Promise<PrecompressedBody> {
    return (await this.keptTree(idOrSlug, viewer)).body;
  }

  /** The whole tree with its top level in the given order. */
  async discussion(idOrSlug: string, viewer: Viewer | undefined, sort: CommentSort): Promise<Comment[]> {
    return sortThreads((await this.keptTree(idOrSlug, viewer)).tree, sort);
  }

  /** One page of top-level threads, each with all its replies (see comment-paging.ts), cut from the kept tree. */
  async discussionPage(
    idOrSlug: string,
    viewer: Viewer | undefined,
    request: { sort: CommentSort; limit: number; cursor?: string },
  ): Promise<KeptPage> {
    return this.cache.page(await this.keptTree(idOrSlug, viewer), request);
  }

  /** The first page for the certification page's server render, with the discussion's size and latest time. */
  async firstPage(idOrSlug: string, limit: number): Promise<DiscussionPage | null> {
    let kept: KeptTree;
    try {
      kept = await this.keptTree(idOrSlug, undefined);
    } catch (err) {
      if (err instanceof HttpError && err.statusCode === 404) return null;
      throw err;
    }
    const page = this.cache.page(kept, { sort: 'oldest', limit });
    kept.size ??= sizeOf(kept.tree);
    return {
      threads: page.threads,
      threadCount: page.total,
      commentCount: kept.size.comments,
      latestCommentAt: kept.size.latest,
      nextCursor: page.nextCursor ?? null,
    };
  }

  /**
   * A tree is built once per version of the discussion and kept: the version is read with the certification's
   * access rules, in the query every read makes anyway, and moves in the same transaction as any change, so a
   * kept tree is never served after a change, on this instance or any other. A tree read while a change commits
   * is kept under the older version, which the next read no longer matches.
   */
  private async keptTree(idOrSlug: string, viewer: Viewer | undefined): Promise<KeptTree> {
    const cert = await this.visibleCertification(idOrSlug, viewer);
    const kept = this.cache.get(cert.id, cert.discussionVersion);
    if (kept) return kept;
    const rows = await findCommentRows(this.db, cert.id);
    return this.cache.keep(cert.id, cert.discussionVersion, buildCommentTree(rows), rows);
  }

  async postComment(
    idOrSlug: string,
    viewer: Viewer,
    input: { content: string; parentCommentId?: number | null },
  ): Promise<Comment> {
    const cert = await this.visibleCertification(idOrSlug, viewer);
    const invalid = contentError(input.content);
    if (invalid) throw badRequest(invalid);
    let depth = 0;
    let parentAuthorId: number | null = null;
    const parentId = input.parentCommentId ?? null;
    if (parentId !== null) {
      const parent = await findComment(this.db, parentId);
      if (!parent) throw notFound(MSG.commentNotFound);
      if (parent.certificationId !== cert.id) throw badRequest(MSG.commentParentElsewhere);
      if (parent.deletedAt || parent.removedAt || parent.hiddenAt) throw badRequest(MSG.commentParentDeleted);
      if (parent.depth >= COMMENT_MAX_DEPTH) throw badRequest(MSG.commentTooDeep);
      depth = parent.depth + 1;
      parentAuthorId = parent.userId;
    }
    await this.limitPosting(viewer);
    try {
      const row = await this.db.transaction(async (tx) => {
        // The version first: its row lock, held to the commit, makes posts into one discussion take their ids in
        // the order they commit, which paging relies on (comment-paging.ts).
        await bumpDiscussionVersion(tx, cert.id);
        const comment = await insertComment(tx, {
          certificationId: cert.id,
          userId: viewer.id,
          parentId,
          depth,
          content: input.content,
        });
        // Told in the same transaction (docs/product.md#notifications): the parent's author of a reply, then the
        // watchers of activity; never the author, and each member once (the reply counts first).
        const events = commentEvents(comment, cert, viewer.username);
        if (parentAuthorId !== null && parentAuthorId !== viewer.id) {
          await notifyMember(tx, parentAuthorId, events.reply);
        }
        await notifyWatchers(tx, cert.id, [viewer.id], events.watched);
        return comment;
      });
      this.changes.announce({ kind: 'catalogue' });
      const verifiedHolder = await holdsVerifiedBadge(this.db, viewer.id, cert.id);
      return presentComment({ ...row, username: viewer.username, verifiedHolder });
    } catch (err) {
      // The parent went away between the check and the insert.
      if (sqlState(err) === '23503') throw notFound(MSG.commentNotFound);
      // The database's own depth check, should the rule above ever be bypassed.
      if (sqlState(err) === '23514') throw badRequest(MSG.commentTooDeep);
      throw err;
    }
  }

  /** Authors only (docs/product.md#permissions). An unchanged text is not an edit: nothing is written and no mark is set. */
  async editComment(id: number, viewer: Viewer, content: string): Promise<Comment> {
    const comment = await findComment(this.db, id);
    if (!comment) throw notFound(MSG.commentNotFound);
    if (!can(viewer, 'comment:edit', commentSubject(comment))) throw refusal(comment, MSG.commentEditNotOwner);
    const invalid = contentError(content);
    if (invalid) throw badRequest(invalid);
    if (content !== comment.content) {
      await this.rateLimiter.consume(EDITS_PER_DAY, String(viewer.id));
      await this.db.transaction(async (tx) => {
        await bumpDiscussionVersion(tx, comment.certificationId);
        await updateCommentContent(tx, id, content);
      });
    }
    const tree = buildCommentSubtree(await findCommentSubtreeRows(this.db, id), id);
    if (!tree) throw notFound(MSG.commentNotFound);
    return tree;
  }

  /**
   * The author, or a moderator on the record. A comment with replies becomes a placeholder so the thread
   * survives; one without disappears, and so does any placeholder above it left with nothing to hold.
   */
  async deleteComment(id: number, viewer: Viewer, reason: string | undefined): Promise<void> {
    await this.db.transaction(async (tx) => {
      const comment = await findComment(tx, id, true);
      if (!comment) throw notFound(MSG.commentNotFound);
      const subject = commentSubject(comment);
      if (!can(viewer, 'comment:delete', subject)) throw refusal(comment, MSG.commentDeleteNotOwner);
      const own = !can(viewer, 'comment:remove', subject);
      await bumpDiscussionVersion(tx, comment.certificationId);
      if (!own) {
        await logModeration(tx, {
          moderatorId: viewer.id,
          moderatorUsername: viewer.username,
          action: 'REMOVE_COMMENT',
          itemType: 'comment',
          itemId: comment.id,
          // The author only, never the words: a removed comment must not outlive its removal in a record nobody can
          // purge, and the log is public (docs/product.md#moderation-log-page).
          itemLabel: comment.username,
          certificationId: comment.certificationId,
          reason: reason || null,
        });
      }
      if (await hasReplies(tx, comment.id)) {
        await markCommentDeleted(tx, comment.id);
        return;
      }
      await removeComment(tx, comment.id);
      let parentId = comment.parentId;
      while (parentId !== null) {
        const empty = await findEmptyDeletedParent(tx, parentId);
        if (!empty) break;
        await removeComment(tx, empty.id);
        parentId = empty.parentId;
      }
    });
    this.changes.announce({ kind: 'catalogue' });
  }

  private async visibleCertification(idOrSlug: string, viewer: Viewer | undefined) {
    const cert = await findCertificationAccess(this.db, idOrSlug);
    if (!cert) throw notFound(MSG.certificationNotFound);
    if (!can(viewer, 'certification:view', { status: cert.status, submittedBy: cert.submittedBy })) {
      throw notFound(MSG.certificationNotFound);
    }
    return cert;
  }

  /**
   * Moderators and admins are trusted and may need to answer quickly while moderating, as Discourse exempts
   * its staff; everyone else waits between posts, longer on their first day.
   */
  private async limitPosting(viewer: Viewer) {
    if (can(viewer, 'moderate')) return;
    const createdAt = await findUserCreatedAt(this.db, viewer.id);
    const isNew = !createdAt || Date.now() - createdAt.getTime() < NEW_ACCOUNT_HOURS * 3600_000;
    await this.rateLimiter.consume(isNew ? NEW_ACCOUNT_POST_INTERVAL : POST_INTERVAL, String(viewer.id));
  }
}
