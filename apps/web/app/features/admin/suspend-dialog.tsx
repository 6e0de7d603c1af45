import {
  type AdminUser,
  SUSPENSION_DAYS_MAX,
  SUSPENSION_TEXT,
  suspendRequestSchema,
  type SuspendRequest,
  type SuspensionState,
} from '@certitude/shared';
import { useId, useState, type FormEvent } from 'react';
import { Button, Form, Modal } from 'react-bootstrap';
import { errorText } from '../../lib/api-client';
import { firstInvalid, focusField, validate, type FieldErrors } from '../accounts/validate';
import { cycleFocus } from '../site/focus-cycle';
import { suspendUser } from './admin-api';
import { ReasonField } from './reason-dialog';

const FIELDS = ['days', 'reason'] as const;

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
  const [days, setDays] = useState('7');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = e.currentTarget;
    if (busy) return;
    const values: SuspendRequest =
      length === 'days' ? { days: days.trim() === '' ? Number.NaN : Number(days), reason } : { reason };
    const checked = validate(suspendRequestSchema, values);
    if (checked.errors) {
      setErrors(checked.errors);
      focusField(form, firstInvalid(FIELDS, checked.errors));
      return;
    }
    setErrors({});
    setFailure(null);
    setBusy(true);
    try {
      onSuspended(await suspendUser(member.id, checked.data));
    } catch (err) {
      setFailure(errorText(err, SUSPENSION_TEXT.suspendFailed));
      setBusy(false);
    }
  }

  const daysId = `${id}-days`;
  const reasonId = `${id}-reason`;
  return (
    <Modal show onHide={onClose} centered aria-labelledby={`${id}-title`} onKeyDown={cycleFocus}>
      <Form noValidate onSubmit={(e) => void submit(e)} aria-busy={busy}>
        <Modal.Header closeButton closeLabel={SUSPENSION_TEXT.cancel}>
          <Modal.Title id={`${id}-title`} as="h2" className="h5">
            {SUSPENSION_TEXT.dialogTitle(member.username)}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          {failure && (
            <div className="alert alert-danger" role="alert">
              {failure}
            </div>
          )}
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
                name="days"
                type="number"
                inputMode="numeric"
                min={1}
                max={SUSPENSION_DAYS_MAX}
                step={1}
                style={{ maxWidth: '8rem' }}
                value={days}
                disabled={length !== 'days'}
                isInvalid={Boolean(errors.days)}
                aria-describedby={errors.days ? `${daysId}-error` : undefined}
                onChange={(e) => {
                  setDays(e.target.value);
                  setErrors((errs) => ({ ...errs, days: undefined }));
                }}
              />
              {errors.days && (
                <Form.Control.Feedback type="invalid" id={`${daysId}-error`}>
                  {errors.days}
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
                setErrors((errs) => ({ ...errs, days: undefined }));
              }}
            />
          </fieldset>
          <ReasonField
            id={reasonId}
            label={SUSPENSION_TEXT.reason}
            hint={SUSPENSION_TEXT.reasonHint}
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
            {SUSPENSION_TEXT.cancel}
          </Button>
          <Button type="submit" variant="danger" disabled={busy}>
            {busy ? SUSPENSION_TEXT.suspending : SUSPENSION_TEXT.suspend}
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
