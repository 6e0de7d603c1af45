import {
  createFlagRequestSchema,
  flagCreatedSchema,
  type FlagCreated,
  type FlagReason,
  type FlagTargetType,
} from '@certitude/shared';
import { useId, useState } from 'react';
import { Button, Modal } from 'react-bootstrap';
import { api, ApiError } from '../lib/api-client';
import { failureText } from '../lib/failure-text';
import { useZodForm } from '../lib/forms/use-zod-form';
import { FormDialog } from './form-dialog';
import { NoteField, ReasonFieldset } from './flag-fields';
import { FLAG_TEXT, type FlagWhat } from '../lib/flag-text';

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
  const busy = form.sending;
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
    <FormDialog
      id={id}
      form={form}
      texts={{
        title: FLAG_TEXT.dialogTitle(what),
        cancel: FLAG_TEXT.cancel,
        submit: FLAG_TEXT.send,
        busy: FLAG_TEXT.sending,
      }}
      onClose={onClose}
      onSubmit={submit}
      footer={
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
      }
    >
      {already ? (
        <div className="alert alert-info mb-0" role="alert">
          {already}
        </div>
      ) : (
        <>
          <p className="small text-body-secondary">{FLAG_TEXT.intro}</p>
          <ReasonFieldset
            id={id}
            error={errors.reason}
            field={form.field('reason', { onChange: () => form.clearErrors('note') })}
          />
          <NoteField
            id={noteId}
            required={noteRequired}
            error={errors.note}
            length={note.length}
            field={form.field('note')}
          />
        </>
      )}
    </FormDialog>
  );
}
