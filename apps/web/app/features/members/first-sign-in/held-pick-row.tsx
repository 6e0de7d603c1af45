import { FIRST_SIGN_IN_TEXT, TEXT } from '@certitude/shared';
import type { HeldPick } from './first-sign-in-api';

/** One picked certification: its badge link (verified when saved) or the day it was earned, and Remove. */
export function HeldPickRow({
  pick,
  failure,
  onChange,
  onRemove,
}: {
  pick: HeldPick;
  failure?: string;
  onChange(patch: Partial<HeldPick>): void;
  onRemove(): void;
}) {
  const id = `held-${pick.id}`;
  const needsDay = !pick.badgeUrl.trim() && !pick.earnedOn;
  return (
    <li className="list-group-item" aria-label={pick.name}>
      <div className="d-flex justify-content-between align-items-baseline gap-2 mb-2">
        <strong>{pick.name}</strong>
        <button
          type="button"
          className="btn btn-link btn-sm text-danger p-0"
          aria-label={FIRST_SIGN_IN_TEXT.unpick(pick.name)}
          onClick={onRemove}
        >
          ✕
        </button>
      </div>
      <div className="row g-2">
        <div className="col-sm-8">
          <label htmlFor={`${id}-badge`} className="form-label small mb-1">
            {FIRST_SIGN_IN_TEXT.badgeLink}
          </label>
          <input
            id={`${id}-badge`}
            type="url"
            className="form-control form-control-sm"
            placeholder={TEXT.urlPlaceholder}
            value={pick.badgeUrl}
            onChange={(e) => onChange({ badgeUrl: e.target.value })}
          />
        </div>
        <div className="col-sm-4">
          <label htmlFor={`${id}-earned`} className="form-label small mb-1">
            {FIRST_SIGN_IN_TEXT.earnedOn}
          </label>
          <input
            id={`${id}-earned`}
            type="date"
            className="form-control form-control-sm"
            max={new Date().toISOString().slice(0, 10)}
            value={pick.earnedOn}
            disabled={pick.badgeUrl.trim() !== ''}
            onChange={(e) => onChange({ earnedOn: e.target.value })}
          />
        </div>
      </div>
      {needsDay && <div className="form-text">{FIRST_SIGN_IN_TEXT.earnedOrBadge}</div>}
      {failure && (
        <div className="text-danger small mt-1" role="alert">
          {failure}
        </div>
      )}
    </li>
  );
}
