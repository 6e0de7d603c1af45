import { can, type FlagAction, type FlaggedItem, type SuspensionState, type VotingRingSignal } from '@certitude/shared';
import { useState } from 'react';
import { Alert, Button, Spinner } from 'react-bootstrap';
import { errorText } from '../../lib/api-client';
import { useCurrentUser } from '../../lib/auth-store';
import { dismissVotingRing, resolveFlags } from './admin-api';
import { itemKey } from './flagged-item-row';
import { DecideDialog, FlaggedItemsSection } from './flagged-items';
import { flaggedItemName, FLAGS_TAB_TEXT as T } from './flags-tab-text';
import { refreshPendingCount } from './pending-count-store';
import { ReverseVotesFor } from './reverse-votes-dialog';
import { useFlags } from './use-flags';
import { useSuspension, type AdminNotice } from './use-suspension';
import { RingsSection } from './voting-rings';

/** The tab until the flags are there: a spinner, or the failure with a retry. */
function FlagsLoading({ error, onRetry }: { error: string | null; onRetry(): void }) {
  if (error) {
    return (
      <Alert variant="danger">
        {error}{' '}
        <Button variant="link" className="p-0 align-baseline" onClick={onRetry}>
          {T.retry}
        </Button>
      </Alert>
    );
  }
  return (
    <Spinner animation="border" size="sm" role="status">
      <span className="visually-hidden">{T.loading}</span>
    </Spinner>
  );
}

/**
 * The Flags tab of the admin panel (docs/product.md#flags), for moderators and admins: flagged items, most flagged
 * first, each dismissed or removed with a reason, and its author suspended (or their suspension lifted) where the
 * policy lets the viewer; below, the voting-ring signals.
 */
export function FlagsTab() {
  const user = useCurrentUser();
  const { data, setData, error, retry } = useFlags();
  const [notice, setNotice] = useState<AdminNotice | null>(null);
  const [deciding, setDeciding] = useState<{ item: FlaggedItem; action: FlagAction } | null>(null);
  const [reversing, setReversing] = useState<{ id: number; username: string } | null>(null);
  const [dismissingRing, setDismissingRing] = useState<number | null>(null);

  async function decide(item: FlaggedItem, action: FlagAction, reason: string) {
    await resolveFlags({ targetType: item.targetType, targetId: item.targetId, action, reason });
    setDeciding(null);
    setData((d) => d && { ...d, items: d.items.filter((i) => itemKey(i) !== itemKey(item)) });
    setNotice({
      variant: 'success',
      text: action === 'REMOVE' ? T.removed(flaggedItemName(item)) : T.dismissed(flaggedItemName(item)),
    });
    void refreshPendingCount();
  }

  /** The answer of a suspend or a lift: every item of that author shows their suspension in force (or none). */
  function applySuspension(state: SuspensionState) {
    setData(
      (d) =>
        d && {
          ...d,
          items: d.items.map((i) => (i.authorId === state.userId ? { ...i, authorSuspension: state.current } : i)),
        },
    );
  }
  const { suspend, lift, lifting, suspendDialog } = useSuspension(applySuspension, setNotice);

  async function dismissRing(ring: VotingRingSignal) {
    setDismissingRing(ring.id);
    try {
      await dismissVotingRing(ring.id);
      setData((d) => d && { ...d, rings: d.rings.filter((r) => r.id !== ring.id) });
      setNotice({ variant: 'success', text: T.ringDismissed(ring.certificationName) });
      void refreshPendingCount();
    } catch (err) {
      setNotice({ variant: 'danger', text: errorText(err, T.ringDismissFailed) });
    } finally {
      setDismissingRing(null);
    }
  }

  if (error || !data) return <FlagsLoading error={error} onRetry={retry} />;
  return (
    <div>
      {notice && (
        <Alert
          variant={notice.variant}
          dismissible
          onClose={() => setNotice(null)}
          role={notice.variant === 'danger' ? 'alert' : 'status'}
          data-testid="flags-notice"
        >
          {notice.text}
        </Alert>
      )}
      <FlaggedItemsSection
        items={data.items}
        user={user}
        lifting={lifting}
        onDecide={(item, action) => setDeciding({ item, action })}
        onSuspend={suspend}
        onLift={(author) => void lift(author)}
      />
      <RingsSection
        rings={data.rings}
        admin={can(user, 'administer')}
        dismissing={dismissingRing}
        onDismiss={(ring) => void dismissRing(ring)}
        onReverse={setReversing}
      />
      {deciding && (
        <DecideDialog
          deciding={deciding}
          onClose={() => setDeciding(null)}
          onSubmit={(reason) => decide(deciding.item, deciding.action, reason)}
        />
      )}
      {suspendDialog}
      <ReverseVotesFor member={reversing} onDone={() => setReversing(null)} notify={setNotice} />
    </div>
  );
}
