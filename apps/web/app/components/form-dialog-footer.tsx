import { Button, Modal } from 'react-bootstrap';

/** A form dialog's Cancel and submit buttons, both held while the form is sent; the submit says it is busy. */
export function FormDialogFooter({
  busy,
  onClose,
  cancel,
  submit,
  busyLabel,
  variant = 'primary',
}: {
  busy: boolean;
  onClose(): void;
  cancel: string;
  submit: string;
  busyLabel: string;
  variant?: 'primary' | 'danger' | 'secondary';
}) {
  return (
    <Modal.Footer>
      <Button variant="outline-secondary" onClick={onClose} disabled={busy}>
        {cancel}
      </Button>
      <Button type="submit" variant={variant} disabled={busy}>
        {busy ? busyLabel : submit}
      </Button>
    </Modal.Footer>
  );
}
