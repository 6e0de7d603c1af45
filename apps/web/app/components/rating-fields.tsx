import {
  EXAM_YEAR_MIN,
  RATING_OUTCOMES,
  REVIEW_MAX,
  STUDY_HOURS_MAX,
  type Rating,
  type RatingRequest,
} from '@certitude/shared';
import { useId } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import type { useZodForm } from '../lib/forms/use-zod-form';
import { FLAG_TEXT } from '../lib/flag-text';
import { OUTCOME_LABELS, RATINGS_TEXT } from '../lib/ratings-text';

/** The fields of the rating form (rating-form.tsx): the scales, the exam's details and the review. */

/** The form's values as the inputs hold them: text, and the chosen radio's value of each scale. */
export type Draft = {
  difficulty: string;
  value: string;
  recognition: string;
  studyHours: string;
  outcome: string;
  examYear: string;
  review: string;
};
export type RatingFormState = ReturnType<typeof useZodForm<Draft, RatingRequest>>;

/** One 1-5 scale as a group of radio buttons: arrow keys move between them, as in any radio group. */
export function Scale(props: {
  label: string;
  low: string;
  high: string;
  field: UseFormRegisterReturn;
  error?: string;
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
            <input type="radio" className="btn-check" id={`${id}-${n}`} value={n} {...props.field} required />
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

/** Hours of study, how the exam went and its year. */
export function ExamDetails({ form }: { form: RatingFormState }) {
  return (
    <div className="row g-3">
      <NumberField
        form={form}
        name="studyHours"
        id="rating-hours"
        label={RATINGS_TEXT.hoursOfStudy}
        min={0}
        max={STUDY_HOURS_MAX}
      />
      <div className="col-sm-4">
        <label className="form-label" htmlFor="rating-outcome">
          {RATINGS_TEXT.howItWent}
        </label>
        <select id="rating-outcome" className="form-select" {...form.field('outcome')}>
          <option value="">{RATINGS_TEXT.notSaying}</option>
          {RATING_OUTCOMES.map((o) => (
            <option key={o} value={o}>
              {OUTCOME_LABELS[o]}
            </option>
          ))}
        </select>
      </div>
      <NumberField
        form={form}
        name="examYear"
        id="rating-year"
        label={RATINGS_TEXT.examYear}
        min={EXAM_YEAR_MIN}
        max={new Date().getFullYear()}
      />
    </div>
  );
}

/** A whole number of the exam's details, with its error under it. */
function NumberField({
  form,
  name,
  id,
  label,
  min,
  max,
}: {
  form: RatingFormState;
  name: 'studyHours' | 'examYear';
  id: string;
  label: string;
  min: number;
  max: number;
}) {
  const error = form.errorOf(name);
  return (
    <div className="col-sm-4">
      <label className="form-label" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        type="number"
        min={min}
        max={max}
        className={`form-control${error ? ' is-invalid' : ''}`}
        {...form.field(name)}
      />
      {error && <div className="invalid-feedback">{error}</div>}
    </div>
  );
}

/** The review, with how others see it when members' flags hid it or a moderator removed it. */
export function ReviewField({ form, reviewState }: { form: RatingFormState; reviewState: Rating['reviewState'] }) {
  const error = form.errorOf('review');
  return (
    <div className="mt-3">
      <label className="form-label" htmlFor="rating-review">
        {RATINGS_TEXT.review} <span className="text-body-secondary small">{RATINGS_TEXT.reviewHint}</span>
      </label>
      {reviewState && (
        <div className="alert alert-warning py-2 small" role="status" data-testid="review-state">
          {reviewState === 'removed' ? FLAG_TEXT.reviewRemoved : FLAG_TEXT.reviewHidden}
        </div>
      )}
      <textarea
        id="rating-review"
        className={`form-control${error ? ' is-invalid' : ''}`}
        rows={4}
        maxLength={REVIEW_MAX}
        {...form.field('review')}
      />
      <div className="form-text">
        {form.watch('review').length} / {REVIEW_MAX}
      </div>
      {error && <div className="invalid-feedback d-block">{error}</div>}
    </div>
  );
}
