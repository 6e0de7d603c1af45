/**
 * What the navbar's notification bell needs (docs/product.md#navbar), besides its number (badge.ts). The bell shows on every page for signed-in
 * members, so this module stays apart from text/*.ts and limits.ts: the web app's build leaves it with the bell's
 * own small file (apps/web/vite.config.ts) instead of the shared `texts` file.
 */

/** How often the bell asks for the unread count while the tab is visible (never while it is hidden). */
export const UNREAD_COUNT_POLL_MS = 60_000;

/**
 * The bell also asks as soon as the tab becomes visible again, unless its last request is more recent than this:
 * a member switching back and forth between tabs makes at most one request per this many milliseconds.
 */
export const UNREAD_COUNT_MIN_GAP_MS = 10_000;

export const BELL_TEXT = {
  notifications: 'Notifications',
  /** The preview a wide screen's bell opens: its name, and its link to the notifications page. */
  preview: 'Latest notifications',
  seeAll: 'See all notifications',
  loading: 'Loading...',
  empty: 'You have no notifications yet.',
  loadFailed: 'Failed to load notifications',
} as const;

/** How many notifications the bell's preview shows, the newest. */
export const BELL_PREVIEW_SIZE = 5;

/** The bell's accessible name: 'Notifications, 3 unread', or 'Notifications' when nothing is unread. */
export function bellLabel(unread: number): string {
  return unread > 0 ? `${BELL_TEXT.notifications}, ${unread} unread` : BELL_TEXT.notifications;
}

/**
 * The browser's record of the members it knows have answered or skipped the first sign-in's questions (a JSON list
 * of account ids, the last 20; docs/product.md#first-sign-in), read by the check that loads with the bell. Apart
 * from STORAGE_KEYS, which every page's first scripts carry.
 */
export const FIRST_SIGN_IN_KEY = 'firstSignInAsked';
