import {
  CERT_LEVELS,
  HISTORY_TEXT,
  DOMAINS,
  EXAM_DELIVERIES,
  EXAM_FORMATS,
  LIFECYCLES,
  MSG,
  REVISION_SUMMARY_MAX,
  TEXT,
  createRevisionRequestSchema,
  revisionSchema,
  type CreateRevisionRequest,
  type Certification,
  type Revision,
} from '@certitude/shared';
import { api, ApiError, errorText } from '../../lib/api-client';
import { useZodForm } from '../../lib/forms/use-zod-form';
import { humanize, LEVEL_LABELS } from '../../lib/fact-labels';
import { PrerequisiteFields, SuccessorField } from './linked-certification-fields';
import { changesOf, draftOf, errorsByField, type Draft } from './suggest-edit-draft';
import { FIELD_LABELS, SUGGEST_EDIT_TEXT } from '../../lib/suggest-edit-text';
import { area, Checks, Field, input, type SuggestForm, type TextKey } from './suggest-edit-fields';
import { FailureAlert } from '../../components/failure-alert';

/** The form, checked with the shared rule of a revision; the server's refusals go next to the fields they name. */
function useSuggestForm(cert: Certification, onSaved: (revision: Revision) => void) {
  const form = useZodForm<Draft, CreateRevisionRequest>({
    schema: createRevisionRequestSchema,
    defaultValues: draftOf(cert),
    request: (draft) => ({ changes: changesOf(cert, draft), summary: draft.summary, baseRevision: cert.revision }),
    // A fact's message goes next to its field (an exam fact's next to the cost); the rest above the buttons.
    fieldOf: (path) => (path === 'summary' ? path : (/^changes\.(\w+)/.exec(path)?.[1] ?? '_')),
    check: (draft) => ({
      _: Object.keys(changesOf(cert, draft)).length === 0 ? MSG.revisionChangesNothing : undefined,
    }),
  });
  const submit = form.handleSubmit(async (body) => {
    try {
      onSaved(
        await api(`/api/certification/${cert.id}/revisions`, {
          method: 'POST',
          body,
          schema: __CHECK_ANSWERS__ && revisionSchema,
        }),
      );
    } catch (err) {
      const message =
        err instanceof ApiError && err.serverMessage
          ? err.serverMessage
          : errorText(err, 'Could not send your suggestion');
      const { _: general, ...fields } = err instanceof ApiError && err.status === 400 ? errorsByField(message) : {};
      form.showFieldErrors(fields);
      if (general ?? Object.keys(fields).length === 0) form.fail(general ?? message);
    }
  });
  return { form, submit };
}

/**
 * Suggest an edit (docs/product.md#certification-facts): every field, filled with the current values, and a
 * summary. Only the fields that changed are sent, with the revision the form was opened at.
 */
export default function SuggestEditForm({
  cert,
  onClose,
  onSaved,
}: {
  cert: Certification;
  onClose: () => void;
  onSaved: (revision: Revision) => void;
}) {
  const { form, submit } = useSuggestForm(cert, onSaved);
  const general = form.errorOf('_' as TextKey) ?? form.failure;
  const busy = form.sending;
  return (
    <form className="card shadow-sm mt-4" onSubmit={(e) => void submit(e)} noValidate aria-labelledby="suggest-title">
      <div className="card-body">
        <h2 id="suggest-title" className="h5 mb-3">
          {HISTORY_TEXT.suggestEdit}
        </h2>
        <p className="small text-body-secondary">{SUGGEST_EDIT_TEXT.intro}</p>
        <IdentityFields form={form} />
        <ExamFields form={form} />
        <LifecycleFields form={form} self={cert.slug} />
        <Field
          id="suggest-summary"
          label={SUGGEST_EDIT_TEXT.summary}
          error={form.errorOf('summary')}
          hint={SUGGEST_EDIT_TEXT.summaryHint}
        >
          <textarea {...area(form, 'summary')} rows={2} maxLength={REVISION_SUMMARY_MAX} required />
        </Field>
        <FailureAlert text={general} />
        <div className="d-flex gap-2">
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {SUGGEST_EDIT_TEXT.send}
          </button>
          <button type="button" className="btn btn-outline-secondary" onClick={onClose} disabled={busy}>
            {TEXT.cancel}
          </button>
        </div>
      </div>
    </form>
  );
}

/** Name, exam code, vendor, description, official page, level and domains. */
function IdentityFields({ form }: { form: SuggestForm }) {
  return (
    <>
      <div className="row">
        <div className="col-md-6">
          <Field id="suggest-name" label={FIELD_LABELS.name} error={form.errorOf('name')}>
            <input {...input(form, 'name')} />
          </Field>
        </div>
        <div className="col-md-3">
          <Field id="suggest-certCode" label={FIELD_LABELS.certCode} error={form.errorOf('certCode')}>
            <input {...input(form, 'certCode')} />
          </Field>
        </div>
        <div className="col-md-3">
          <Field id="suggest-vendor" label={FIELD_LABELS.vendor} error={form.errorOf('vendor')}>
            <input {...input(form, 'vendor')} />
          </Field>
        </div>
      </div>
      <Field id="suggest-description" label={FIELD_LABELS.description} error={form.errorOf('description')}>
        <textarea {...area(form, 'description')} rows={5} />
      </Field>
      <Field id="suggest-url" label={FIELD_LABELS.url} error={form.errorOf('url')}>
        <input {...input(form, 'url', 'url')} />
      </Field>
      <Field id="suggest-level" label={FIELD_LABELS.level} error={form.errorOf('level')}>
        <select id="suggest-level" className="form-select" {...form.field('level')}>
          <option value="">{SUGGEST_EDIT_TEXT.levelNotKnown}</option>
          {CERT_LEVELS.map((l) => (
            <option key={l} value={l}>
              {LEVEL_LABELS[l]}
            </option>
          ))}
        </select>
      </Field>
      <Checks
        form={form}
        name="domains"
        legend={FIELD_LABELS.domains}
        options={DOMAINS.map((d) => d.slug)}
        label={(s) => DOMAINS.find((d) => d.slug === s)!.name}
      />
    </>
  );
}

/** The exam's facts; the server names them together (`exam`), so their message shows under the cost. */
function ExamFields({ form }: { form: SuggestForm }) {
  const error = form.errorOf('exam' as TextKey);
  return (
    <fieldset className="border rounded p-3 mb-3">
      <legend className="float-none w-auto px-2 fs-6 mb-0">{FIELD_LABELS.exam}</legend>
      <div className="row">
        <div className="col-sm-3">
          <Field id="suggest-costUsd" label={SUGGEST_EDIT_TEXT.cost} error={error}>
            <input {...input(form, 'costUsd', 'number', error)} min={0} />
          </Field>
        </div>
        <div className="col-sm-3">
          <Field id="suggest-durationMinutes" label={SUGGEST_EDIT_TEXT.length}>
            <input {...input(form, 'durationMinutes', 'number')} min={0} />
          </Field>
        </div>
        <div className="col-sm-3">
          <Field id="suggest-questionCount" label={SUGGEST_EDIT_TEXT.questions}>
            <input {...input(form, 'questionCount', 'number')} min={0} />
          </Field>
        </div>
        <div className="col-sm-3">
          <Field
            id="suggest-passingScore"
            label={SUGGEST_EDIT_TEXT.passingScore}
            hint={SUGGEST_EDIT_TEXT.passingScoreHint}
          >
            <input {...input(form, 'passingScore')} />
          </Field>
        </div>
      </div>
      <Checks form={form} name="formats" legend={SUGGEST_EDIT_TEXT.formats} options={EXAM_FORMATS} label={humanize} />
      <Checks
        form={form}
        name="delivery"
        legend={SUGGEST_EDIT_TEXT.delivery}
        options={EXAM_DELIVERIES}
        label={humanize}
      />
    </fieldset>
  );
}

/** Validity and renewal, prerequisites, lifecycle and successor, earlier codes, and where the facts come from. */
function LifecycleFields({ form, self }: { form: SuggestForm; self: string }) {
  return (
    <>
      <div className="row">
        <div className="col-sm-4">
          <Field id="suggest-validityMonths" label={SUGGEST_EDIT_TEXT.validFor} error={form.errorOf('validityMonths')}>
            <input {...input(form, 'validityMonths', 'number')} min={1} />
          </Field>
        </div>
        <div className="col-sm-8">
          <Field id="suggest-renewal" label={FIELD_LABELS.renewal} error={form.errorOf('renewal')}>
            <input {...input(form, 'renewal')} />
          </Field>
        </div>
      </div>
      <PrerequisiteFields
        list={form.watch('prerequisites')}
        onChange={(list) => {
          form.setValue('prerequisites', list);
          form.clearErrors('prerequisites');
        }}
        self={self}
        error={form.errorOf('prerequisites')}
      />
      <Field
        id="suggest-prerequisiteNotes"
        label={FIELD_LABELS.prerequisiteNotes}
        error={form.errorOf('prerequisiteNotes')}
      >
        <input {...input(form, 'prerequisiteNotes')} />
      </Field>
      <div className="row">
        <div className="col-sm-6">
          <Field id="suggest-lifecycle" label={FIELD_LABELS.lifecycle} error={form.errorOf('lifecycle')}>
            <select id="suggest-lifecycle" className="form-select" {...form.field('lifecycle')}>
              {LIFECYCLES.map((l) => (
                <option key={l} value={l}>
                  {humanize(l)}
                </option>
              ))}
            </select>
          </Field>
        </div>
        <div className="col-sm-6">
          <Field id="suggest-retiresOn" label={FIELD_LABELS.retiresOn} error={form.errorOf('retiresOn')}>
            <input {...input(form, 'retiresOn', 'date')} />
          </Field>
        </div>
      </div>
      <SuccessorField
        value={form.watch('supersededBy')}
        onChange={(value) => {
          form.setValue('supersededBy', value);
          form.clearErrors('supersededBy');
        }}
        self={self}
        error={form.errorOf('supersededBy')}
      />
      <Field
        id="suggest-previousCodes"
        label={FIELD_LABELS.previousCodes}
        error={form.errorOf('previousCodes')}
        hint={SUGGEST_EDIT_TEXT.previousCodesHint}
      >
        <input {...input(form, 'previousCodes')} />
      </Field>
      <div className="row">
        <div className="col-sm-4">
          <Field
            id="suggest-factsVerifiedAt"
            label={FIELD_LABELS.factsVerifiedAt}
            error={form.errorOf('factsVerifiedAt')}
          >
            <input {...input(form, 'factsVerifiedAt', 'date')} />
          </Field>
        </div>
        <div className="col-sm-8">
          <Field id="suggest-factsSource" label={SUGGEST_EDIT_TEXT.factsSource} error={form.errorOf('factsSource')}>
            <input {...input(form, 'factsSource', 'url')} />
          </Field>
        </div>
      </div>
    </>
  );
}
