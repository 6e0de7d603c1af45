import { firstSignInSchema, type FirstSignIn, type FirstSignInOutcome } from '@certitude/shared';
import { api } from '../../lib/api-client';
import { addBadge, saveTrackerEntry } from '../members/tracker-api';

/** The first sign-in dialog's calls (docs/api.md#first-sign-in); the check's are in first-sign-in-check.tsx. */

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
