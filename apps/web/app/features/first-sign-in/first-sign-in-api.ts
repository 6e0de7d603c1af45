import { firstSignInSchema, type FirstSignIn, type FirstSignInOutcome } from '@certitude/shared';
import { api } from '../../lib/api-client';
import { addBadge, saveTrackerEntry } from '../members/tracker-api';

/** The first sign-in's calls (docs/api.md#first-sign-in). */

export function fetchFirstSignIn(): Promise<FirstSignIn> {
  return api('/api/user/first-sign-in', { schema: __CHECK_ANSWERS__ && firstSignInSchema });
}

export function recordFirstSignIn(outcome: FirstSignInOutcome): Promise<FirstSignIn> {
  return api('/api/user/first-sign-in', {
    method: 'PUT',
    body: { outcome },
    schema: __CHECK_ANSWERS__ && firstSignInSchema,
  });
}

/** A certification the member says they hold: with its badge's link, or the day they earned it. */
export interface HeldPick {
  id: number;
  name: string;
  badgeUrl: string;
  earnedOn: string;
}

/**
 * Saves one pick: its badge, verified by the server with its issuer, which marks it held with the badge's dates; or a
 * held tracker entry from the day given. Throws what the server refused.
 */
export async function saveHeld(pick: HeldPick): Promise<void> {
  if (pick.badgeUrl.trim()) await addBadge(pick.badgeUrl.trim());
  else await saveTrackerEntry(pick.id, { status: 'HELD', earnedOn: pick.earnedOn });
}

/**
 * The members this browser knows have answered or skipped: it does not ask the server again for them. The server's
 * answer decides on any other browser.
 */
const KEY = 'firstSignInAsked';

function asked(): number[] {
  try {
    const ids: unknown = JSON.parse(localStorage.getItem(KEY) ?? '[]');
    return Array.isArray(ids) ? ids.filter((id): id is number => typeof id === 'number') : [];
  } catch {
    return [];
  }
}

export const knownAsked = (userId: number) => asked().includes(userId);

export function rememberAsked(userId: number) {
  try {
    if (!knownAsked(userId)) localStorage.setItem(KEY, JSON.stringify([...asked(), userId].slice(-20)));
  } catch {
    // storage unavailable: the server is asked again on the next page load
  }
}
