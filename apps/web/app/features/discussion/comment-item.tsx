import { can, type Comment, COMMENT_INDENT_REM, COMMENT_MAX_DEPTH, DISCUSSION_TEXT as T, MSG } from '@certitude/shared';
import { lazy, Suspense, useState } from 'react';
import { Markdown } from '../../components/markdown';
import { MemberLink } from '../../components/member-link';
import { VerifiedHolderMark } from '../../components/verified-holder-mark';
import { CommentForm } from './lazy-comment-form';
import { postComment, updateComment } from './comments-api';
import { FlagButton } from '../../components/flag-button';
import { RelativeTime } from '../../components/relative-time';
import { useThread } from './thread-context';
import { useDeleteComment } from './use-delete-comment';

// The confirmation and its dialog library load when a member first deletes a comment, not with the page.
const DeleteCommentDialog = lazy(() =>
  import('./delete-comment-dialog').then((m) => ({ default: m.DeleteCommentDialog })),
);

/** Each level of replies sits 2rem further in, for at most 3 levels (docs/product.md#discussion). */
function replyIndentRem(replyDepth: number): number {
  return replyDepth >= 1 && replyDepth <= COMMENT_MAX_DEPTH ? COMMENT_INDENT_REM : 0;
}

/** The article's name: whose comment it is, or what took its place. */
function articleLabel(comment: Comment): string {
  return comment.removed
    ? comment.username
      ? T.removedBy(comment.username)
      : T.removed
    : comment.deleted
      ? T.deletedLabel
      : T.commentBy(comment.username);
}

/** The author (or [deleted]), when, and whether it was edited. */
function CommentHeader({ comment, gone }: { comment: Comment; gone: boolean }) {
  return (
    <header className="d-flex flex-wrap align-items-baseline gap-2 small mb-1">
      {comment.removed ? (
        comment.username && <strong className="comment-author">{comment.username}</strong>
      ) : comment.deleted ? (
        <span className="text-body-secondary">{T.deletedAuthor}</span>
      ) : (
        <strong className="comment-author">
          <MemberLink username={comment.username} className="link-body-emphasis" />
        </strong>
      )}
      {comment.verifiedHolder && <VerifiedHolderMark />}
      <span className="text-body-secondary">
        <RelativeTime iso={comment.createdAt} />
      </span>
      {comment.isEdited && !gone && (
        <span className="text-body-secondary fst-italic" title={T.editedAt(comment.updatedAt)}>
          {T.edited}
        </span>
      )}
    </header>
  );
}

/** Reply, Edit, Delete and Flag, each where the viewer may. */
function CommentActions({
  comment,
  can,
  replying,
  replyFormId,
  onReply,
  onEdit,
  onDelete,
}: {
  comment: Comment;
  can: { reply: boolean; edit: boolean; delete: boolean; flag: boolean };
  replying: boolean;
  replyFormId: string;
  onReply(): void;
  onEdit(): void;
  onDelete(): void;
}) {
  return (
    <div className="d-flex gap-1 comment-actions">
      {can.reply && (
        <button
          type="button"
          className="btn btn-link btn-sm px-1"
          aria-expanded={replying}
          aria-controls={replying ? replyFormId : undefined}
          onClick={onReply}
        >
          {T.reply}
          <span className="visually-hidden">{T.replyTo(comment.username)}</span>
        </button>
      )}
      {can.edit && (
        <button type="button" className="btn btn-link btn-sm px-1" onClick={onEdit}>
          {T.edit}
          <span className="visually-hidden">{T.commentSuffix}</span>
        </button>
      )}
      {can.delete && (
        <button type="button" className="btn btn-link btn-sm px-1 text-danger" onClick={onDelete}>
          {T.delete}
          <span className="visually-hidden">{T.commentSuffix}</span>
        </button>
      )}
      {can.flag && <FlagButton targetType="comment" targetId={comment.id} what="comment" />}
    </div>
  );
}

/** The comment's text: its placeholder when withheld or deleted, the edit form while the author edits it. */
function CommentContent({
  comment,
  withheld,
  editing,
  onCancelEdit,
  onSave,
}: {
  comment: Comment;
  withheld: boolean;
  editing: boolean;
  onCancelEdit(): void;
  onSave(content: string): Promise<void>;
}) {
  return withheld ? (
    <p className="fst-italic text-body-secondary mb-1" data-testid="comment-withheld">
      {comment.content}
    </p>
  ) : comment.deleted ? (
    <p className="fst-italic text-body-secondary mb-1">{T.deletedContent}</p>
  ) : editing ? (
    <CommentForm
      label={T.editComment}
      hideLabel
      initial={comment.content}
      submitLabel={T.save}
      busyLabel={T.saving}
      failText={MSG.updateCommentFailed}
      requireChange
      autoFocus
      onCancel={onCancelEdit}
      onSubmit={onSave}
    />
  ) : (
    <Markdown source={comment.content} className="comment-content" />
  );
}

/** Why a deletion failed, until the member closes it. */
function DeleteFailure({ text, onClose }: { text: string; onClose(): void }) {
  return (
    <div role="alert" className="alert alert-danger alert-dismissible py-2 small mt-2">
      {text}
      <button type="button" className="btn-close" aria-label={T.closeAlert} onClick={onClose} />
    </div>
  );
}

export function CommentItem({ comment, depth }: { comment: Comment; depth: number }) {
  const thread = useThread();
  const { user } = thread;
  const [replying, setReplying] = useState(false);
  const [editing, setEditing] = useState(false);

  /**
   * Removed by a moderator or hidden by flags (docs/product.md#flags): the server sends the placeholder text as its
   * content (REMOVED_BY_MODERATOR_TEXT, HIDDEN_PENDING_REVIEW_TEXT; a removed comment also comes as deleted, without
   * its author), shown like a deleted comment's, in its place, with no actions.
   */
  const withheld = comment.removed === true || comment.hidden === true;
  const gone = comment.deleted || withheld;
  // The comment rules are the policy's (packages/shared/src/policy.ts), as the server applies them: a removed comment
  // comes deleted too, and one hidden by flags waits for a moderator's decision.
  const subject = { username: comment.username ?? '', deleted: comment.deleted, hidden: comment.hidden === true };
  const own = can(user, 'comment:edit', subject);
  const moderating = can(user, 'comment:remove', subject);
  const canReply = !!user && !gone && depth < COMMENT_MAX_DEPTH;
  const canFlag = !!user && !gone && !own;
  const replyFormId = `reply-form-${comment.id}`;

  const removal = useDeleteComment(comment.id, moderating, thread.deleted);

  return (
    <li className="comment" data-depth={depth} id={`comment-${comment.id}`}>
      <article className="comment-body border-start border-2 ps-3 py-2" aria-label={articleLabel(comment)}>
        <CommentHeader comment={comment} gone={gone} />

        <CommentContent
          comment={comment}
          withheld={withheld}
          editing={editing}
          onCancelEdit={() => setEditing(false)}
          onSave={async (content) => {
            thread.edited(await updateComment(comment.id, content));
            setEditing(false);
          }}
        />

        {removal.failure && <DeleteFailure text={removal.failure} onClose={removal.clearFailure} />}

        {!editing && (canReply || own || moderating || canFlag) && (
          <CommentActions
            comment={comment}
            can={{ reply: canReply, edit: own, delete: can(user, 'comment:delete', subject), flag: canFlag }}
            replying={replying}
            replyFormId={replyFormId}
            onReply={() => setReplying((v) => !v)}
            onEdit={() => setEditing(true)}
            onDelete={removal.ask}
          />
        )}

        {replying && canReply && (
          <div id={replyFormId} className="mt-2">
            <CommentForm
              label={T.replyLabel(comment.username)}
              hideLabel
              placeholder={T.replyPlaceholder(comment.username)}
              submitLabel={T.postReply}
              busyLabel={T.posting}
              failText={MSG.postReplyFailed}
              autoFocus
              onCancel={() => setReplying(false)}
              onSubmit={async (content) => {
                thread.added(await postComment(thread.certificationId, content, comment.id), comment.id);
                setReplying(false);
              }}
            />
          </div>
        )}
      </article>

      {comment.replies.length > 0 && (
        <ul className="list-unstyled comment-replies" style={{ marginLeft: `${replyIndentRem(depth + 1)}rem` }}>
          {comment.replies.map((reply) => (
            <CommentItem key={reply.id} comment={reply} depth={depth + 1} />
          ))}
        </ul>
      )}

      {removal.confirming && (
        <Suspense fallback={null}>
          <DeleteCommentDialog
            show
            askReason={moderating}
            busy={removal.deleting}
            onConfirm={removal.confirm}
            onCancel={removal.cancel}
          />
        </Suspense>
      )}
    </li>
  );
}
