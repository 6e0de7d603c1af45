import type { FlagTargetType } from '@certitude/shared';
import { lazy, Suspense, useState } from 'react';
import { useCurrentUser } from '../lib/auth-store';
import { FLAG_TEXT, type FlagWhat } from '../lib/flag-text';

// The dialog (with the schemas it checks against) loads when a member opens it: readers never download it.
const FlagDialog = lazy(() => import('./flag-dialog'));

/**
 * The Flag control of a comment, resource, certification or review (docs/product.md#flags), for signed-in members: a
 * link-style button that opens the flag dialog, and reads "Flagged" once this member has flagged the item. Not
 * shown on the member's own items (`author`).
 */
export function FlagButton({
  targetType,
  targetId,
  what,
  author,
  className = '',
}: {
  targetType: FlagTargetType;
  targetId: number;
  what: FlagWhat;
  /** The item's author's username: members do not flag their own items. */
  author?: string | null;
  className?: string;
}) {
  const user = useCurrentUser();
  const [open, setOpen] = useState(false);
  const [flagged, setFlagged] = useState(false);
  if (!user || (author && author === user.username)) return null;
  return (
    <>
      <button
        type="button"
        className={`btn btn-link btn-sm px-1 text-body-secondary ${className}`}
        disabled={flagged}
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
      >
        {flagged ? (
          <>
            {FLAG_TEXT.flagged}
            <span className="visually-hidden"> {what}</span>
          </>
        ) : (
          <>
            {FLAG_TEXT.flag}
            <span className="visually-hidden"> {what}</span>
          </>
        )}
      </button>
      {open && (
        <Suspense fallback={null}>
          <FlagDialog
            targetType={targetType}
            targetId={targetId}
            what={what}
            onClose={() => setOpen(false)}
            onFlagged={(created) => {
              setFlagged(true);
              if (created) setOpen(false);
            }}
          />
        </Suspense>
      )}
    </>
  );
}
