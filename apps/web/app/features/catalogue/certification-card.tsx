import { canEditCertification, LISTING_TEXT, type Certification, type User } from '@certitude/shared';
import { memo } from 'react';
import { Link } from 'react-router';
import { CompareToggle } from '../compare/compare-toggle';
import { useCertificationEditor } from './certification-editor';
import { VendorBadge } from './vendor-badge';
import { VoteWidget } from './vote-widget';

/**
 * A card of the home grid (docs/product.md#certification-card): vote widget with the score, name, vendor badge, code, level,
 * a retired badge, the rating means, Edit where the policy allows it (its submitter, moderators), View & Discuss, Official Page and the Compare toggle. Memoized: a keystroke in the search re-renders no card.
 */
export const CertificationCard = memo(function CertificationCard({
  cert,
  user,
}: {
  cert: Certification;
  /** The signed-in member, from the page. */
  user: User | null;
}) {
  const editor = useCertificationEditor();
  // The policy's rule for 'certification:edit' (packages/shared/src/policy.ts), without loading every rule.
  const editable = canEditCertification(user, { status: cert.status, submittedBy: cert.submittedById });
  return (
    <article className="card h-100 shadow-sm certification-card">
      <div className="card-body d-flex gap-3">
        <VoteWidget
          type="certification"
          id={cert.id}
          upvoteCount={cert.upvoteCount}
          downvoteCount={cert.downvoteCount}
          label={cert.name}
          viewerId={user?.id ?? null}
        />
        <div className="flex-grow-1 min-w-0">
          <h2 className="h5 card-title mb-1">{cert.name}</h2>
          <div className="d-flex flex-wrap gap-2 align-items-center mb-3">
            <VendorBadge vendor={cert.vendor} />
            {/* An empty code: the vendor publishes none. */}
            {cert.certCode && <code className="cert-code">{cert.certCode}</code>}
            {cert.level && (
              <span className="badge text-bg-light border text-capitalize">{cert.level.toLowerCase()}</span>
            )}
            {cert.lifecycle !== 'ACTIVE' && (
              <span className="badge text-bg-secondary">{cert.lifecycle === 'RETIRED' ? 'Retired' : 'Retiring'}</span>
            )}
          </div>
          {cert.difficulty !== null && (
            <p className="small text-body-secondary mb-2" data-testid="card-means">
              Difficulty {cert.difficulty.toFixed(1)} · Value {cert.value!.toFixed(1)} · Recognition{' '}
              {cert.recognition!.toFixed(1)}
            </p>
          )}
          <div className="d-flex flex-wrap gap-2">
            {editable && (
              <button
                type="button"
                className="btn btn-sm btn-outline-primary"
                aria-label={`${LISTING_TEXT.edit} ${cert.name}`}
                onClick={() => editor.edit(cert)}
              >
                {LISTING_TEXT.edit}
              </button>
            )}
            <Link to={`/certification/${cert.slug}`} className="btn btn-sm btn-primary">
              {LISTING_TEXT.viewAndDiscuss}
            </Link>
            {cert.url && (
              <a href={cert.url} target="_blank" rel="noopener noreferrer" className="btn btn-sm btn-outline-secondary">
                {LISTING_TEXT.officialPage}
              </a>
            )}
            <CompareToggle slug={cert.slug} name={cert.name} />
          </div>
        </div>
      </div>
    </article>
  );
});
