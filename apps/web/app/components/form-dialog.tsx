import type { FormEvent, ReactNode } from 'react';
import { Form, Modal } from 'react-bootstrap';
import { cycleFocus } from '../lib/focus-cycle';
import { FormDialogFooter } from './form-dialog-footer';
import { FailureAlert } from './failure-alert';

/** The words of a form dialog: its title, and the labels of its buttons (`busy` while the form is sent). */
export interface FormDialogTexts {
  title: ReactNode;
  cancel: string;
  submit: string;
  busy: string;
}

/**
 * A form in a modal dialog, labelled by its title (`id` makes the title's id): the form's failure above the
 * fields, Cancel and submit below them (or `footer` instead), and Tab kept inside the dialog.
 */
export function FormDialog({
  id,
  form,
  texts,
  variant = 'primary',
  onClose,
  onSubmit,
  footer,
  children,
}: {
  id: string;
  form: { failure?: string; sending: boolean };
  texts: FormDialogTexts;
  variant?: 'primary' | 'danger' | 'secondary';
  onClose(): void;
  onSubmit(e: FormEvent<HTMLFormElement>): Promise<void>;
  footer?: ReactNode;
  children: ReactNode;
}) {
  const busy = form.sending;
  return (
    <Modal show onHide={onClose} centered aria-labelledby={`${id}-title`} onKeyDown={cycleFocus}>
      <Form noValidate onSubmit={(e) => void onSubmit(e)} aria-busy={busy}>
        <Modal.Header closeButton closeLabel={texts.cancel}>
          <Modal.Title id={`${id}-title`} as="h2" className="h5">
            {texts.title}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <FailureAlert text={form.failure} />
          {children}
        </Modal.Body>
        {footer ?? (
          <FormDialogFooter
            busy={busy}
            onClose={onClose}
            cancel={texts.cancel}
            submit={texts.submit}
            busyLabel={texts.busy}
            variant={variant}
          />
        )}
      </Form>
    </Modal>
  );
}
