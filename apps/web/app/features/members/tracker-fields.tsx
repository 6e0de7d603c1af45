import { TRACKER_STATUS_LABELS, TRACKER_STATUSES, TRACKER_TEXT, type TrackerStatus } from '@certitude/shared';
import { DayField } from './day-field';
import type { TrackerErrors } from './tracker-errors';

export interface TrackerValues {
  status: TrackerStatus;
  earnedOn: string;
  expiresOn: string;
  targetDate: string;
  public: boolean;
}

/** Status, the days that go with it (earned and expiry when held, a target otherwise) and the public checkbox. */
export function TrackerFields({
  values,
  errors,
  onChange,
}: {
  values: TrackerValues;
  errors: TrackerErrors;
  onChange: (change: Partial<TrackerValues>) => void;
}) {
  return (
    <>
      <div className="mb-3">
        <label htmlFor="tracker-status" className="form-label">
          {TRACKER_TEXT.status}
        </label>
        <select
          id="tracker-status"
          className="form-select"
          value={values.status}
          onChange={(e) => onChange({ status: e.target.value as TrackerStatus })}
        >
          {TRACKER_STATUSES.map((s) => (
            <option key={s} value={s}>
              {TRACKER_STATUS_LABELS[s]}
            </option>
          ))}
        </select>
      </div>
      {values.status === 'HELD' ? (
        <>
          <DayField
            id="tracker-earned"
            label={TRACKER_TEXT.earnedOn}
            value={values.earnedOn}
            onChange={(earnedOn) => onChange({ earnedOn })}
            error={errors.earnedOn}
          />
          <DayField
            id="tracker-expires"
            label={TRACKER_TEXT.expiresOn}
            value={values.expiresOn}
            onChange={(expiresOn) => onChange({ expiresOn })}
            error={errors.expiresOn}
            hint={TRACKER_TEXT.expiresOnHint}
          />
        </>
      ) : (
        <DayField
          id="tracker-target"
          label={TRACKER_TEXT.targetDate}
          value={values.targetDate}
          onChange={(targetDate) => onChange({ targetDate })}
          error={errors.targetDate}
        />
      )}
      <div className="form-check mb-3">
        <input
          id="tracker-public"
          type="checkbox"
          className="form-check-input"
          checked={values.public}
          onChange={(e) => onChange({ public: e.target.checked })}
        />
        <label htmlFor="tracker-public" className="form-check-label">
          {TRACKER_TEXT.showOnProfile}
        </label>
      </div>
    </>
  );
}
