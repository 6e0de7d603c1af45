import { COMMENT_MAX_DEPTH, isModerator, MSG, type Comment } from '@certitude/shared';
import type { Database } from '../../db/client.js';
import { PrecompressedBody } from '../../lib/precompressed.js';
import { badRequest, forbidden, notFound } from '../../lib/errors.js';
import type { RateLimiter } from '../../lib/rate-limiter.js';
import type { Viewer } from '../../plugins/auth.js';
import { EDITS_PER_DAY, NEW_ACCOUNT_HOURS, NEW_ACCOUNT_POST_INTERVAL, POST_INTERVAL } from './discussion-limits.js';
import { buildCommentSubtree, buildCommentTree, presentComment } from './comment.presenter.js';
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
  insertModerationEntry,
  markCommentDeleted,
  removeComment,
  updateCommentContent,
} from './comment.repository.js';

/**
 * Text that trimming leaves non-empty yet shows nothing (zero-width, control and filler characters only) has
 * no visible character: that is the case of the rule's 'Comment must be at least 1 character' (docs/product.md#comments).
 */
const INVISIBLE_ONLY = /^[\p{Cc}\p{Cf}\p{Z}\u115F\u1160\u2800\u3164\uFFA0]+$/u;

/** The server's checks beyond the shared rule, on content the schema has already trimmed and checked. */
function contentError(content: string): string | null {
  // PostgreSQL cannot store NUL in text; refused here so it is a 400, not a driver error.
  if (content.includes('\u0000')) return MSG.commentInvalidCharacters;
  if (INVISIBLE_ONLY.test(content)) return MSG.commentTooShort;
  return null;
}

/** The SQLSTATE of a database error, which drizzle wraps in its own error as `cause`. */
function sqlState(err: unknown): string | undefined {
  let e: unknown = err;
  for (let i = 0; i < 4 && e && typeof e === 'object'; i++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

const LABEL_SNIPPET = 120;
/** Comment trees kept in memory, in bytes of JSON (compressed copies add about a tenth): the busiest many times over. */
const TREE_CACHE_MAX_BYTES = 24 * 1024 * 1024;

/**
 * The discussion (docs/product.md#discussion) and its rules (docs/product.md#comments). Authors post, edit and delete their own
 * comments; moderators remove anyone's, on the record of the moderation log.
 */
export class CommentService {
  constructor(
    private readonly db: Database,
    private readonly rateLimiter: RateLimiter,
  ) {}

  private readonly trees = new Map<number, { version: number; body: PrecompressedBody }>();
  private treeBytes = 0;

  /**
   * The whole discussion of a certification, oldest first, as the JSON sent to clients (compressed once per
   * encoding), or 404 when the viewer cannot see it. A tree is built once per version of the discussion and
   * kept: the version is read with the certification's access rules, in the query every read makes anyway,
   * and moves in the same transaction as any change, so a kept tree is never served after a change, on this
   * instance or any other. A tree read while a change commits is kept under the older version, which the
   * next read no longer matches.
   */
  async discussionBody(idOrSlug: string, viewer: Viewer | undefined): Promise<PrecompressedBody> {
    const cert = await this.visibleCertification(idOrSlug, viewer);
    const kept = this.trees.get(cert.id);
    if (kept && kept.version === cert.discussionVersion) return kept.body;
    const body = new PrecompressedBody(JSON.stringify(buildCommentTree(await findCommentRows(this.db, cert.id))));
    this.keepTree(cert.id, cert.discussionVersion, body);
    return body;
  }

  private keepTree(certificationId: number, version: number, body: PrecompressedBody) {
    const previous = this.trees.get(certificationId);
    if (previous) this.treeBytes -= previous.body.raw.length;
    this.trees.delete(certificationId);
    if (body.raw.length > TREE_CACHE_MAX_BYTES) return;
    this.trees.set(certificationId, { version, body });
    this.treeBytes += body.raw.length;
    // The oldest kept trees go first (a Map iterates in insertion order; a refreshed tree moves to the end).
    for (const [id, tree] of this.trees) {
      if (this.treeBytes <= TREE_CACHE_MAX_BYTES) break;
      this.trees.delete(id);
      this.treeBytes -= tree.body.raw.length;
    }
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
    const parentId = input.parentCommentId ?? null;
    if (parentId !== null) {
      const parent = await findComment(this.db, parentId);
      if (!parent) throw notFound(MSG.commentNotFound);
      if (parent.certificationId !== cert.id) throw badRequest(MSG.commentParentElsewhere);
      if (parent.deletedAt) throw badRequest(MSG.commentParentDeleted);
      if (parent.depth >= COMMENT_MAX_DEPTH) throw badRequest(MSG.commentTooDeep);
      depth = parent.depth + 1;
    }
    await this.limitPosting(viewer);
    try {
      const row = await this.db.transaction(async (tx) => {
        await bumpDiscussionVersion(tx, cert.id);
        return insertComment(tx, {
          certificationId: cert.id,
          userId: viewer.id,
          parentId,
          depth,
          content: input.content,
        });
      });
      return presentComment({ ...row, username: viewer.username });
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
    if (!comment || comment.deletedAt) throw notFound(MSG.commentNotFound);
    if (comment.userId !== viewer.id) throw forbidden(MSG.commentEditNotOwner);
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
      if (!comment || comment.deletedAt) throw notFound(MSG.commentNotFound);
      const own = comment.userId === viewer.id;
      if (!own && !isModerator(viewer.role)) throw forbidden(MSG.commentDeleteNotOwner);
      await bumpDiscussionVersion(tx, comment.certificationId);
      if (!own) {
        await insertModerationEntry(tx, {
          moderatorId: viewer.id,
          moderatorUsername: viewer.username,
          action: 'REMOVE_COMMENT',
          itemType: 'comment',
          itemId: comment.id,
          itemLabel: `${comment.username}: ${snippet(comment.content)}`,
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
  }

  private async visibleCertification(idOrSlug: string, viewer: Viewer | undefined) {
    const cert = await findCertificationAccess(this.db, idOrSlug);
    if (!cert) throw notFound(MSG.certificationNotFound);
    if (cert.status !== 'APPROVED') {
      const allowed = viewer && (viewer.id === cert.submittedById || isModerator(viewer.role));
      if (!allowed) throw notFound(MSG.certificationNotFound);
    }
    return cert;
  }

  /**
   * Moderators and admins are trusted and may need to answer quickly while moderating, as Discourse exempts
   * its staff; everyone else waits between posts, longer on their first day.
   */
  private async limitPosting(viewer: Viewer) {
    if (isModerator(viewer.role)) return;
    const createdAt = await findUserCreatedAt(this.db, viewer.id);
    const isNew = !createdAt || Date.now() - createdAt.getTime() < NEW_ACCOUNT_HOURS * 3600_000;
    await this.rateLimiter.consume(isNew ? NEW_ACCOUNT_POST_INTERVAL : POST_INTERVAL, String(viewer.id));
  }
}

function snippet(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > LABEL_SNIPPET ? `${flat.slice(0, LABEL_SNIPPET - 1)}…` : flat;
}
