import { REASON_MAX } from '@certitude/shared';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Button, Form, Modal } from 'react-bootstrap';
import { errorText } from '../../lib/api-client';
import { focusField, validate, type FieldErrors, type Schema } from '../accounts/validate';
import { cycleFocus } from '../site/focus-cycle';

/**
 * The required reason of a moderator's decision (suspend, reverse votes, dismiss or remove flags): a labelled
 * textarea limited to REASON_MAX, with a counter, a hint and the field's error. Named `reason`, so a form's
 * focusField(form, 'reason') reaches it.
 */
export function ReasonField({
  id,
  label,
  hint,
  value,
  error,
  onChange,
}: {
  id: string;
  label: string;
  hint?: string;
  value: string;
  error?: string;
  onChange(value: string): void;
}) {
  const describedBy = [hint ? `${id}-hint` : null, `${id}-count`, error ? `${id}-error` : null]
    .filter(Boolean)
    .join(' ');
  return (
    <Form.Group>
      <Form.Label htmlFor={id}>{label}</Form.Label>
      <Form.Control
        id={id}
        name="reason"
        as="textarea"
        rows={3}
        maxLength={REASON_MAX}
        required
        value={value}
        isInvalid={Boolean(error)}
        aria-describedby={describedBy}
        onChange={(e) => onChange(e.target.value)}
      />
      {error && (
        <Form.Control.Feedback type="invalid" id={`${id}-error`}>
          {error}
        </Form.Control.Feedback>
      )}
      <div className="d-flex justify-content-between gap-2">
        {hint ? <Form.Text id={`${id}-hint`}>{hint}</Form.Text> : <span />}
        <Form.Text id={`${id}-count`} className="text-nowrap">
          {value.length} / {REASON_MAX}
        </Form.Text>
      </div>
    </Form.Group>
  );
}

export interface ReasonDialogTexts {
  title: string;
  /** What the decision does, above the field. */
  explanation?: ReactNode;
  label: string;
  hint?: string;
  cancel: string;
  submit: string;
  busy: string;
  /** Shown when the call fails without a message of the server's. */
  failed: string;
}

/**
 * A small dialog that asks the reason of a moderator's decision, checks it with the server's own rule (`schema`,
 * validated on `{ reason }`), then runs `onSubmit` with the trimmed reason. The server's refusal shows in the dialog
 * as it says it; the caller closes the dialog on success.
 */
export function ReasonDialog({
  texts,
  schema,
  variant = 'danger',
  onClose,
  onSubmit,
}: {
  texts: ReasonDialogTexts;
  schema: Schema<{ reason: string }>;
  variant?: 'danger' | 'primary' | 'secondary';
  onClose(): void;
  onSubmit(reason: string): Promise<void>;
}) {
  const id = useId();
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = e.currentTarget;
    if (busy) return;
    const checked = validate(schema, { reason });
    if (checked.errors) {
      setErrors(checked.errors);
      focusField(form, 'reason');
      return;
    }
    setErrors({});
    setFailure(null);
    setBusy(true);
    try {
      await onSubmit(checked.data.reason);
    } catch (err) {
      setFailure(errorText(err, texts.failed));
      setBusy(false);
    }
  }

  return (
    <Modal show onHide={onClose} centered aria-labelledby={`${id}-title`} onKeyDown={cycleFocus}>
      <Form noValidate onSubmit={(e) => void submit(e)} aria-busy={busy}>
        <Modal.Header closeButton closeLabel={texts.cancel}>
          <Modal.Title id={`${id}-title`} as="h2" className="h5">
            {texts.title}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          {failure && (
            <div className="alert alert-danger" role="alert">
              {failure}
            </div>
          )}
          {texts.explanation && <p>{texts.explanation}</p>}
          <ReasonField
            id={`${id}-reason`}
            label={texts.label}
            hint={texts.hint}
            value={reason}
            error={errors.reason}
            onChange={(value) => {
              setReason(value);
              setErrors((errs) => ({ ...errs, reason: undefined }));
            }}
          />
        </Modal.Body>
        <Modal.Footer>
          <Button variant="outline-secondary" onClick={onClose} disabled={busy}>
            {texts.cancel}
          </Button>
          <Button type="submit" variant={variant} disabled={busy}>
            {busy ? texts.busy : texts.submit}
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
