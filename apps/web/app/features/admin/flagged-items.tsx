import {
  can,
  type FlagAction,
  type FlaggedItem,
  type PolicyViewer,
  resolveFlagsRequestSchema,
  type User,
} from '@certitude/shared';
import { FlaggedItemRow, itemKey } from './flagged-item-row';
import { flaggedItemName, FLAGS_TAB_TEXT as T } from './flags-tab-text';
import { ReasonDialog } from './reason-dialog';

/** The reason alone of a resolve, checked with the server's own rule. */
const reasonSchema = resolveFlagsRequestSchema.pick({ reason: true });

/** The flagged item's author, when the viewer may suspend them or lift their suspension (the shared policy decides). */
function suspendableAuthor(viewer: PolicyViewer | null, item: FlaggedItem): { id: number; username: string } | null {
  if (item.authorId === null || item.author === null || item.authorRole === null) return null;
  if (!can(viewer, 'user:suspend', { username: item.author, role: item.authorRole })) return null;
  return { id: item.authorId, username: item.author };
}

/** The flagged items, most flagged first, each with its decisions and its author's suspension controls. */
export function FlaggedItemsSection({
  items,
  user,
  lifting,
  onDecide,
  onSuspend,
  onLift,
}: {
  items: FlaggedItem[];
  user: User | null;
  lifting: number | null;
  onDecide(item: FlaggedItem, action: FlagAction): void;
  onSuspend(author: { id: number; username: string } | null): void;
  onLift(author: { id: number; username: string }): void;
}) {
  return (
    <section aria-labelledby="flagged-items-title" className="mb-4">
      <h3 id="flagged-items-title" className="h5">
        {T.heading}
      </h3>
      {items.length === 0 ? (
        <p className="text-body-secondary">{T.empty}</p>
      ) : (
        <>
          <p className="small text-body-secondary">{T.intro}</p>
          <ul className="list-group list-group-flush">
            {items.map((item) => {
              const author = suspendableAuthor(user, item);
              return (
                <FlaggedItemRow
                  key={itemKey(item)}
                  item={item}
                  author={author}
                  lifting={author !== null && lifting === author.id}
                  onDecide={(action) => onDecide(item, action)}
                  onSuspend={() => onSuspend(author)}
                  onLift={() => author && onLift(author)}
                />
              );
            })}
          </ul>
        </>
      )}
    </section>
  );
}

/** Dismissing or removing a flagged item, with the reason the moderation log keeps. */
export function DecideDialog({
  deciding,
  onClose,
  onSubmit,
}: {
  deciding: { item: FlaggedItem; action: FlagAction };
  onClose(): void;
  onSubmit(reason: string): Promise<void>;
}) {
  const remove = deciding.action === 'REMOVE';
  return (
    <ReasonDialog
      texts={{
        title: remove ? T.removeTitle(flaggedItemName(deciding.item)) : T.dismissTitle(flaggedItemName(deciding.item)),
        explanation: remove ? T.removeExplanation : T.dismissExplanation,
        label: T.reason,
        hint: T.reasonHint,
        cancel: T.cancel,
        submit: remove ? T.remove : T.dismiss,
        busy: remove ? T.removing : T.dismissing,
        failed: T.resolveFailed,
      }}
      schema={reasonSchema}
      variant={remove ? 'danger' : 'primary'}
      onClose={onClose}
      onSubmit={onSubmit}
    />
  );
}
