import { BADGE_TEXT } from '@certitude/shared';

/**
 * "Verified holder" beside a member's rating, review or comment on a certification they hold a verified Open Badge of
 * (docs/product.md#verified-holders).
 */
export function VerifiedHolderMark() {
  return (
    <span className="badge text-bg-success" title={BADGE_TEXT.verifiedHolderTitle} data-testid="verified-holder">
      {BADGE_TEXT.verifiedHolder}
    </span>
  );
}
