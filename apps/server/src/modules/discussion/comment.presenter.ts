import { HIDDEN_PENDING_REVIEW_TEXT, REMOVED_BY_MODERATOR_TEXT, type Comment } from '@certitude/shared';
import type { CommentRow } from './comment.repository.js';

/**
 * Turns one row into the Comment of docs/api.md#shapes. A deleted one keeps its place in the thread but neither its
 * words nor its author's name: deleting is how a member takes something back.
 */
export function presentComment(row: CommentRow): Comment {
  const removed = !row.deletedAt && !!row.removedAt;
  const deleted = row.deletedAt !== null || removed;
  const hidden = !deleted && !!row.hiddenAt;
  const comment: Comment = {
    id: row.id,
    content: deleted ? '' : row.content,
    username: deleted ? '' : row.username,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    isEdited: row.isEdited,
    deleted,
    replies: [],
  };
  // The mark goes with the author's name: not on what lost it (docs/product.md#verified-holders).
  if (row.verifiedHolder && !deleted && !hidden) comment.verifiedHolder = true;
  // A comment removed by a moderator through its flags keeps its place, with or without replies; one hidden by flags
  // shows a placeholder to everyone, its author too, until a moderator decides (docs/product.md#flags).
  if (removed) return { ...comment, content: REMOVED_BY_MODERATOR_TEXT, removed: true };
  if (hidden) return { ...comment, content: HIDDEN_PENDING_REVIEW_TEXT, hidden: true };
  return comment;
}

/**
 * Builds the nested tree from flat rows (oldest first) in two passes, so the order of the rows is the
 * order of every list of replies, and a row may come before its parent. A deleted comment stays only
 * while something under it is still there to read.
 */
export function buildCommentTree(rows: readonly CommentRow[]): Comment[] {
  const nodes = new Map<number, Comment>();
  for (const row of rows) nodes.set(row.id, presentComment(row));
  const roots: Comment[] = [];
  for (const row of rows) {
    const node = nodes.get(row.id)!;
    const parent = row.parentId === null ? undefined : nodes.get(row.parentId);
    if (parent) parent.replies.push(node);
    else if (row.parentId === null) roots.push(node);
  }
  return pruneDeleted(roots);
}

/** The subtree rooted at `id`, from rows holding it and its descendants. */
export function buildCommentSubtree(rows: readonly CommentRow[], id: number): Comment | undefined {
  const nodes = new Map<number, Comment>();
  for (const row of rows) nodes.set(row.id, presentComment(row));
  for (const row of rows) {
    if (row.id === id || row.parentId === null) continue;
    nodes.get(row.parentId)?.replies.push(nodes.get(row.id)!);
  }
  const root = nodes.get(id);
  if (root) root.replies = pruneDeleted(root.replies);
  return root;
}

function pruneDeleted(list: Comment[]): Comment[] {
  const kept: Comment[] = [];
  for (const node of list) {
    if (node.replies.length > 0) node.replies = pruneDeleted(node.replies);
    if (!node.deleted || node.removed || node.replies.length > 0) kept.push(node);
  }
  return kept;
}

/** How many comments a discussion shows (placeholders of deleted ones aside) and when the latest was posted. */
export function sizeOf(tree: Comment[]): { comments: number; latest: string | null } {
  let comments = 0;
  let latest: string | null = null;
  const walk = (list: Comment[]) => {
    for (const c of list) {
      if (!c.deleted) {
        comments++;
        if (latest === null || c.createdAt > latest) latest = c.createdAt;
      }
      walk(c.replies);
    }
  };
  walk(tree);
  return { comments, latest };
}
