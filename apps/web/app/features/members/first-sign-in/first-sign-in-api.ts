import { firstSignInSchema, type FirstSignIn, type FirstSignInOutcome } from '@certitude/shared';
import { api } from '../../../lib/api-client';
import { addBadge, saveTrackerEntry } from '../../../lib/tracker-api';

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
 * Saves one pick: its badge, verified by the server with its issuer, which marks held the certification the badge
 * proves (with the badge's dates), whichever was picked; or a held tracker entry from the day given. Answers the
 * certification marked held; throws what the server refused.
 */
export async function saveHeld(pick: HeldPick): Promise<HeldPick> {
  if (!pick.badgeUrl.trim()) {
    await saveTrackerEntry(pick.id, { status: 'HELD', earnedOn: pick.earnedOn });
    return pick;
  }
  const badge = await addBadge(pick.badgeUrl.trim());
  return { ...pick, id: badge.certification.id, name: badge.certification.name };
}
