import { ROLES, STORAGE_KEYS, type User } from '@certitude/shared';
import { useSyncExternalStore } from 'react';

/**
 * The signed-in member as stored in the browser (docs/product.md#stored-in-the-browser: accessToken, refreshToken, user). The server
 * render knows nobody, so signed-in parts appear after hydration.
 */
const listeners = new Set<() => void>();
let cachedRaw: string | null | undefined;
let cachedUser: User | null = null;

function read(): User | null {
  let raw: string | null = null;
  try {
    raw = localStorage.getItem(STORAGE_KEYS.user);
  } catch {
    raw = null;
  }
  if (raw === cachedRaw) return cachedUser;
  cachedRaw = raw;
  try {
    cachedUser = asUser(raw ? JSON.parse(raw) : null);
  } catch {
    cachedUser = null;
  }
  return cachedUser;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  const onStorage = (e: StorageEvent) => {
    if (e.key === null || e.key === STORAGE_KEYS.user) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** A light shape check of the stored record; it is only trusted for display, the server decides the rest. */
function asUser(value: unknown): User | null {
  if (!value || typeof value !== 'object') return null;
  const u = value as Partial<User>;
  if (
    typeof u.id !== 'number' ||
    typeof u.username !== 'string' ||
    !(ROLES as readonly string[]).includes(String(u.role))
  ) {
    return null;
  }
  return u as User;
}

function notifyAuthChanged() {
  for (const l of listeners) l();
}

export function useCurrentUser(): User | null {
  return useSyncExternalStore(subscribe, read, () => null);
}

function readItem(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function getAccessToken(): string | null {
  return readItem(STORAGE_KEYS.accessToken);
}

export function getRefreshToken(): string | null {
  return readItem(STORAGE_KEYS.refreshToken);
}

/** The stored user, read now (not through the hook), e.g. to decide a redirect right after hydration. */
export function getStoredUser(): User | null {
  return read();
}

/** Stores what a sign-in or refresh returned (docs/product.md#stored-in-the-browser: accessToken, refreshToken, user). */
export function storeTokens(token: string, refreshToken: string) {
  try {
    localStorage.setItem(STORAGE_KEYS.accessToken, token);
    localStorage.setItem(STORAGE_KEYS.refreshToken, refreshToken);
  } catch {
    // storage unavailable: the session lasts as long as the page
  }
  notifyAuthChanged();
}

/** Replaces the stored user record, e.g. after a profile fetch or an email change. */
export function storeUser(user: User) {
  try {
    localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(user));
  } catch {
    // storage unavailable
  }
  notifyAuthChanged();
}

/** Clears the three auth items (docs/product.md#session). */
/**
 * Clears the three auth items. `notify: false` leaves the page as it is, for a caller that replaces the page at once
 * (signing out): the page's own reaction to a sign-out, such as a members-only page sending the visitor home, would
 * race the new page.
 */
export function clearAuth({ notify = true } = {}) {
  try {
    localStorage.removeItem(STORAGE_KEYS.accessToken);
    localStorage.removeItem(STORAGE_KEYS.refreshToken);
    localStorage.removeItem(STORAGE_KEYS.user);
  } catch {
    // nothing stored
  }
  if (notify) notifyAuthChanged();
}

const sessionEndedListeners = new Set<() => void>();

/**
 * Tells `listener` each time the session ends without the member asking (a refresh failed, or there was nothing
 * to refresh with). The app decides what follows: the root layout sends the member to the home page. Returns the
 * unsubscribe.
 */
export function onSessionEnded(listener: () => void): () => void {
  sessionEndedListeners.add(listener);
  return () => {
    sessionEndedListeners.delete(listener);
  };
}

/** Ends the session (docs/product.md#session): clears the three auth items and tells the `onSessionEnded` listeners. */
export function endSession() {
  clearAuth();
  for (const listener of [...sessionEndedListeners]) listener();
}
