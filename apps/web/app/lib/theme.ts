import { useSyncExternalStore } from 'react';
import { STORAGE_KEYS, type Theme } from '@certitude/shared';

/**
 * Runs before first paint (inline, with the CSP nonce): the saved theme if light or dark, else the system
 * preference, else light (docs/product.md#theme). Kept as a string so that it can be inlined in the document head.
 */
export const THEME_BOOT_SCRIPT = `(function(){try{var t=localStorage.getItem(${/* @__PURE__ */ JSON.stringify(STORAGE_KEYS.theme)});if(t!=='light'&&t!=='dark'){t=window.matchMedia&&window.matchMedia('(prefers-color-scheme: dark)').matches?'dark':'light'}document.documentElement.setAttribute('data-bs-theme',t)}catch(e){document.documentElement.setAttribute('data-bs-theme','light')}})();`;

function currentTheme(): Theme {
  if (typeof document === 'undefined') return 'light';
  return document.documentElement.getAttribute('data-bs-theme') === 'dark' ? 'dark' : 'light';
}

export function applyTheme(theme: Theme): void {
  document.documentElement.setAttribute('data-bs-theme', theme);
  try {
    localStorage.setItem(STORAGE_KEYS.theme, theme);
  } catch {
    // storage may be unavailable (private mode): the theme still applies to this page
  }
}

const listeners = new Set<() => void>();

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The theme on the page; the server render assumes light, the browser reads what the boot script chose. */
export function useTheme(): Theme {
  return useSyncExternalStore(subscribe, currentTheme, () => 'light');
}

export function setTheme(theme: Theme): void {
  applyTheme(theme);
  for (const l of listeners) l();
}

/**
 * Puts back the theme the boot script chose (saved, else the system preference), without saving it. The
 * root error boundary mounts <html> afresh with the server's light default, which would drop a dark theme.
 */
export function restoreTheme(): void {
  let theme: Theme = 'light';
  try {
    const saved = localStorage.getItem(STORAGE_KEYS.theme);
    if (saved === 'light' || saved === 'dark') theme = saved;
    else if (window.matchMedia?.('(prefers-color-scheme: dark)').matches) theme = 'dark';
  } catch {
    // storage unavailable: light, as the boot script does
  }
  if (currentTheme() === theme) return;
  document.documentElement.setAttribute('data-bs-theme', theme);
  for (const l of listeners) l();
}
