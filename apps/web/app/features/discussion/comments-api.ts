import { commentSchema, type Comment } from '@certitude/shared';
import { api, listOf } from '../../lib/api-client';

/** Top-level threads a page of the discussion holds (docs/api.md#discussion). */
export const THREADS_PER_PAGE = 20;

/** One page of the discussion, oldest first, and the cursor of the next one (null at the end). */
export async function fetchCommentsPage(
  certificationId: number,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<{ threads: Comment[]; nextCursor: string | null }> {
  let nextCursor: string | null = null;
  const query = `limit=${THREADS_PER_PAGE}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
  const threads = await api(`/api/certification/${certificationId}/comments?${query}`, {
    signal,
    schema: __CHECK_ANSWERS__ && listOf(commentSchema),
    onHeaders: (h) => {
      nextCursor = /[?&]cursor=([^&>]+)/.exec(h.get('link') ?? '')?.[1] ?? null;
    },
  });
  return { threads, nextCursor: nextCursor === null ? null : decodeURIComponent(nextCursor) };
}

export function postComment(certificationId: number, content: string, parentCommentId?: number): Promise<Comment> {
  return api(`/api/certification/${certificationId}/comments`, {
    method: 'POST',
    body: parentCommentId === undefined ? { content } : { content, parentCommentId },
    schema: __CHECK_ANSWERS__ && commentSchema,
  });
}

export function updateComment(id: number, content: string): Promise<Comment> {
  return api(`/api/comments/${id}`, { method: 'PUT', body: { content }, schema: __CHECK_ANSWERS__ && commentSchema });
}

/** `reason` is kept in the moderation log when a moderator removes someone else's comment. */
export async function deleteComment(id: number, reason?: string): Promise<void> {
  await api<void>(`/api/comments/${id}`, { method: 'DELETE', body: reason ? { reason } : undefined });
}
