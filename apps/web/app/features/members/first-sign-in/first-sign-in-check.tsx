import { FIRST_SIGN_IN_KEY, firstSignInSchema, type FirstSignIn } from '@certitude/shared';
import { useEffect, useState, type ComponentType } from 'react';
import { api } from '../../../lib/api-client';
import { useCurrentUser } from '../../../lib/auth-store';
import type { FirstSignInDialogProps } from './first-sign-in-dialog';

// Apart from first-sign-in-api.ts, which the dialog uses: the navbar's member parts bring in no other file for this.
/** The question under way for each member: a second mount while it is (React's strict mode) does not ask again. */
const asking = new Map<number, Promise<FirstSignIn>>();

function fetchFirstSignIn(userId: number): Promise<FirstSignIn> {
  let answer = asking.get(userId);
  if (!answer) {
    answer = api('/api/user/first-sign-in', { schema: __CHECK_ANSWERS__ && firstSignInSchema });
    asking.set(userId, answer);
    void answer.catch(() => undefined).finally(() => asking.delete(userId));
  }
  return answer;
}

/**
 * The members this browser knows have answered or skipped: it does not ask the server again for them. The server's
 * answer decides on any other browser.
 */
const KEY = FIRST_SIGN_IN_KEY;

function asked(): number[] {
  try {
    const ids: unknown = JSON.parse(localStorage.getItem(KEY) ?? '[]');
    return Array.isArray(ids) ? ids.filter((id): id is number => typeof id === 'number') : [];
  } catch {
    return [];
  }
}

const knownAsked = (userId: number) => asked().includes(userId);

function rememberAsked(userId: number) {
  try {
    if (!knownAsked(userId)) localStorage.setItem(KEY, JSON.stringify([...asked(), userId].slice(-20)));
  } catch {
    // storage unavailable: the server is asked again on the next page load
  }
}

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
    fetchFirstSignIn(userId)
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
