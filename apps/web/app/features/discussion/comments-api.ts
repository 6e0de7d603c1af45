import type { Comment } from '@certitude/shared';
import { api, ApiError } from '../../lib/api-client';

/** The calls of the discussion (docs/api.md#discussion). */
export function fetchComments(certificationId: number, signal?: AbortSignal): Promise<Comment[]> {
  return api<Comment[]>(`/api/certification/${certificationId}/comments`, { signal });
}

export function postComment(certificationId: number, content: string, parentCommentId?: number): Promise<Comment> {
  return api<Comment>(`/api/certification/${certificationId}/comments`, {
    method: 'POST',
    body: parentCommentId === undefined ? { content } : { content, parentCommentId },
  });
}

export function updateComment(id: number, content: string): Promise<Comment> {
  return api<Comment>(`/api/comments/${id}`, { method: 'PUT', body: { content } });
}

/** `reason` is kept in the moderation log when a moderator removes someone else's comment. */
export async function deleteComment(id: number, reason?: string): Promise<void> {
  await api<void>(`/api/comments/${id}`, { method: 'DELETE', body: reason ? { reason } : undefined });
}

/**
 * What a failed call shows: the server's own sentence for a refused request (a rule's text, "too quickly"),
 * otherwise the text for that action (docs/product.md#error-texts), also when offline or on a server fault.
 */
export function failureText(err: unknown, fallback: string): string {
  if (err instanceof ApiError && err.status >= 400 && err.status < 500 && err.serverMessage) return err.serverMessage;
  return fallback;
}
