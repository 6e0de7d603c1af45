import {
  type AdminUser,
  REASON_MAX,
  reverseVotesRequestSchema,
  type ReverseVotesResponse,
  VOTE_REVERSAL_TEXT,
} from '@certitude/shared';
import { useId, useState, type FormEvent } from 'react';
import { Button, Form, Modal } from 'react-bootstrap';
import { errorText } from '../../lib/api-client';
import { firstInvalid, focusField, validate, type FieldErrors } from '../accounts/validate';
import { cycleFocus } from '../site/focus-cycle';
import { reverseVotes } from './admin-api';

const FIELDS = ['reason'] as const;

/**
 * Reverse every vote of an account (docs/product.md#reversing-votes), admins only: a required reason, checked with the
 * server's own rule before sending; the server's refusal shows as it says it.
 */
export function ReverseVotesDialog({
  member,
  onClose,
  onReversed,
}: {
  member: AdminUser;
  onClose(): void;
  onReversed(result: ReverseVotesResponse): void;
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
    const checked = validate(reverseVotesRequestSchema, { reason });
    if (checked.errors) {
      setErrors(checked.errors);
      focusField(form, firstInvalid(FIELDS, checked.errors));
      return;
    }
    setErrors({});
    setFailure(null);
    setBusy(true);
    try {
      onReversed(await reverseVotes(member.id, checked.data));
    } catch (err) {
      setFailure(errorText(err, VOTE_REVERSAL_TEXT.reverseFailed));
      setBusy(false);
    }
  }

  const reasonId = `${id}-reason`;
  return (
    <Modal show onHide={onClose} centered aria-labelledby={`${id}-title`} onKeyDown={cycleFocus}>
      <Form noValidate onSubmit={(e) => void submit(e)} aria-busy={busy}>
        <Modal.Header closeButton closeLabel={VOTE_REVERSAL_TEXT.cancel}>
          <Modal.Title id={`${id}-title`} as="h2" className="h5">
            {VOTE_REVERSAL_TEXT.dialogTitle(member.username)}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          {failure && (
            <div className="alert alert-danger" role="alert">
              {failure}
            </div>
          )}
          <p>{VOTE_REVERSAL_TEXT.explanation}</p>
          <Form.Group>
            <Form.Label htmlFor={reasonId}>{VOTE_REVERSAL_TEXT.reason}</Form.Label>
            <Form.Control
              id={reasonId}
              name="reason"
              as="textarea"
              rows={3}
              maxLength={REASON_MAX}
              required
              value={reason}
              isInvalid={Boolean(errors.reason)}
              aria-describedby={`${reasonId}-hint${errors.reason ? ` ${reasonId}-error` : ''}`}
              onChange={(e) => {
                setReason(e.target.value);
                setErrors((errs) => ({ ...errs, reason: undefined }));
              }}
            />
            {errors.reason && (
              <Form.Control.Feedback type="invalid" id={`${reasonId}-error`}>
                {errors.reason}
              </Form.Control.Feedback>
            )}
            <Form.Text id={`${reasonId}-hint`}>{VOTE_REVERSAL_TEXT.reasonHint}</Form.Text>
          </Form.Group>
        </Modal.Body>
        <Modal.Footer>
          <Button variant="outline-secondary" onClick={onClose} disabled={busy}>
            {VOTE_REVERSAL_TEXT.cancel}
          </Button>
          <Button type="submit" variant="danger" disabled={busy}>
            {busy ? VOTE_REVERSAL_TEXT.reversing : VOTE_REVERSAL_TEXT.reverse}
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
