import { DISCUSSION_TEXT as T, MSG, REASON_MAX } from '@certitude/shared';
import { useId, useState } from 'react';
import { Button, Form, Modal } from 'react-bootstrap';
import { cycleFocus } from '../../lib/focus-cycle';

export interface DeleteCommentDialogProps {
  show: boolean;
  /** A moderator removing someone else's comment may say why; it goes to the moderation log. */
  askReason: boolean;
  busy: boolean;
  onConfirm(reason: string): void;
  onCancel(): void;
}

/** The confirmation (docs/product.md#discussion), as a real modal dialog (focus kept inside, Escape cancels). */
export function DeleteCommentDialog(props: DeleteCommentDialogProps) {
  const id = useId();
  const [reason, setReason] = useState('');
  return (
    <Modal show={props.show} onHide={props.onCancel} centered aria-labelledby={`${id}-title`} onKeyDown={cycleFocus}>
      <Modal.Header closeButton closeLabel={T.cancel}>
        <Modal.Title id={`${id}-title`} as="h2" className="h5">
          {T.deleteTitle}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <p className="mb-0">{MSG.deleteCommentConfirm}</p>
        {props.askReason && (
          <Form.Group controlId={`${id}-reason`} className="mt-3">
            <Form.Label>{T.deleteReason}</Form.Label>
            <Form.Control
              value={reason}
              maxLength={REASON_MAX}
              onChange={(e) => setReason(e.target.value)}
              placeholder={T.deleteReasonPlaceholder}
            />
          </Form.Group>
        )}
      </Modal.Body>
      <Modal.Footer>
        <Button variant="outline-secondary" onClick={props.onCancel} disabled={props.busy}>
          {T.cancel}
        </Button>
        <Button variant="danger" onClick={() => props.onConfirm(reason.trim())} disabled={props.busy}>
          {props.busy ? T.deleting : T.delete}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
