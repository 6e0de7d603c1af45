import { SUSPENSION_TEXT, type SuspensionState } from '@certitude/shared';
import { useState } from 'react';
import { errorText } from '../../lib/api-client';
import { liftSuspension } from './admin-api';
import { SuspendDialog } from './suspend-dialog';

/** A notice of the admin panel's tabs: green for done, red (and read out at once) for a failure. */
export type AdminNotice = { variant: 'success' | 'danger'; text: string };

type Member = { id: number; username: string };

/**
 * Suspending a member and lifting their suspension, as the Flags and Members tabs offer it: `apply` shows the
 * server's answer (the suspension in force, and its history), `notify` says how it went.
 */
export function useSuspension(apply: (state: SuspensionState) => void, notify: (notice: AdminNotice) => void) {
  const [suspending, setSuspending] = useState<Member | null>(null);
  /** The member whose suspension is being lifted. */
  const [lifting, setLifting] = useState<number | null>(null);

  async function lift(member: Member) {
    setLifting(member.id);
    try {
      apply(await liftSuspension(member.id));
      notify({ variant: 'success', text: SUSPENSION_TEXT.liftedNotice(member.username) });
    } catch (err) {
      notify({ variant: 'danger', text: errorText(err, SUSPENSION_TEXT.liftFailed) });
    } finally {
      setLifting(null);
    }
  }

  const suspendDialog = suspending && (
    <SuspendDialog
      member={suspending}
      onClose={() => setSuspending(null)}
      onSuspended={(state) => {
        apply(state);
        setSuspending(null);
        notify({ variant: 'success', text: SUSPENSION_TEXT.suspendedNotice(state.username) });
      }}
    />
  );

  return { suspend: setSuspending, lift, lifting, suspendDialog };
}
