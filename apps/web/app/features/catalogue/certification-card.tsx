import { canEditCertification, countOf, formatDay, LISTING_TEXT, type User } from '@certitude/shared';
import { memo } from 'react';
import { Link } from 'react-router';
import { CompareToggle } from '../../components/compare-toggle';
import { CATALOGUE_TEXT as T } from './catalogue-text';
import { useCertificationEditor } from './certification-editor';
import { VendorBadge } from './vendor-badge';
import { ItemVoteWidget } from './vote-widget';
import type { ListedCertification } from './listed-certification';

/** The facts that help choose, those known: exam cost, length, validity. */
function factsOf(cert: ListedCertification): string[] {
  const { costUsd, durationMinutes } = cert.exam;
  const months = cert.validityMonths;
  const facts: string[] = [];
  if (costUsd !== null) facts.push(`US$${costUsd} exam`);
  if (durationMinutes !== null) facts.push(`${durationMinutes} min`);
  if (months !== null) facts.push(`Valid ${months % 12 ? `${months} months` : countOf(months / 12, 'year')}`);
  return facts;
}

/**
 * A card of the home grid (docs/product.md#certification-card): vote widget with the score, name, vendor badge,
 * code, level, Retiring (with its date) or Retired; the exam's cost, length and validity where known; the rating
 * means from 3 ratings, else Not rated yet; the comment count; Edit where the policy
 * allows it (its submitter, moderators), View & Discuss, Official Page and the Compare toggle. The whole card opens
 * the certification (View & Discuss stretches over it; the other controls sit above it). Memoized: a keystroke in
 * the search re-renders no card.
 */
export const CertificationCard = memo(function CertificationCard({
  cert,
  user,
}: {
  cert: ListedCertification;
  /** The signed-in member, from the page. */
  user: User | null;
}) {
  const editor = useCertificationEditor();
  // The policy's rule for 'certification:edit' (packages/shared/src/policy.ts), without loading every rule.
  const editable = canEditCertification(user, { status: cert.status, submittedBy: cert.submittedById });
  const facts = factsOf(cert);
  return (
    <article className="card h-100 shadow-sm certification-card">
      <div className="card-body d-flex gap-3">
        <ItemVoteWidget type="certification" item={cert} viewerId={user?.id ?? null} />
        <div className="flex-grow-1 min-w-0 d-flex flex-column">
          <h2 className="h5 card-title mb-1">{cert.name}</h2>
          <div className="d-flex flex-wrap gap-2 align-items-center mb-2">
            <VendorBadge vendor={cert.vendor} />
            {/* An empty code: the vendor publishes none. */}
            {cert.certCode && <code className="cert-code">{cert.certCode}</code>}
            {cert.level && (
              <span className="badge text-bg-light border text-capitalize">{cert.level.toLowerCase()}</span>
            )}
            {cert.lifecycle !== 'ACTIVE' && (
              <span className={`badge ${cert.lifecycle === 'RETIRED' ? 'text-bg-secondary' : 'text-bg-warning'}`}>
                {cert.lifecycle === 'RETIRED'
                  ? LISTING_TEXT.retired
                  : `${LISTING_TEXT.retiring}${cert.retiresOn ? ` ${formatDay(cert.retiresOn)}` : ''}`}
              </span>
            )}
          </div>
          {facts.length > 0 && (
            <p className="small mb-1" data-testid="card-facts">
              {facts.join(' · ')}
            </p>
          )}
          <p className="small text-body-secondary mb-2" data-testid="card-means">
            {cert.difficulty !== null
              ? `${T.difficulty} ${cert.difficulty.toFixed(1)} · ${T.value} ${cert.value!.toFixed(1)} · ${T.recognition} ${cert.recognition!.toFixed(1)}`
              : LISTING_TEXT.notRatedYet}
            {` · ${countOf(cert.commentCount, 'comment')}`}
          </p>
          <div className="card-actions d-flex flex-wrap gap-3 align-items-center mt-auto">
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
            <Link to={`/certification/${cert.slug}`} className="stretched-link small fw-semibold">
              {LISTING_TEXT.viewAndDiscuss}
            </Link>
            {cert.url && (
              <a href={cert.url} target="_blank" rel="noopener noreferrer" className="small">
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
