import './support-banner.css';
import { STORAGE_KEYS } from '@certitude/shared';
import { useState, useSyncExternalStore } from 'react';
import { useRouteLoaderData } from 'react-router';
import { readFlag, setFlag } from './site-storage';
import { SUPPORT_BANNER_TEXT as T } from './support-banner-text';

interface RootData {
  supportUrl?: string | null;
}

/**
 * Inlined in the document head (root.tsx, with the CSP nonce): a visitor who dismissed the banner never sees
 * it flash before hydration. It only marks <html>, which the app does not hydrate strictly.
 */
export const SUPPORT_BANNER_BOOT_SCRIPT = `try{if(localStorage.getItem(${/* @__PURE__ */ JSON.stringify(STORAGE_KEYS.supportBannerDismissed)})!==null)document.documentElement.setAttribute('data-support-dismissed','')}catch(e){}`;

const noSubscription = () => () => {};
const readDismissed = () => readFlag(STORAGE_KEYS.supportBannerDismissed) === true;

/** The dismissible support banner linking to the donation page (SUPPORT_URL); nothing when it is unset. */
export function SupportBanner() {
  const root = useRouteLoaderData('root') as RootData | undefined;
  const stored = useSyncExternalStore(noSubscription, readDismissed, () => false);
  const [dismissedNow, setDismissedNow] = useState(false);
  const url = root?.supportUrl;
  if (!url || stored || dismissedNow) return null;

  const dismiss = () => {
    setFlag(STORAGE_KEYS.supportBannerDismissed);
    setDismissedNow(true);
  };
  return (
    <aside className="support-banner bg-primary-subtle text-primary-emphasis border-bottom" aria-label={T.label}>
      <div className="container d-flex align-items-center gap-3 py-2 small">
        <p className="mb-0 flex-grow-1">
          {T.sentence}{' '}
          <a href={url} target="_blank" rel="noopener noreferrer" className="fw-semibold text-reset">
            {T.link}
            <span className="visually-hidden">{T.newTab}</span>
          </a>
          .
        </p>
        {/* Bootstrap's own class, without its component: this banner is part of every page's first load. */}
        <button type="button" className="btn-close" aria-label={T.dismiss} onClick={dismiss} />
      </div>
    </aside>
  );
}
