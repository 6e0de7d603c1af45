import { REASON_MAX } from '@certitude/shared';
import { useId, type ReactNode } from 'react';
import { Form } from 'react-bootstrap';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { errorText } from '../../lib/api-client';
import { useZodForm, type FormSchema } from '../../lib/forms/use-zod-form';
import { FormDialog } from '../../components/form-dialog';

/**
 * The required reason of a moderator's decision (suspend, reverse votes, dismiss or remove flags): a labelled
 * textarea limited to REASON_MAX, with a counter, a hint and the field's error. `field` is the form's `reason`
 * input (its name, value handlers and ref); `length` is what it holds, for the counter.
 */
export function ReasonField({
  id,
  label,
  hint,
  field,
  length,
  error,
}: {
  id: string;
  label: string;
  hint?: string;
  field: UseFormRegisterReturn<'reason'>;
  length: number;
  error?: string;
}) {
  const describedBy = [hint ? `${id}-hint` : null, `${id}-count`, error ? `${id}-error` : null]
    .filter(Boolean)
    .join(' ');
  return (
    <Form.Group>
      <Form.Label htmlFor={id}>{label}</Form.Label>
      <Form.Control
        id={id}
        as="textarea"
        rows={3}
        maxLength={REASON_MAX}
        required
        {...field}
        isInvalid={Boolean(error)}
        aria-describedby={describedBy}
      />
      {error && (
        <Form.Control.Feedback type="invalid" id={`${id}-error`}>
          {error}
        </Form.Control.Feedback>
      )}
      <div className="d-flex justify-content-between gap-2">
        {hint ? <Form.Text id={`${id}-hint`}>{hint}</Form.Text> : <span />}
        <Form.Text id={`${id}-count`} className="text-nowrap">
          {length} / {REASON_MAX}
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
  schema: FormSchema<{ reason: string }>;
  variant?: 'danger' | 'primary' | 'secondary';
  onClose(): void;
  onSubmit(reason: string): Promise<void>;
}) {
  const id = useId();
  const form = useZodForm({ schema, defaultValues: { reason: '' } });

  const submit = form.handleSubmit(async (data) => {
    try {
      await onSubmit(data.reason);
    } catch (err) {
      form.fail(errorText(err, texts.failed));
    }
  });

  return (
    <FormDialog id={id} form={form} texts={texts} variant={variant} onClose={onClose} onSubmit={submit}>
      {texts.explanation && <p>{texts.explanation}</p>}
      <ReasonField
        id={`${id}-reason`}
        label={texts.label}
        hint={texts.hint}
        field={form.field('reason')}
        length={form.watch('reason').length}
        error={form.errorOf('reason')}
      />
    </FormDialog>
  );
}
