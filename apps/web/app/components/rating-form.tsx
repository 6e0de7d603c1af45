import {
  EXAM_YEAR_MIN,
  RATING_OUTCOMES,
  ratingRequestSchema,
  ratingSchema,
  REVIEW_MAX,
  STUDY_HOURS_MAX,
  TEXT,
  type Rating,
  type RatingRequest,
} from '@certitude/shared';
import { useEffect, useId, useRef, useState } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { api, errorText } from '../lib/api-client';
import { useZodForm } from '../lib/forms/use-zod-form';
import { FLAG_TEXT } from '../lib/flag-text';
import { CRITERIA, OUTCOME_LABELS, RATINGS_TEXT } from '../lib/ratings-text';

/** The form's values as the inputs hold them: text, and the chosen radio's value of each scale. */
type Draft = {
  difficulty: string;
  value: string;
  recognition: string;
  studyHours: string;
  outcome: string;
  examYear: string;
  review: string;
};
const EMPTY: Draft = {
  difficulty: '',
  value: '',
  recognition: '',
  studyHours: '',
  outcome: '',
  examYear: '',
  review: '',
};
const numberOrNull = (v: string) => (v === '' ? null : Number(v));
/** A scale not chosen yet stays missing, for the schema to say so. */
const scale = (v: string) => (v === '' ? undefined : Number(v)) as number;

function requestOf(draft: Draft): RatingRequest {
  return {
    difficulty: scale(draft.difficulty),
    value: scale(draft.value),
    recognition: scale(draft.recognition),
    studyHours: numberOrNull(draft.studyHours),
    outcome: (draft.outcome || null) as RatingRequest['outcome'],
    examYear: numberOrNull(draft.examYear),
    review: draft.review.trim() || null,
  };
}

function draftOf(r: Rating): Draft {
  return {
    difficulty: String(r.difficulty),
    value: String(r.value),
    recognition: String(r.recognition),
    studyHours: r.studyHours === null ? '' : String(r.studyHours),
    outcome: r.outcome ?? '',
    examYear: r.examYear === null ? '' : String(r.examYear),
    review: r.review ?? '',
  };
}

type RatingFormState = ReturnType<typeof useZodForm<Draft, RatingRequest>>;

/** One 1-5 scale as a group of radio buttons: arrow keys move between them, as in any radio group. */
function Scale(props: { label: string; low: string; high: string; field: UseFormRegisterReturn; error?: string }) {
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
function ExamDetails({ form }: { form: RatingFormState }) {
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
function ReviewField({ form, reviewState }: { form: RatingFormState; reviewState: Rating['reviewState'] }) {
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

/** The member's rating (docs/product.md#ratings): filled from their earlier one, saved with PUT, removable. */
export default function RatingForm({
  certificationId,
  onDone,
  cancelLabel = TEXT.cancel,
}: {
  certificationId: number;
  onDone: () => void;
  /** The button that leaves without saving ("Skip this one" in the first sign-in's dialog). */
  cancelLabel?: string;
}) {
  const [existing, setExisting] = useState(false);
  /** How others see the member's review (docs/product.md#flags): hidden pending review, or removed by a moderator. */
  const [reviewState, setReviewState] = useState<Rating['reviewState']>(null);
  const [removing, setRemoving] = useState(false);
  const url = `/api/certification/${certificationId}/rating`;
  /** Set by the member's first change: their earlier rating, if it arrives later, does not replace what they typed. */
  const touched = useRef(false);
  const form = useZodForm<Draft, RatingRequest>({
    schema: ratingRequestSchema,
    defaultValues: EMPTY,
    request: requestOf,
    onEdit: () => {
      touched.current = true;
    },
  });
  const { reset, fail } = form;
  const busy = form.sending || removing;
  // Opened by 'Rate this certification', the form takes the focus at its first field (docs/product.md#keyboard).
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => formRef.current?.querySelector<HTMLElement>('input, select, textarea')?.focus(), []);

  useEffect(() => {
    // `?missing=null`: a first rating is 200 with null, not a failing request (docs/api.md#ratings-and-comparison).
    api(`${url}?missing=null`, { schema: __CHECK_ANSWERS__ && ratingSchema.nullable() }).then(
      (r) => {
        if (!r) return;
        setExisting(true);
        setReviewState(r.reviewState ?? null);
        if (!touched.current) reset(draftOf(r));
      },
      (err) => fail(errorText(err, RATINGS_TEXT.loadFailed)),
    );
  }, [url, reset, fail]);

  const submit = form.handleSubmit(async (body) => {
    try {
      await api(url, { method: 'PUT', body, schema: __CHECK_ANSWERS__ && ratingSchema });
      onDone();
    } catch (err) {
      form.fail(errorText(err, RATINGS_TEXT.saveFailed));
    }
  });
  const remove = async () => {
    setRemoving(true);
    try {
      await api(url, { method: 'DELETE' });
      onDone();
    } catch (err) {
      form.fail(errorText(err, RATINGS_TEXT.removeFailed));
    } finally {
      setRemoving(false);
    }
  };

  return (
    <form
      ref={formRef}
      className="border rounded p-3 mb-4"
      onSubmit={(e) => void submit(e)}
      noValidate
      aria-label={RATINGS_TEXT.form}
    >
      {CRITERIA.map((c) => (
        <Scale
          key={c.key}
          label={c.label}
          low={c.low}
          high={c.high}
          field={form.field(c.key)}
          error={form.errorOf(c.key)}
        />
      ))}
      <ExamDetails form={form} />
      <ReviewField form={form} reviewState={reviewState} />
      {form.failure && (
        <div className="alert alert-danger mt-3 mb-0" role="alert">
          {form.failure}
        </div>
      )}
      <div className="d-flex gap-2 mt-3">
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {existing ? RATINGS_TEXT.update : RATINGS_TEXT.save}
        </button>
        <button type="button" className="btn btn-outline-secondary" onClick={onDone} disabled={busy}>
          {cancelLabel}
        </button>
        {existing && (
          <button
            type="button"
            className="btn btn-outline-danger ms-auto"
            onClick={() => void remove()}
            disabled={busy}
          >
            {RATINGS_TEXT.remove}
          </button>
        )}
      </div>
    </form>
  );
}
