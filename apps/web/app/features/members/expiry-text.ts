import { formatDay, type MemberCertification, TRACKER_TEXT } from '@certitude/shared';
import { today } from './day-format';

/**
 * What a held certification's expiry says, on the profile and the public profile alike: "Expires" or, once the day
 * has passed, "Expired" with the day; without a day, "Does not expire" only when the certification is known to have
 * no end, else "Validity not known yet".
 */
export function expiryText(entry: { expiresOn: string | null; certification: Pick<MemberCertification, 'validity'> }): {
  text: string;
  lapsed: boolean;
} {
  if (entry.expiresOn) {
    const lapsed = entry.expiresOn < today();
    return { text: `${lapsed ? TRACKER_TEXT.expired : TRACKER_TEXT.expires} ${formatDay(entry.expiresOn)}`, lapsed };
  }
  return {
    text: entry.certification.validity === 'UNLIMITED' ? TRACKER_TEXT.noExpiry : TRACKER_TEXT.validityUnknown,
    lapsed: false,
  };
}
