import { MSG, TEXT, type Certification, type User } from '@certitude/shared';
import { CompareToggle } from '../components/compare-toggle';
import { FlagButton } from '../components/flag-button';
import { Markdown } from '../components/markdown';
import { VendorBadge } from '../features/catalogue/vendor-badge';
import { ItemVoteWidget } from '../features/catalogue/vote-widget';
import { TrackerChoice } from '../features/members/tracker-choice';
import { WatchButton } from '../features/members/watch-button';

/**
 * The top of a certification's page: its vote, name, vendor and code, its review state, the notices its submitter
 * reads, its description and what a member can do with it (compare, watch, flag, track).
 */
export function CertificationHeader({
  cert,
  user,
  editable,
  onEdit,
}: {
  cert: Certification;
  user: User | null;
  editable: boolean;
  onEdit: () => void;
}) {
  const mine = user !== null && cert.submittedById === user.username;
  const approved = cert.status === 'APPROVED';
  return (
    <article className="card shadow-sm">
      <div className="card-body d-flex gap-3">
        {approved && <ItemVoteWidget type="certification" item={cert} viewerId={user?.id ?? null} />}
        <div className="flex-grow-1 min-w-0">
          <div className="d-flex flex-wrap justify-content-between gap-2">
            <h1 className="h3">{cert.name}</h1>
            {editable && (
              <button type="button" className="btn btn-outline-primary btn-sm align-self-start" onClick={onEdit}>
                {TEXT.edit}
              </button>
            )}
          </div>
          <div className="d-flex flex-wrap gap-2 align-items-center mb-3">
            <VendorBadge vendor={cert.vendor} />
            {/* An empty code: the vendor publishes none. */}
            {cert.certCode && <code className="cert-code">{cert.certCode}</code>}
            {!approved && (
              <span className="badge text-bg-warning">
                {cert.hiddenByFlags ? TEXT.hiddenPendingReview : TEXT.pendingReview}
              </span>
            )}
          </div>
          {mine && cert.hiddenByFlags && (
            <div className="alert alert-warning" role="status" data-testid="hidden-by-flags">
              {MSG.hiddenByFlagsNotice}
            </div>
          )}
          {mine && cert.pendingEdit && (
            <div className="alert alert-info" role="status" data-testid="edit-awaiting-review">
              {MSG.editAwaitingReview}
            </div>
          )}
          <Markdown source={cert.description} className="mb-3" />
          {cert.url && (
            <a href={cert.url} target="_blank" rel="noopener noreferrer" className="btn btn-outline-primary">
              {TEXT.officialPage}
            </a>
          )}
          {approved && (
            <span className="ms-2">
              <CompareToggle slug={cert.slug} name={cert.name} />
            </span>
          )}
          {approved && <WatchButton certificationId={cert.id} name={cert.name} />}
          {approved && (
            <FlagButton
              targetType="certification"
              targetId={cert.id}
              what="certification"
              author={cert.submittedById}
              className="ms-2"
            />
          )}
          {approved && <TrackerChoice certificationId={cert.id} />}
        </div>
      </div>
    </article>
  );
}
