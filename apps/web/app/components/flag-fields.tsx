import { FLAG_NOTE_MAX, FLAG_REASON_LABELS, FLAG_REASONS } from '@certitude/shared';
import { Form } from 'react-bootstrap';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { FLAG_TEXT } from '../lib/flag-text';

/** The flag's five reasons as radio buttons, with the message when none is chosen. */
export function ReasonFieldset({ id, error, field }: { id: string; error?: string; field: UseFormRegisterReturn }) {
  return (
    <fieldset
      className="mb-3"
      aria-describedby={error ? `${id}-reason-error` : undefined}
      aria-invalid={error ? true : undefined}
    >
      <legend className="form-label fs-6 mb-1">{FLAG_TEXT.reasonLegend}</legend>
      {FLAG_REASONS.map((r) => (
        <Form.Check
          key={r}
          type="radio"
          id={`${id}-reason-${r}`}
          value={r}
          label={FLAG_REASON_LABELS[r]}
          isInvalid={Boolean(error)}
          {...field}
        />
      ))}
      {error && (
        <div className="invalid-feedback d-block" id={`${id}-reason-error`}>
          {error}
        </div>
      )}
    </fieldset>
  );
}

/** The flag's note, required with "Something else", with its hint and its count of characters. */
export function NoteField({
  id,
  required,
  error,
  length,
  field,
}: {
  id: string;
  required: boolean;
  error?: string;
  length: number;
  field: UseFormRegisterReturn;
}) {
  return (
    <Form.Group>
      <Form.Label htmlFor={id}>
        {FLAG_TEXT.note}{' '}
        <span className="text-body-secondary small">{required ? FLAG_TEXT.noteRequired : FLAG_TEXT.noteOptional}</span>
      </Form.Label>
      <Form.Control
        id={id}
        as="textarea"
        rows={3}
        maxLength={FLAG_NOTE_MAX}
        required={required}
        {...field}
        isInvalid={Boolean(error)}
        aria-describedby={`${id}-hint ${id}-count${error ? ` ${id}-error` : ''}`}
      />
      {error && (
        <Form.Control.Feedback type="invalid" id={`${id}-error`}>
          {error}
        </Form.Control.Feedback>
      )}
      <div className="d-flex justify-content-between gap-2">
        <Form.Text id={`${id}-hint`}>{FLAG_TEXT.noteHint}</Form.Text>
        <Form.Text id={`${id}-count`} className="text-nowrap">
          {length} / {FLAG_NOTE_MAX}
        </Form.Text>
      </div>
    </Form.Group>
  );
}
