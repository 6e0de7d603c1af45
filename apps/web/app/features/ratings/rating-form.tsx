import {
  EXAM_YEAR_MIN,
  RATING_OUTCOMES,
  ratingRequestSchema,
  ratingSchema,
  REVIEW_MAX,
  STUDY_HOURS_MAX,
  type Rating,
  type RatingRequest,
} from '@certitude/shared';
import { useEffect, useId, useRef, useState } from 'react';
import { api, ApiError, CHECK_ANSWERS, errorText } from '../../lib/api-client';
import { fieldErrors, type FieldErrors } from '../../lib/field-errors';
import { FLAG_TEXT } from '../flags/flag-text';
import { CRITERIA, OUTCOME_LABELS } from './rating-labels';

type Draft = {
  difficulty?: number;
  value?: number;
  recognition?: number;
  studyHours: string;
  outcome: string;
  examYear: string;
  review: string;
};
const EMPTY: Draft = { studyHours: '', outcome: '', examYear: '', review: '' };

/** One 1-5 scale as a group of radio buttons: arrow keys move between them, as in any radio group. */
function Scale(props: {
  name: string;
  label: string;
  low: string;
  high: string;
  value: number | undefined;
  error?: string;
  onChange: (v: number) => void;
}) {
  const id = useId();
  return (
    <fieldset className="mb-3" aria-describedby={props.error ? `${id}-error` : undefined}>
      <legend className="form-label fs-6 mb-1">
        {props.label}{' '}
        <span className="text-body-secondary small">
          (1 {props.low}, 5 {props.high})
        </span>
      </legend>
      <div className="rating-scale">
        {[1, 2, 3, 4, 5].map((n) => (
          <span key={n}>
            <input
              type="radio"
              className="btn-check"
              name={props.name}
              id={`${id}-${n}`}
              value={n}
              checked={props.value === n}
              onChange={() => props.onChange(n)}
              required
            />
            <label className="btn btn-outline-primary btn-sm" htmlFor={`${id}-${n}`}>
              {n}
            </label>
          </span>
        ))}
      </div>
      {props.error && (
        <div id={`${id}-error`} className="text-danger small mt-1">
          {props.error}
        </div>
      )}
    </fieldset>
  );
}

/** The member's rating (docs/product.md#ratings): filled from their earlier one, saved with PUT, removable. */
export default function RatingForm({ certificationId, onDone }: { certificationId: number; onDone: () => void }) {
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [existing, setExisting] = useState(false);
  /** How others see the member's review (docs/product.md#flags): hidden pending review, or removed by a moderator. */
  const [reviewState, setReviewState] = useState<Rating['reviewState']>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const url = `/api/certification/${certificationId}/rating`;
  /** Set by the member's first change: their earlier rating, if it arrives later, does not replace what they typed. */
  const touched = useRef(false);

  useEffect(() => {
    api(url, { schema: CHECK_ANSWERS && ratingSchema }).then(
      (r) => {
        setExisting(true);
        setReviewState(r.reviewState ?? null);
        if (touched.current) return;
        setDraft({
          difficulty: r.difficulty,
          value: r.value,
          recognition: r.recognition,
          studyHours: r.studyHours === null ? '' : String(r.studyHours),
          outcome: r.outcome ?? '',
          examYear: r.examYear === null ? '' : String(r.examYear),
          review: r.review ?? '',
        });
      },
      (err) => {
        if (!(err instanceof ApiError && err.status === 404)) setFailure(errorText(err, 'Could not load your rating'));
      },
    );
  }, [url]);

  const set = (patch: Partial<Draft>) => {
    touched.current = true;
    setDraft((d) => ({ ...d, ...patch }));
  };
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const body: RatingRequest = {
      difficulty: draft.difficulty as number,
      value: draft.value as number,
      recognition: draft.recognition as number,
      studyHours: draft.studyHours === '' ? null : Number(draft.studyHours),
      outcome: (draft.outcome || null) as RatingRequest['outcome'],
      examYear: draft.examYear === '' ? null : Number(draft.examYear),
      review: draft.review.trim() || null,
    };
    const checked = ratingRequestSchema.safeParse(body);
    if (!checked.success) {
      setErrors(fieldErrors(checked.error.issues));
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      await api(url, { method: 'PUT', body, schema: CHECK_ANSWERS && ratingSchema });
      onDone();
    } catch (err) {
      setFailure(errorText(err, 'Could not save your rating'));
    } finally {
      setBusy(false);
    }
  };
  const remove = async () => {
    setBusy(true);
    try {
      await api(url, { method: 'DELETE' });
      onDone();
    } catch (err) {
      setFailure(errorText(err, 'Could not remove your rating'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="border rounded p-3 mb-4" onSubmit={(e) => void submit(e)} noValidate aria-label="Your rating">
      {CRITERIA.map((c) => (
        <Scale
          key={c.key}
          name={c.key}
          label={c.label}
          low={c.low}
          high={c.high}
          value={draft[c.key]}
          error={errors[c.key]}
          onChange={(v) => set({ [c.key]: v })}
        />
      ))}
      <div className="row g-3">
        <div className="col-sm-4">
          <label className="form-label" htmlFor="rating-hours">
            Hours of study
          </label>
          <input
            id="rating-hours"
            type="number"
            min={0}
            max={STUDY_HOURS_MAX}
            className={`form-control${errors.studyHours ? ' is-invalid' : ''}`}
            value={draft.studyHours}
            onChange={(e) => set({ studyHours: e.target.value })}
          />
          {errors.studyHours && <div className="invalid-feedback">{errors.studyHours}</div>}
        </div>
        <div className="col-sm-4">
          <label className="form-label" htmlFor="rating-outcome">
            How it went
          </label>
          <select
            id="rating-outcome"
            className="form-select"
            value={draft.outcome}
            onChange={(e) => set({ outcome: e.target.value })}
          >
            <option value="">Not saying</option>
            {RATING_OUTCOMES.map((o) => (
              <option key={o} value={o}>
                {OUTCOME_LABELS[o]}
              </option>
            ))}
          </select>
        </div>
        <div className="col-sm-4">
          <label className="form-label" htmlFor="rating-year">
            Exam year
          </label>
          <input
            id="rating-year"
            type="number"
            min={EXAM_YEAR_MIN}
            max={new Date().getFullYear()}
            className={`form-control${errors.examYear ? ' is-invalid' : ''}`}
            value={draft.examYear}
            onChange={(e) => set({ examYear: e.target.value })}
          />
          {errors.examYear && <div className="invalid-feedback">{errors.examYear}</div>}
        </div>
      </div>
      <div className="mt-3">
        <label className="form-label" htmlFor="rating-review">
          Review <span className="text-body-secondary small">(optional, markdown)</span>
        </label>
        {reviewState && (
          <div className="alert alert-warning py-2 small" role="status" data-testid="review-state">
            {reviewState === 'removed' ? FLAG_TEXT.reviewRemoved : FLAG_TEXT.reviewHidden}
          </div>
        )}
        <textarea
          id="rating-review"
          className={`form-control${errors.review ? ' is-invalid' : ''}`}
          rows={4}
          maxLength={REVIEW_MAX}
          value={draft.review}
          onChange={(e) => set({ review: e.target.value })}
        />
        <div className="form-text">
          {draft.review.length} / {REVIEW_MAX}
        </div>
        {errors.review && <div className="invalid-feedback d-block">{errors.review}</div>}
      </div>
      {failure && (
        <div className="alert alert-danger mt-3 mb-0" role="alert">
          {failure}
        </div>
      )}
      <div className="d-flex gap-2 mt-3">
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {existing ? 'Update my rating' : 'Save my rating'}
        </button>
        <button type="button" className="btn btn-outline-secondary" onClick={onDone} disabled={busy}>
          Cancel
        </button>
        {existing && (
          <button
            type="button"
            className="btn btn-outline-danger ms-auto"
            onClick={() => void remove()}
            disabled={busy}
          >
            Remove my rating
          </button>
        )}
      </div>
    </form>
  );
}
