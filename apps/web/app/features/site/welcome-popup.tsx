import { STORAGE_KEYS, WELCOME_POPUP_DELAY_MS } from '@certitude/shared';
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { useAuthModal } from '../layout/auth-modal-context';
import { setFlag, shouldGreet } from './site-storage';
import type { WelcomeAction } from './welcome-dialog';

// The dialog appears a second after load at the earliest, so its code stays out of the first paint's bundle.
const loadDialog = () => import('./welcome-dialog');
const WelcomeDialog = lazy(loadDialog);

/** Pages reached from an email or a sign-in provider: a greeting would cover the task the visitor came for. */
const TASK_PATHS = ['/auth/callback', '/reset-password', '/verify-email'];

/** The first-visit welcome popup (docs/product.md#welcome-popup). */
export function WelcomePopup() {
  const { pathname } = useLocation();
  const auth = useAuthModal();
  const [mounted, setMounted] = useState(false);
  const [show, setShow] = useState(false);
  const pending = useRef<WelcomeAction>(null);
  const firstPath = useRef(pathname);

  useEffect(() => {
    if (TASK_PATHS.includes(firstPath.current) || !shouldGreet()) return;
    void loadDialog();
    const timer = window.setTimeout(() => {
      // A sign-in may have finished during the delay (the social callback stores its tokens at once).
      if (!shouldGreet()) return;
      setFlag(STORAGE_KEYS.visited);
      setMounted(true);
      setShow(true);
    }, WELCOME_POPUP_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, []);

  const close = useCallback((action: WelcomeAction) => {
    setFlag(STORAGE_KEYS.welcomeShown);
    pending.current = action;
    setShow(false);
  }, []);

  // The sign-in dialog opens once this one has gone, so that the two never fight over focus.
  const exited = useCallback(() => {
    setMounted(false);
    const action = pending.current;
    pending.current = null;
    if (action) auth.open(action);
  }, [auth]);

  if (!mounted) return null;
  return (
    <Suspense fallback={null}>
      <WelcomeDialog show={show} onClose={close} onExited={exited} />
    </Suspense>
  );
}
