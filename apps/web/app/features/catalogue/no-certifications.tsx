import { LISTING_TEXT } from '@certitude/shared';
import { NO_CERTIFICATIONS_TEXT } from './no-certifications-text';

/** The catalogue holds no certification yet (docs/product.md#home-listing): members may submit the first. */
export default function NoCertifications({ onSubmit }: { onSubmit: (() => void) | null }) {
  return (
    <div className="text-center py-5">
      <h2 className="h4">{LISTING_TEXT.noCertificationsAvailable}</h2>
      <p className="text-body-secondary">{NO_CERTIFICATIONS_TEXT}</p>
      {onSubmit && (
        <button type="button" className="btn btn-primary" onClick={onSubmit}>
          {LISTING_TEXT.submitCertification}
        </button>
      )}
    </div>
  );
}
