/**
 * The number on the navbar's badges: the admin badge's pending items and the notification bell's unread count
 * (docs/product.md#navbar). Apart from limits.ts and text/*.ts, so that the bell, shown on every page a member
 * opens, loads this and not the message catalogue (apps/web/vite.config.ts).
 */

/** Above this a badge shows '99+'. */
export const BADGE_CAP = 99;

export function badgeCount(n: number): string {
  return n > BADGE_CAP ? `${BADGE_CAP}+` : String(n);
}
