import { FIRST_SIGN_IN_TEXT } from '@certitude/shared';
import { lazy, Suspense, useState } from 'react';
import { TitledCard } from '../../../components/titled-card';

const FirstSignInDialog = lazy(() => import('./first-sign-in-dialog'));

/**
 * The profile's way back to the first sign-in's questions (docs/product.md#first-sign-in), answered or skipped
 * before: the dialog's code loads when the member opens it. `onClosed` lets the page show what it added.
 */
export function FirstSignInButton({ onClosed }: { onClosed(): void }) {
  const [open, setOpen] = useState(false);
  return (
    <TitledCard titleId="first-sign-in-again" title={FIRST_SIGN_IN_TEXT.again}>
      <p className="text-body-secondary small">{FIRST_SIGN_IN_TEXT.againIntro}</p>
      <button type="button" className="btn btn-outline-primary btn-sm" onClick={() => setOpen(true)}>
        {FIRST_SIGN_IN_TEXT.open}
      </button>
      {open && (
        <Suspense fallback={null}>
          <FirstSignInDialog
            onClosed={() => {
              setOpen(false);
              onClosed();
            }}
          />
        </Suspense>
      )}
    </TitledCard>
  );
}
