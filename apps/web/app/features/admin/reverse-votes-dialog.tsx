import {
  type AdminUser,
  reverseVotesRequestSchema,
  type ReverseVotesResponse,
  VOTE_REVERSAL_TEXT,
} from '@certitude/shared';
import { reverseVotes } from './admin-api';
import { ReasonDialog } from './reason-dialog';
import type { AdminNotice } from './use-suspension';

/**
 * Reverse every vote of an account (docs/product.md#reversing-votes), admins only: a required reason, checked with the
 * server's own rule before sending; the server's refusal shows as it says it.
 */
function ReverseVotesDialog({
  member,
  onClose,
  onReversed,
}: {
  member: Pick<AdminUser, 'id' | 'username'>;
  onClose(): void;
  onReversed(result: ReverseVotesResponse): void;
}) {
  return (
    <ReasonDialog
      texts={{
        title: VOTE_REVERSAL_TEXT.dialogTitle(member.username),
        explanation: VOTE_REVERSAL_TEXT.explanation,
        label: VOTE_REVERSAL_TEXT.reason,
        hint: VOTE_REVERSAL_TEXT.reasonHint,
        cancel: VOTE_REVERSAL_TEXT.cancel,
        submit: VOTE_REVERSAL_TEXT.reverse,
        busy: VOTE_REVERSAL_TEXT.reversing,
        failed: VOTE_REVERSAL_TEXT.reverseFailed,
      }}
      schema={reverseVotesRequestSchema}
      onClose={onClose}
      onSubmit={async (reason) => onReversed(await reverseVotes(member.id, { reason }))}
    />
  );
}

/**
 * The reversal dialog of the admin panel's tabs, while an account is chosen: closed when done, with the count of
 * reversed votes as the tab's notice.
 */
export function ReverseVotesFor({
  member,
  onDone,
  notify,
}: {
  member: Pick<AdminUser, 'id' | 'username'> | null;
  onDone(): void;
  notify(notice: AdminNotice): void;
}) {
  if (!member) return null;
  return (
    <ReverseVotesDialog
      member={member}
      onClose={onDone}
      onReversed={({ reversed }) => {
        onDone();
        notify({ variant: 'success', text: VOTE_REVERSAL_TEXT.reversedNotice(reversed) });
      }}
    />
  );
}
