import { STORAGE_KEYS } from '@certitude/shared';

type FlagKey =
  typeof STORAGE_KEYS.welcomeShown | typeof STORAGE_KEYS.visited | typeof STORAGE_KEYS.supportBannerDismissed;

/** Whether a remembered flag is set; null when the browser refuses storage (private mode, blocked site data). */
export function readFlag(key: FlagKey): boolean | null {
  try {
    return localStorage.getItem(key) !== null;
  } catch {
    return null;
  }
}

export function setFlag(key: FlagKey): void {
  try {
    localStorage.setItem(key, 'true');
  } catch {
    // storage refused: the choice holds for this page only
  }
}

function hasAccessToken(): boolean {
  try {
    return Boolean(localStorage.getItem(STORAGE_KEYS.accessToken));
  } catch {
    return false;
  }
}

/**
 * The welcome popup is for first-time visitors only (docs/product.md#welcome-popup): no access token, never shown, never visited.
 * Without storage it could not be remembered and would greet the visitor on every page, so it stays away.
 */
export function shouldGreet(): boolean {
  const shown = readFlag(STORAGE_KEYS.welcomeShown);
  const visited = readFlag(STORAGE_KEYS.visited);
  return shown === false && visited === false && !hasAccessToken();
}
