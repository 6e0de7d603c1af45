import { lazy, Suspense, useState } from 'react';
import { useAuthModal } from '../../lib/auth-modal-context';

// The dialogs, their forms and the zod schemas they validate with are not needed for the first paint:
// they load the first time a dialog opens (the home page has a 120 KB gzip budget for JavaScript).
const AuthDialogs = lazy(() => import('./auth-dialogs'));

/** The sign-in dialogs (login, register, forgot password), opened through useAuthModal(). */
export function AuthModals() {
  const { modal } = useAuthModal();
  // Once loaded they stay mounted, so that closing plays the fade-out and switching between them is instant.
  const [wanted, setWanted] = useState(false);
  if (modal && !wanted) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <AuthDialogs />
    </Suspense>
  );
}
