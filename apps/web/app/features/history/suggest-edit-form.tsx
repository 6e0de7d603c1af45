import {
  CERT_LEVELS,
  DOMAINS,
  EXAM_DELIVERIES,
  EXAM_FORMATS,
  LIFECYCLES,
  MSG,
  REVISION_SUMMARY_MAX,
  revisionSchema,
  type Certification,
  type Revision,
  type RevisionChanges,
} from '@certitude/shared';
import { useState, type ReactNode } from 'react';
import { api, ApiError, CHECK_ANSWERS, errorText } from '../../lib/api-client';
import { humanize, LEVEL_LABELS } from '../catalogue/fact-labels';

/** The form's values: text inputs hold strings; lists are comma-separated or checked boxes. */
interface Draft {
  name: string;
  certCode: string;
  vendor: string;
  description: string;
  url: string;
  level: string;
  domains: string[];
  costUsd: string;
  durationMinutes: string;
  questionCount: string;
  passingScore: string;
  formats: string[];
  delivery: string[];
  validityMonths: string;
  renewal: string;
  prerequisites: { certification: string; kind: 'REQUIRED' | 'RECOMMENDED' }[];
  prerequisiteNotes: string;
  lifecycle: string;
  retiresOn: string;
  supersededBy: string;
  previousCodes: string;
  factsVerifiedAt: string;
  factsSource: string;
}

const text = (v: string | null) => v ?? '';
const num = (v: number | null) => (v === null ? '' : String(v));

function draftOf(c: Certification): Draft {
  return {
    name: c.name,
    certCode: c.certCode,
    vendor: c.vendor,
    description: c.description,
    url: c.url,
    level: text(c.level),
    domains: [...c.domains],
    costUsd: num(c.exam.costUsd),
    durationMinutes: num(c.exam.durationMinutes),
    questionCount: num(c.exam.questionCount),
    passingScore: text(c.exam.passingScore),
    formats: [...c.exam.formats],
    delivery: [...c.exam.delivery],
    validityMonths: num(c.validityMonths),
    renewal: text(c.renewal),
    prerequisites: c.prerequisites.map((p) => ({ certification: p.certification.slug, kind: p.kind })),
    prerequisiteNotes: text(c.prerequisiteNotes),
    lifecycle: c.lifecycle,
    retiresOn: text(c.retiresOn),
    supersededBy: c.supersededBy?.slug ?? '',
    previousCodes: c.previousCodes.join(', '),
    factsVerifiedAt: text(c.factsVerifiedAt),
    factsSource: text(c.factsSource),
  };
}

const orNull = (v: string) => (v.trim() === '' ? null : v.trim());
const numOrNull = (v: string) => (v.trim() === '' ? null : Number(v));
const sameSet = (a: string[], b: string[]) => a.length === b.length && a.every((x) => b.includes(x));

/** Only what differs from the certification as it stands, in the form the API takes. */
function changesOf(c: Certification, d: Draft): RevisionChanges {
  const changes: Record<string, unknown> = {};
  const start = draftOf(c);
  for (const key of ['name', 'certCode', 'vendor', 'description', 'url'] as const) {
    if (d[key].trim() !== start[key].trim()) changes[key] = d[key].trim();
  }
  for (const key of ['renewal', 'prerequisiteNotes', 'retiresOn', 'factsVerifiedAt', 'factsSource'] as const) {
    if (d[key].trim() !== start[key].trim()) changes[key] = orNull(d[key]);
  }
  if (d.level !== start.level) changes.level = orNull(d.level);
  if (d.lifecycle !== start.lifecycle) changes.lifecycle = d.lifecycle;
  if (!sameSet(d.domains, start.domains)) changes.domains = d.domains;
  if (d.validityMonths.trim() !== start.validityMonths) changes.validityMonths = numOrNull(d.validityMonths);
  if (d.supersededBy.trim() !== start.supersededBy) changes.supersededBy = orNull(d.supersededBy);
  const codes = (v: string) =>
    v
      .split(',')
      .map((x) => x.trim())
      .filter(Boolean);
  if (codes(d.previousCodes).join(',') !== codes(start.previousCodes).join(','))
    changes.previousCodes = codes(d.previousCodes);
  const prereqs = d.prerequisites.filter((p) => p.certification.trim() !== '');
  if (JSON.stringify(prereqs) !== JSON.stringify(start.prerequisites)) {
    changes.prerequisites = prereqs.map((p) => ({ certification: p.certification.trim().toLowerCase(), kind: p.kind }));
  }
  const examKeys = ['costUsd', 'durationMinutes', 'questionCount', 'passingScore'] as const;
  const examChanged =
    examKeys.some((k) => d[k].trim() !== start[k]) ||
    !sameSet(d.formats, start.formats) ||
    !sameSet(d.delivery, start.delivery);
  if (examChanged) {
    changes.exam = {
      costUsd: numOrNull(d.costUsd),
      durationMinutes: numOrNull(d.durationMinutes),
      questionCount: numOrNull(d.questionCount),
      passingScore: orNull(d.passingScore),
      formats: d.formats,
      delivery: d.delivery,
    };
  }
  return changes as RevisionChanges;
}

/** The server names each bad field first ("exam.costUsd: …"): its message goes next to that field. */
function errorsByField(message: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const part of message.split('; ')) {
    const m = /^([a-zA-Z]+)(?:\.[\w.]+)?: (.*)$/.exec(part);
    if (m) out[m[1]!] ??= m[2]!;
    else out._ ??= part;
  }
  return out;
}

function Field(props: { id: string; label: string; error?: string; children: ReactNode; hint?: string }) {
  return (
    <div className="mb-3">
      <label className="form-label" htmlFor={props.id}>
        {props.label}
      </label>
      {props.children}
      {props.hint && <div className="form-text">{props.hint}</div>}
      {props.error && (
        <div className="invalid-feedback d-block" id={`${props.id}-error`}>
          {props.error}
        </div>
      )}
    </div>
  );
}

function Checks(props: {
  legend: string;
  options: readonly string[];
  label: (v: string) => string;
  value: string[];
  error?: string;
  onChange: (v: string[]) => void;
}) {
  return (
    <fieldset className="mb-3">
      <legend className="form-label fs-6">{props.legend}</legend>
      {props.options.map((o) => (
        <div className="form-check form-check-inline" key={o}>
          <input
            className="form-check-input"
            type="checkbox"
            id={`${props.legend}-${o}`}
            checked={props.value.includes(o)}
            onChange={(e) =>
              props.onChange(e.target.checked ? [...props.value, o] : props.value.filter((x) => x !== o))
            }
          />
          <label className="form-check-label" htmlFor={`${props.legend}-${o}`}>
            {props.label(o)}
          </label>
        </div>
      ))}
      {props.error && <div className="invalid-feedback d-block">{props.error}</div>}
    </fieldset>
  );
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
  const [draft, setDraft] = useState<Draft>(() => draftOf(cert));
  const [summary, setSummary] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const set = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }));
  const input = (key: keyof Draft, type = 'text') => ({
    id: `suggest-${key}`,
    type,
    className: `form-control${errors[key] ? ' is-invalid' : ''}`,
    value: draft[key] as string,
    onChange: (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => set({ [key]: e.target.value }),
  });

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const changes = changesOf(cert, draft);
    if (Object.keys(changes).length === 0) {
      setErrors({ _: MSG.revisionChangesNothing });
      return;
    }
    if (!summary.trim()) {
      setErrors({ summary: 'Say in a few words what you changed and why' });
      return;
    }
    setBusy(true);
    setErrors({});
    try {
      const revision = await api(`/api/certification/${cert.id}/revisions`, {
        method: 'POST',
        body: { changes, summary: summary.trim(), baseRevision: cert.revision },
        schema: CHECK_ANSWERS && revisionSchema,
      });
      onSaved(revision);
    } catch (err) {
      const message =
        err instanceof ApiError && err.serverMessage
          ? err.serverMessage
          : errorText(err, 'Could not send your suggestion');
      setErrors(err instanceof ApiError && err.status === 400 ? errorsByField(message) : { _: message });
      setBusy(false);
    }
  };

  return (
    <form className="card shadow-sm mt-4" onSubmit={(e) => void submit(e)} noValidate aria-labelledby="suggest-title">
      <div className="card-body">
        <h2 id="suggest-title" className="h5 mb-3">
          Suggest an edit
        </h2>
        <p className="small text-body-secondary">
          Change what is wrong or missing; leave a fact empty rather than guess. A moderator reviews your suggestion
          before everyone sees it.
        </p>
        <div className="row">
          <div className="col-md-6">
            <Field id="suggest-name" label="Name" error={errors.name}>
              <input {...input('name')} />
            </Field>
          </div>
          <div className="col-md-3">
            <Field id="suggest-certCode" label="Exam code" error={errors.certCode}>
              <input {...input('certCode')} />
            </Field>
          </div>
          <div className="col-md-3">
            <Field id="suggest-vendor" label="Vendor" error={errors.vendor}>
              <input {...input('vendor')} />
            </Field>
          </div>
        </div>
        <Field id="suggest-description" label="Description" error={errors.description}>
          <textarea {...input('description')} rows={5} />
        </Field>
        <Field id="suggest-url" label="Official page" error={errors.url}>
          <input {...input('url', 'url')} />
        </Field>
        <Field id="suggest-level" label="Level" error={errors.level}>
          <select
            id="suggest-level"
            className="form-select"
            value={draft.level}
            onChange={(e) => set({ level: e.target.value })}
          >
            <option value="">Not known</option>
            {CERT_LEVELS.map((l) => (
              <option key={l} value={l}>
                {LEVEL_LABELS[l]}
              </option>
            ))}
          </select>
        </Field>
        <Checks
          legend="Domains"
          options={DOMAINS.map((d) => d.slug)}
          label={(s) => DOMAINS.find((d) => d.slug === s)!.name}
          value={draft.domains}
          error={errors.domains}
          onChange={(domains) => set({ domains })}
        />
        <fieldset className="border rounded p-3 mb-3">
          <legend className="float-none w-auto px-2 fs-6 mb-0">Exam</legend>
          <div className="row">
            <div className="col-sm-3">
              <Field id="suggest-costUsd" label="Cost (US$)" error={errors.exam}>
                <input {...input('costUsd', 'number')} min={0} />
              </Field>
            </div>
            <div className="col-sm-3">
              <Field id="suggest-durationMinutes" label="Length (minutes)">
                <input {...input('durationMinutes', 'number')} min={0} />
              </Field>
            </div>
            <div className="col-sm-3">
              <Field id="suggest-questionCount" label="Questions">
                <input {...input('questionCount', 'number')} min={0} />
              </Field>
            </div>
            <div className="col-sm-3">
              <Field id="suggest-passingScore" label="Passing score" hint="As the vendor writes it">
                <input {...input('passingScore')} />
              </Field>
            </div>
          </div>
          <Checks
            legend="Formats"
            options={EXAM_FORMATS}
            label={humanize}
            value={draft.formats}
            onChange={(formats) => set({ formats })}
          />
          <Checks
            legend="Delivery"
            options={EXAM_DELIVERIES}
            label={humanize}
            value={draft.delivery}
            onChange={(delivery) => set({ delivery })}
          />
        </fieldset>
        <div className="row">
          <div className="col-sm-4">
            <Field id="suggest-validityMonths" label="Valid for (months)" error={errors.validityMonths}>
              <input {...input('validityMonths', 'number')} min={1} />
            </Field>
          </div>
          <div className="col-sm-8">
            <Field id="suggest-renewal" label="Renewal" error={errors.renewal}>
              <input {...input('renewal')} />
            </Field>
          </div>
        </div>
        <fieldset className="mb-3">
          <legend className="form-label fs-6">Prerequisites</legend>
          {draft.prerequisites.map((p, i) => (
            <div className="d-flex gap-2 mb-2" key={i}>
              <input
                className="form-control"
                aria-label={`Prerequisite ${i + 1}: certification (its address name or id)`}
                value={p.certification}
                onChange={(e) =>
                  set({
                    prerequisites: draft.prerequisites.map((x, j) =>
                      j === i ? { ...x, certification: e.target.value } : x,
                    ),
                  })
                }
              />
              <select
                className="form-select w-auto"
                aria-label={`Prerequisite ${i + 1}: required or recommended`}
                value={p.kind}
                onChange={(e) =>
                  set({
                    prerequisites: draft.prerequisites.map((x, j) =>
                      j === i ? { ...x, kind: e.target.value as 'REQUIRED' | 'RECOMMENDED' } : x,
                    ),
                  })
                }
              >
                <option value="REQUIRED">Required</option>
                <option value="RECOMMENDED">Recommended</option>
              </select>
              <button
                type="button"
                className="btn btn-outline-secondary"
                onClick={() => set({ prerequisites: draft.prerequisites.filter((_, j) => j !== i) })}
              >
                Remove
              </button>
            </div>
          ))}
          <button
            type="button"
            className="btn btn-sm btn-outline-primary"
            onClick={() => set({ prerequisites: [...draft.prerequisites, { certification: '', kind: 'RECOMMENDED' }] })}
          >
            Add a prerequisite
          </button>
          <div className="form-text">A certification by the last part of its address, e.g. comptia-security-plus.</div>
          {errors.prerequisites && <div className="invalid-feedback d-block">{errors.prerequisites}</div>}
        </fieldset>
        <Field id="suggest-prerequisiteNotes" label="Prerequisite notes" error={errors.prerequisiteNotes}>
          <input {...input('prerequisiteNotes')} />
        </Field>
        <div className="row">
          <div className="col-sm-4">
            <Field id="suggest-lifecycle" label="Lifecycle" error={errors.lifecycle}>
              <select
                id="suggest-lifecycle"
                className="form-select"
                value={draft.lifecycle}
                onChange={(e) => set({ lifecycle: e.target.value })}
              >
                {LIFECYCLES.map((l) => (
                  <option key={l} value={l}>
                    {humanize(l)}
                  </option>
                ))}
              </select>
            </Field>
          </div>
          <div className="col-sm-4">
            <Field id="suggest-retiresOn" label="Retires on" error={errors.retiresOn}>
              <input {...input('retiresOn', 'date')} />
            </Field>
          </div>
          <div className="col-sm-4">
            <Field id="suggest-supersededBy" label="Successor" error={errors.supersededBy} hint="Its address name">
              <input {...input('supersededBy')} />
            </Field>
          </div>
        </div>
        <Field
          id="suggest-previousCodes"
          label="Previous exam codes"
          error={errors.previousCodes}
          hint="Separated by commas"
        >
          <input {...input('previousCodes')} />
        </Field>
        <div className="row">
          <div className="col-sm-4">
            <Field id="suggest-factsVerifiedAt" label="Checked on" error={errors.factsVerifiedAt}>
              <input {...input('factsVerifiedAt', 'date')} />
            </Field>
          </div>
          <div className="col-sm-8">
            <Field id="suggest-factsSource" label="Official source of the facts" error={errors.factsSource}>
              <input {...input('factsSource', 'url')} />
            </Field>
          </div>
        </div>
        <Field
          id="suggest-summary"
          label="Summary of your change"
          error={errors.summary}
          hint="What you changed and where you read it"
        >
          <textarea
            id="suggest-summary"
            className={`form-control${errors.summary ? ' is-invalid' : ''}`}
            rows={2}
            maxLength={REVISION_SUMMARY_MAX}
            value={summary}
            onChange={(e) => setSummary(e.target.value)}
            required
          />
        </Field>
        {errors._ && (
          <div className="alert alert-danger" role="alert">
            {errors._}
          </div>
        )}
        <div className="d-flex gap-2">
          <button type="submit" className="btn btn-primary" disabled={busy}>
            Send my suggestion
          </button>
          <button type="button" className="btn btn-outline-secondary" onClick={onClose} disabled={busy}>
            Cancel
          </button>
        </div>
      </div>
    </form>
  );
}
