import {
  type AdminUser,
  SUSPENSION_DAYS_MAX,
  SUSPENSION_TEXT,
  suspendRequestSchema,
  type SuspendRequest,
  type SuspensionState,
} from '@certitude/shared';
import { useId, useState } from 'react';
import { Form } from 'react-bootstrap';
import { errorText } from '../../lib/api-client';
import { useZodForm } from '../../lib/forms/use-zod-form';
import { FormDialog } from '../../components/form-dialog';
import { suspendUser } from './admin-api';
import { ReasonField } from './reason-dialog';

/**
 * Suspend a member (docs/product.md#admin-panel): for a number of days or until lifted, with a reason the member
 * reads when they try to sign in. Checked with the server's own rules before sending; the server's refusal shows as
 * it says it.
 */
export function SuspendDialog({
  member,
  onClose,
  onSuspended,
}: {
  member: Pick<AdminUser, 'id' | 'username'>;
  onClose(): void;
  onSuspended(state: SuspensionState): void;
}) {
  const id = useId();
  const [length, setLength] = useState<'days' | 'lifted'>('days');
  const form = useZodForm({
    schema: suspendRequestSchema,
    defaultValues: { days: '7', reason: '' },
    request: ({ days, reason }): SuspendRequest =>
      length === 'days' ? { days: days.trim() === '' ? Number.NaN : Number(days), reason } : { reason },
  });
  const daysError = form.errorOf('days');

  const submit = form.handleSubmit(async (data) => {
    try {
      onSuspended(await suspendUser(member.id, data));
    } catch (err) {
      form.fail(errorText(err, SUSPENSION_TEXT.suspendFailed));
    }
  });

  const texts = {
    title: SUSPENSION_TEXT.dialogTitle(member.username),
    cancel: SUSPENSION_TEXT.cancel,
    submit: SUSPENSION_TEXT.suspend,
    busy: SUSPENSION_TEXT.suspending,
  };
  const daysId = `${id}-days`;
  const reasonId = `${id}-reason`;
  return (
    <FormDialog id={id} form={form} texts={texts} variant="danger" onClose={onClose} onSubmit={submit}>
      <fieldset className="mb-3">
        <legend className="form-label fs-6 mb-1">{SUSPENSION_TEXT.length}</legend>
        <Form.Check
          type="radio"
          id={`${id}-for-days`}
          name="length"
          label={SUSPENSION_TEXT.forDays}
          checked={length === 'days'}
          onChange={() => setLength('days')}
        />
        <div className="ms-4 my-2">
          <Form.Label htmlFor={daysId} className="small mb-1">
            {SUSPENSION_TEXT.days}
          </Form.Label>
          <Form.Control
            id={daysId}
            type="number"
            inputMode="numeric"
            min={1}
            max={SUSPENSION_DAYS_MAX}
            step={1}
            style={{ maxWidth: '8rem' }}
            {...form.field('days')}
            disabled={length !== 'days'}
            isInvalid={Boolean(daysError)}
            aria-describedby={daysError ? `${daysId}-error` : undefined}
          />
          {daysError && (
            <Form.Control.Feedback type="invalid" id={`${daysId}-error`}>
              {daysError}
            </Form.Control.Feedback>
          )}
        </div>
        <Form.Check
          type="radio"
          id={`${id}-until-lifted`}
          name="length"
          label={SUSPENSION_TEXT.untilLifted}
          checked={length === 'lifted'}
          onChange={() => {
            setLength('lifted');
            form.clearErrors('days');
          }}
        />
      </fieldset>
      <ReasonField
        id={reasonId}
        label={SUSPENSION_TEXT.reason}
        hint={SUSPENSION_TEXT.reasonHint}
        field={form.field('reason')}
        length={form.watch('reason').length}
        error={form.errorOf('reason')}
      />
    </FormDialog>
  );
}
