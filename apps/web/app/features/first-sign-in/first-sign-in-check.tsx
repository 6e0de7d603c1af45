import { useEffect, useState, type ComponentType } from 'react';
import { useCurrentUser } from '../../lib/auth-store';
import { fetchFirstSignIn, knownAsked, rememberAsked } from './first-sign-in-api';
import type { FirstSignInDialogProps } from './first-sign-in-dialog';

/**
 * Asks the server, once per member and browser, whether the first sign-in's questions are still to be asked
 * (docs/product.md#first-sign-in); the dialog's code loads only when they are. Loaded with the navbar's member parts,
 * after the page is shown.
 */
export function FirstSignInCheck() {
  const user = useCurrentUser();
  const userId = user?.id;
  const [Dialog, setDialog] = useState<ComponentType<FirstSignInDialogProps> | null>(null);

  useEffect(() => {
    if (userId === undefined || knownAsked(userId)) return;
    let left = false;
    fetchFirstSignIn()
      .then(async (state) => {
        if (!state.pending) return rememberAsked(userId);
        const loaded = (await import('./first-sign-in-dialog')).default;
        if (!left) setDialog(() => loaded);
      })
      .catch(() => undefined);
    return () => {
      left = true;
    };
  }, [userId]);

  if (!Dialog || userId === undefined) return null;
  return (
    <Dialog
      onClosed={() => {
        rememberAsked(userId);
        setDialog(null);
      }}
    />
  );
}
