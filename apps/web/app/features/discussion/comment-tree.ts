import type { Comment } from '@certitude/shared';

/** The local copy of the thread follows the server's answers without reading the whole tree again. */

export function countComments(list: readonly Comment[]): number {
  let n = 0;
  for (const c of list) n += (c.deleted ? 0 : 1) + countComments(c.replies);
  return n;
}

/** The text of every comment of the threads, replies included, in the order they are shown. */
export function* commentContents(list: readonly Comment[]): Generator<string> {
  for (const c of list) {
    yield c.content;
    yield* commentContents(c.replies);
  }
}

/** Adds a new comment at the end of the thread (oldest first), or at the end of its parent's replies. */
export function addComment(list: Comment[], comment: Comment, parentId?: number): Comment[] {
  if (parentId === undefined) return [...list, comment];
  return list.map((c) =>
    c.id === parentId
      ? { ...c, replies: [...c.replies, comment] }
      : c.replies.length
        ? { ...c, replies: addComment(c.replies, comment, parentId) }
        : c,
  );
}

/** Takes the edited text and marks of an answer, keeping the replies already shown. */
export function applyEdit(list: Comment[], edited: Comment): Comment[] {
  return list.map((c) =>
    c.id === edited.id
      ? { ...c, content: edited.content, isEdited: edited.isEdited, updatedAt: edited.updatedAt }
      : c.replies.length
        ? { ...c, replies: applyEdit(c.replies, edited) }
        : c,
  );
}

/**
 * As the server does: a comment with replies becomes a placeholder, one without disappears, and so does a
 * placeholder left with nothing under it.
 */
export function applyDelete(list: Comment[], id: number): Comment[] {
  const out: Comment[] = [];
  for (const c of list) {
    if (c.id === id) {
      if (c.replies.length) out.push({ ...c, deleted: true, content: '', username: '' });
      continue;
    }
    const replies = c.replies.length ? applyDelete(c.replies, id) : c.replies;
    if (c.deleted && replies.length === 0) continue;
    out.push(replies === c.replies ? c : { ...c, replies });
  }
  return out;
}
