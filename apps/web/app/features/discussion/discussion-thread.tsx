import { MSG, type Comment } from '@certitude/shared';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Alert, Button } from 'react-bootstrap';
import { useCurrentUser } from '../../lib/auth-store';
import { CommentForm } from './comment-form';
import { CommentItem } from './comment-item';
import { addComment, applyDelete, applyEdit, countComments } from './comment-tree';
import { fetchComments, postComment } from './comments-api';
import './discussion.css';
import { ThreadContext, type ThreadActions } from './thread-context';

/** Threads are shown fifty at a time, so a discussion of thousands of comments opens at once. */
const THREADS_PER_PAGE = 50;

type Load = { state: 'loading' } | { state: 'failed' } | { state: 'ready'; comments: Comment[] };

/**
 * The comments of a certification, the box to add one, and everything each comment offers. Mounted with
 * the certification's id as key, so another certification starts from a fresh load.
 */
export default function DiscussionThread({ certificationId }: { certificationId: number }) {
  const user = useCurrentUser();
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [shown, setShown] = useState(THREADS_PER_PAGE);
  const [attempt, setAttempt] = useState(0);
  // Threads started here are shown even beyond the current page, at the end where they belong.
  const [startedHere, setStartedHere] = useState<ReadonlySet<number>>(new Set());

  useEffect(() => {
    const abort = new AbortController();
    fetchComments(certificationId, abort.signal).then(
      (comments) => setLoad({ state: 'ready', comments }),
      () => {
        if (!abort.signal.aborted) setLoad({ state: 'failed' });
      },
    );
    return () => abort.abort();
  }, [certificationId, attempt]);

  const update = useCallback((change: (list: Comment[]) => Comment[]) => {
    setLoad((l) => (l.state === 'ready' ? { state: 'ready', comments: change(l.comments) } : l));
  }, []);

  const actions = useMemo<ThreadActions>(
    () => ({
      certificationId,
      user,
      added: (comment, parentId) => update((list) => addComment(list, comment, parentId)),
      edited: (comment) => update((list) => applyEdit(list, comment)),
      deleted: (id) => update((list) => applyDelete(list, id)),
    }),
    [certificationId, user, update],
  );

  const comments = load.state === 'ready' ? load.comments : [];
  const count = countComments(comments);
  const visible = comments.filter((c, i) => i < shown || startedHere.has(c.id));
  const hidden = comments.length - visible.length;

  return (
    <ThreadContext.Provider value={actions}>
      {user && (
        <div className="mb-4">
          <CommentForm
            label="Add a comment"
            placeholder="Share your experience with this certification or ask a question…"
            submitLabel="Post Comment"
            busyLabel="Posting..."
            failText={MSG.postCommentFailed}
            onSubmit={async (content) => {
              const comment = await postComment(certificationId, content);
              update((list) => addComment(list, comment));
              setStartedHere((ids) => new Set(ids).add(comment.id));
            }}
          />
        </div>
      )}

      {load.state === 'loading' && <p className="text-body-secondary">Loading comments...</p>}
      {load.state === 'failed' && (
        <Alert variant="warning" className="d-flex align-items-center gap-3">
          <span>Failed to load comments</span>
          <Button
            size="sm"
            variant="outline-secondary"
            onClick={() => {
              setLoad({ state: 'loading' });
              setAttempt((n) => n + 1);
            }}
          >
            Try again
          </Button>
        </Alert>
      )}
      {load.state === 'ready' && comments.length === 0 && (
        <p className="text-body-secondary mb-0">No comments yet. Be the first to share your thoughts.</p>
      )}
      {load.state === 'ready' && comments.length > 0 && (
        <>
          <p className="small text-body-secondary" aria-live="polite">
            {count === 1 ? '1 comment' : `${count} comments`}
          </p>
          <ul className="list-unstyled mb-0 comment-thread" aria-label="Comments">
            {visible.map((c) => (
              <CommentItem key={c.id} comment={c} depth={0} />
            ))}
          </ul>
          {hidden > 0 && (
            <Button
              variant="outline-secondary"
              size="sm"
              className="mt-3"
              onClick={() => setShown((n) => n + THREADS_PER_PAGE)}
            >
              Show more comments ({hidden} more threads)
            </Button>
          )}
        </>
      )}
    </ThreadContext.Provider>
  );
}
