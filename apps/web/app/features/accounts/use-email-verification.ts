import { ACCOUNT_TEXT, MSG } from '@certitude/shared';
import { useEffect, useState } from 'react';
import { errorText } from '../../lib/api-client';
import { verifyEmail } from './account-api';

export type Verification =
  { status: 'verifying' } | { status: 'success'; message: string } | { status: 'error'; message: string };

// A verification link works once: the same token is never sent twice from this page, even when React
// mounts the page twice (development) or the user comes back to it.
const attempts = new Map<string, Promise<Verification>>();

function attempt(token: string): Promise<Verification> {
  let result = attempts.get(token);
  if (!result) {
    result = verifyEmail(token).then(
      (answer): Verification =>
        answer?.success === false
          ? { status: 'error', message: answer.message || MSG.verificationFailed }
          : { status: 'success', message: answer?.message || ACCOUNT_TEXT.verifySuccess },
      (err: unknown): Verification => ({ status: 'error', message: errorText(err, MSG.verificationFailed) }),
    );
    attempts.set(token, result);
  }
  return result;
}

/** Verifying, then success or error (docs/product.md#email-verification); without a token, its error at once. */
export function useEmailVerification(token: string | null): Verification {
  const [result, setResult] = useState<{ token: string; value: Verification } | null>(null);
  useEffect(() => {
    if (!token) return;
    let live = true;
    void attempt(token).then((value) => live && setResult({ token, value }));
    return () => {
      live = false;
    };
  }, [token]);
  if (!token) return { status: 'error', message: MSG.noVerificationToken };
  return result?.token === token ? result.value : { status: 'verifying' };
}

/** Forgets past attempts; for tests. */
export function resetVerificationAttempts() {
  attempts.clear();
}
