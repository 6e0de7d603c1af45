import { STORAGE_KEYS, WELCOME_POPUP_DELAY_MS } from '@certitude/shared';
import { useEffect, useState, type ComponentType } from 'react';
import { flushSync } from 'react-dom';
import { setFlag, shouldGreet } from './site-storage';

// The dialog appears a second after load at the earliest, so its code stays out of the first paint's bundle.
const loadDialog = () => import('./welcome-dialog');

/**
 * Pages reached from an email or a sign-in provider: a greeting would cover the task the visitor came for.
 * The address at load decides, as the popup belongs to the page load.
 */
const TASK_PATHS = ['/auth/callback', '/reset-password', '/verify-email'];

/**
 * What a visitor does on the page: a touch or a press, a click (a screen reader's activation may send only
 * that), a key, a move back or forward.
 */
const ACTIONS = ['pointerdown', 'click', 'keydown', 'popstate'];

/**
 * The welcome popup for a first-time visitor, a second after load (docs/decisions/0019). It never covers what
 * the visitor has started: after an action of theirs, or while another dialog is open, it stays away for this
 * page view and neither flag is set, so that the next page load tries again.
 */
export function WelcomePopup() {
  const [Popup, setPopup] = useState<ComponentType | null>(null);

  useEffect(() => {
    if (TASK_PATHS.includes(location.pathname) || !shouldGreet()) return;
    let acted = false;
    const act = () => (acted = true);
    const stop = () => ACTIONS.forEach((a) => removeEventListener(a, act, true));
    ACTIONS.forEach((a) => addEventListener(a, act, true));
    const dialog = loadDialog();
    const timer = setTimeout(() => {
      dialog.then(({ default: loaded }) => {
        stop();
        // A sign-in may have finished during the delay (the social callback stores its tokens at once).
        if (acted || !shouldGreet() || document.querySelector('[aria-modal=true]')) return;
        setFlag(STORAGE_KEYS.visited);
        // Rendered at once: no click can reach the page between the checks above and the dialog's backdrop.
        flushSync(() => setPopup(() => loaded));
      }, stop);
    }, WELCOME_POPUP_DELAY_MS);
    return () => {
      act();
      stop();
      clearTimeout(timer);
    };
  }, []);

  return Popup && <Popup />;
}
