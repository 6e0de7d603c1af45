import {
  createFlagRequestSchema,
  FLAG_NOTE_MAX,
  FLAG_REASON_LABELS,
  FLAG_REASONS,
  flagCreatedSchema,
  type FlagCreated,
  type FlagReason,
  type FlagTargetType,
} from '@certitude/shared';
import { useId, useState } from 'react';
import { Button, Form, Modal } from 'react-bootstrap';
import { api, ApiError } from '../../lib/api-client';
import { useZodForm } from '../../lib/forms/use-zod-form';
import { failureText } from '../discussion/comments-api';
import { cycleFocus } from '../site/focus-cycle';
import { FLAG_TEXT, type FlagWhat } from './flag-text';

export interface FlagDialogProps {
  targetType: FlagTargetType;
  targetId: number;
  what: FlagWhat;
  onClose(): void;
  /** The item is flagged by this member: just now, or already before (409). */
  onFlagged(created: FlagCreated | null): void;
}

/**
 * The dialog of a Flag control (docs/product.md#flags): one of the five reasons, a note (required with "Something
 * else"), checked with the server's own rule. Loaded only when a member opens it.
 */
export default function FlagDialog({ targetType, targetId, what, onClose, onFlagged }: FlagDialogProps) {
  const id = useId();
  /** Set when the server says this member flagged the item before: the dialog only shows that and closes. */
  const [already, setAlready] = useState<string | null>(null);
  const form = useZodForm({
    schema: createFlagRequestSchema,
    defaultValues: { reason: '' as FlagReason | '', note: '' },
    request: ({ reason, note }) => ({
      targetType,
      targetId,
      reason,
      ...(note.trim() ? { note: note.trim() } : {}),
    }),
    check: ({ reason }) => ({ reason: reason ? undefined : FLAG_TEXT.chooseReason }),
  });
  const { failure, sending: busy } = form;
  const reason = form.watch('reason');
  const note = form.watch('note');
  const errors = { reason: form.errorOf('reason'), note: form.errorOf('note') };

  const submit = form.handleSubmit(async (data) => {
    if (already) return;
    try {
      onFlagged(
        await api('/api/flags', { method: 'POST', body: data, schema: __CHECK_ANSWERS__ && flagCreatedSchema }),
      );
    } catch (err) {
      if (err instanceof ApiError && err.status === 409) {
        setAlready(failureText(err, FLAG_TEXT.failed));
        onFlagged(null);
        return;
      }
      form.fail(failureText(err, FLAG_TEXT.failed));
    }
  });

  const noteId = `${id}-note`;
  const noteRequired = reason === 'OTHER';
  return (
    <Modal show onHide={onClose} centered aria-labelledby={`${id}-title`} onKeyDown={cycleFocus}>
      <Form noValidate onSubmit={(e) => void submit(e)} aria-busy={busy}>
        <Modal.Header closeButton closeLabel={FLAG_TEXT.cancel}>
          <Modal.Title id={`${id}-title`} as="h2" className="h5">
            {FLAG_TEXT.dialogTitle(what)}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          {failure && (
            <div className="alert alert-danger" role="alert">
              {failure}
            </div>
          )}
          {already ? (
            <div className="alert alert-info mb-0" role="alert">
              {already}
            </div>
          ) : (
            <>
              <p className="small text-body-secondary">{FLAG_TEXT.intro}</p>
              <fieldset
                className="mb-3"
                aria-describedby={errors.reason ? `${id}-reason-error` : undefined}
                aria-invalid={errors.reason ? true : undefined}
              >
                <legend className="form-label fs-6 mb-1">{FLAG_TEXT.reasonLegend}</legend>
                {FLAG_REASONS.map((r) => (
                  <Form.Check
                    key={r}
                    type="radio"
                    id={`${id}-reason-${r}`}
                    value={r}
                    label={FLAG_REASON_LABELS[r]}
                    isInvalid={Boolean(errors.reason)}
                    {...form.field('reason', { onChange: () => form.clearErrors('note') })}
                  />
                ))}
                {errors.reason && (
                  <div className="invalid-feedback d-block" id={`${id}-reason-error`}>
                    {errors.reason}
                  </div>
                )}
              </fieldset>
              <Form.Group>
                <Form.Label htmlFor={noteId}>
                  {FLAG_TEXT.note}{' '}
                  <span className="text-body-secondary small">
                    {noteRequired ? FLAG_TEXT.noteRequired : FLAG_TEXT.noteOptional}
                  </span>
                </Form.Label>
                <Form.Control
                  id={noteId}
                  as="textarea"
                  rows={3}
                  maxLength={FLAG_NOTE_MAX}
                  required={noteRequired}
                  {...form.field('note')}
                  isInvalid={Boolean(errors.note)}
                  aria-describedby={`${noteId}-hint ${noteId}-count${errors.note ? ` ${noteId}-error` : ''}`}
                />
                {errors.note && (
                  <Form.Control.Feedback type="invalid" id={`${noteId}-error`}>
                    {errors.note}
                  </Form.Control.Feedback>
                )}
                <div className="d-flex justify-content-between gap-2">
                  <Form.Text id={`${noteId}-hint`}>{FLAG_TEXT.noteHint}</Form.Text>
                  <Form.Text id={`${noteId}-count`} className="text-nowrap">
                    {note.length} / {FLAG_NOTE_MAX}
                  </Form.Text>
                </div>
              </Form.Group>
            </>
          )}
        </Modal.Body>
        <Modal.Footer>
          <Button variant="outline-secondary" onClick={onClose} disabled={busy}>
            {FLAG_TEXT.cancel}
          </Button>
          {!already && (
            <Button type="submit" variant="danger" disabled={busy}>
              {busy ? FLAG_TEXT.sending : FLAG_TEXT.send}
            </Button>
          )}
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
