import {
  BADGE_TEXT,
  formatDay,
  TRACKER_STATUS_LABELS,
  TRACKER_TEXT,
  type TrackerEntry,
  type TrackerStatus,
} from '@certitude/shared';
import { Link } from 'react-router';
import { expiryText } from './expiry-text';

const STATUS_BADGE: Record<TrackerStatus, string> = {
  HELD: 'text-bg-success',
  STUDYING: 'text-bg-info',
  PLANNED: 'text-bg-secondary',
};

/** What the entry's dates say: earned and expiry for a held one, the target for the others. */
function Dates({ entry }: { entry: TrackerEntry }) {
  if (entry.status !== 'HELD') {
    return entry.targetDate ? (
      <span>
        {TRACKER_TEXT.target} {formatDay(entry.targetDate)}
      </span>
    ) : null;
  }
  const expiry = expiryText(entry);
  return (
    <>
      {entry.earnedOn && (
        <span>
          {TRACKER_TEXT.earned} {formatDay(entry.earnedOn)}
        </span>
      )}
      <span className={expiry.lapsed ? 'text-danger-emphasis fw-semibold' : undefined}>{expiry.text}</span>
    </>
  );
}

/** One entry of "My certifications": the certification, its status, dates and visibility, with Edit and Remove. */
export function TrackerEntryRow({
  entry,
  verified = false,
  busy,
  onEdit,
  onRemove,
}: {
  entry: TrackerEntry;
  /** A verified Open Badge proves it: the dates are the badge's. */
  verified?: boolean;
  busy: boolean;
  onEdit: () => void;
  onRemove: () => void;
}) {
  const cert = entry.certification;
  return (
    <li className="list-group-item d-flex flex-wrap align-items-center gap-2" data-testid="tracker-entry">
      <div className="flex-grow-1 min-w-0">
        <Link to={`/certification/${cert.slug}`} className="fw-semibold">
          {cert.name}
        </Link>{' '}
        <span className="text-body-secondary small">
          {cert.vendor} · {cert.certCode}
        </span>
        <div className="small d-flex flex-wrap align-items-center gap-2 mt-1">
          <span className={`badge ${STATUS_BADGE[entry.status]}`}>{TRACKER_STATUS_LABELS[entry.status]}</span>
          {verified && entry.status === 'HELD' && (
            <span className="badge text-bg-success" data-testid="verified" title={BADGE_TEXT.verifiedHolderTitle}>
              {BADGE_TEXT.verified}
            </span>
          )}
          <Dates entry={entry} />
          <span className="badge text-bg-light border">
            {entry.public ? TRACKER_TEXT.public : TRACKER_TEXT.private}
          </span>
        </div>
      </div>
      <button type="button" className="btn btn-outline-primary btn-sm" onClick={onEdit} disabled={busy}>
        {TRACKER_TEXT.edit}
        <span className="visually-hidden"> {cert.name}</span>
      </button>
      <button type="button" className="btn btn-outline-danger btn-sm" onClick={onRemove} disabled={busy}>
        {TRACKER_TEXT.remove}
        <span className="visually-hidden"> {cert.name}</span>
      </button>
    </li>
  );
}
