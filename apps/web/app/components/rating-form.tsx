import { ratingRequestSchema, ratingSchema, TEXT, type Rating, type RatingRequest } from '@certitude/shared';
import { useEffect, useRef, useState } from 'react';
import { api, errorText } from '../lib/api-client';
import { useZodForm } from '../lib/forms/use-zod-form';
import { CRITERIA, RATINGS_TEXT } from '../lib/ratings-text';
import { ExamDetails, ReviewField, Scale, type Draft } from './rating-fields';

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
