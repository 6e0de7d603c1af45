import { DISCUSSION_TEXT as T, MSG, type DiscussionPage } from '@certitude/shared';
import { useMemo, useState } from 'react';
import { useCurrentUser } from '../../lib/auth-store';
import { CommentForm } from './lazy-comment-form';
import { CommentItem } from './comment-item';
import { addComment, applyDelete, applyEdit } from './comment-tree';
import { postComment } from './comments-api';
import './discussion.css';
import { ThreadContext, type ThreadActions } from './thread-context';
import { useDiscussionPages } from './use-discussion-pages';

/**
 * The comments of a certification, twenty threads at a time, the box to add one, and everything each comment
 * offers. The server renders the first page (`initial`); 'Load more discussions' fetches the next. Mounted with
 * the certification's id as key, so another certification starts from a fresh load.
 */
export default function DiscussionThread({
  certificationId,
  initial,
}: {
  certificationId: number;
  initial?: DiscussionPage | null;
}) {
  const user = useCurrentUser();
  const { load, loadMore, retry, update } = useDiscussionPages(certificationId, initial);
  // Comments in all: the server's figure, moved by what happens here (the pages not loaded yet count too).
  const [offset, setOffset] = useState(0);

  const actions = useMemo<ThreadActions>(
    () => ({
      certificationId,
      user,
      added: (comment, parentId) => {
        update((list) => addComment(list, comment, parentId));
        setOffset((o) => o + 1);
      },
      edited: (comment) => update((list) => applyEdit(list, comment)),
      // One comment fewer: placeholders left behind are not counted.
      deleted: (id) => {
        update((list) => applyDelete(list, id));
        setOffset((o) => o - 1);
      },
    }),
    [certificationId, user, update],
  );

  const comments = load.state === 'ready' ? load.comments : [];
  const count = (load.state === 'ready' ? load.total : 0) + offset;

  return (
    <ThreadContext.Provider value={actions}>
      {user && (
        <div className="mb-4">
          <CommentForm
            label={T.addComment}
            placeholder={T.addCommentPlaceholder}
            submitLabel={T.postComment}
            busyLabel={T.posting}
            failText={MSG.postCommentFailed}
            onSubmit={async (content) => {
              const comment = await postComment(certificationId, content);
              // At the end, where it belongs; a later page that holds it too is not shown twice (loadMore).
              update((list) => addComment(list, comment));
              setOffset((o) => o + 1);
            }}
          />
        </div>
      )}

      {load.state === 'loading' && <p className="text-body-secondary">{T.loading}</p>}
      {load.state === 'failed' && (
        <div role="alert" className="alert alert-warning d-flex align-items-center gap-3">
          <span>{T.loadFailed}</span>
          <button type="button" className="btn btn-outline-secondary btn-sm" onClick={retry}>
            {T.tryAgain}
          </button>
        </div>
      )}
      {load.state === 'ready' && comments.length === 0 && <p className="text-body-secondary mb-0">{T.empty}</p>}
      {load.state === 'ready' && comments.length > 0 && (
        <>
          <p className="small text-body-secondary" aria-live="polite">
            {T.count(count)}
          </p>
          <ul className="list-unstyled mb-0 comment-thread" aria-label={T.comments}>
            {comments.map((c) => (
              <CommentItem key={c.id} comment={c} depth={0} />
            ))}
          </ul>
          {load.nextCursor && (
            <button
              type="button"
              className="btn btn-outline-secondary btn-sm mt-3"
              disabled={load.more === 'loading'}
              onClick={() => void loadMore()}
            >
              {load.more === 'loading' ? T.loadingMore : T.loadMore}
            </button>
          )}
          {load.more === 'failed' && (
            <p className="text-danger small mt-2 mb-0" role="alert">
              {T.loadMoreFailed}
            </p>
          )}
        </>
      )}
    </ThreadContext.Provider>
  );
}
