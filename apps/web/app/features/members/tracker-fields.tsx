import { TRACKER_STATUS_LABELS, TRACKER_STATUSES, TRACKER_TEXT, type TrackerStatus } from '@certitude/shared';
import type { useZodForm } from '../../lib/forms/use-zod-form';
import { DayField } from './day-field';

export interface TrackerValues {
  /** The chosen certification's id (a new entry chooses it; an entry being edited has it). */
  certification: number | null;
  status: TrackerStatus;
  earnedOn: string;
  expiresOn: string;
  targetDate: string;
  public: boolean;
}

export type TrackerForm = ReturnType<typeof useZodForm<TrackerValues>>;

/** Status, the days that go with it (earned and expiry when held, a target otherwise) and the public checkbox. */
export function TrackerFields({ form }: { form: TrackerForm }) {
  return (
    <>
      <div className="mb-3">
        <label htmlFor="tracker-status" className="form-label">
          {TRACKER_TEXT.status}
        </label>
        <select id="tracker-status" className="form-select" {...form.field('status')}>
          {TRACKER_STATUSES.map((s) => (
            <option key={s} value={s}>
              {TRACKER_STATUS_LABELS[s]}
            </option>
          ))}
        </select>
      </div>
      {form.watch('status') === 'HELD' ? (
        <>
          <DayField
            id="tracker-earned"
            label={TRACKER_TEXT.earnedOn}
            field={form.field('earnedOn')}
            error={form.errorOf('earnedOn')}
          />
          <DayField
            id="tracker-expires"
            label={TRACKER_TEXT.expiresOn}
            field={form.field('expiresOn')}
            error={form.errorOf('expiresOn')}
            hint={TRACKER_TEXT.expiresOnHint}
          />
        </>
      ) : (
        <DayField
          id="tracker-target"
          label={TRACKER_TEXT.targetDate}
          field={form.field('targetDate')}
          error={form.errorOf('targetDate')}
        />
      )}
      <div className="form-check mb-3">
        <input id="tracker-public" type="checkbox" className="form-check-input" {...form.field('public')} />
        <label htmlFor="tracker-public" className="form-check-label">
          {TRACKER_TEXT.showOnProfile}
        </label>
      </div>
    </>
  );
}
