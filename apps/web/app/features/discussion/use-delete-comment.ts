import { MSG } from '@certitude/shared';
import { useState } from 'react';
import { failureText } from '../../lib/failure-text';
import { deleteComment } from './comments-api';

/**
 * Deleting a comment: the confirmation asked, the call (with the moderator's reason, when a moderator removes another
 * member's comment), and why it failed.
 */
export function useDeleteComment(commentId: number, moderating: boolean, onDeleted: (id: number) => void) {
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  async function confirm(reason: string) {
    setDeleting(true);
    setFailure(null);
    try {
      await deleteComment(commentId, moderating && reason ? reason : undefined);
      setConfirming(false);
      onDeleted(commentId);
    } catch (err) {
      setConfirming(false);
      setFailure(failureText(err, MSG.deleteCommentFailed));
    } finally {
      setDeleting(false);
    }
  }

  return {
    confirming,
    deleting,
    failure,
    ask: () => setConfirming(true),
    cancel: () => setConfirming(false),
    confirm,
    clearFailure: () => setFailure(null),
  };
}
