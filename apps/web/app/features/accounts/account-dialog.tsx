import { useId, type ReactNode } from 'react';
import { Modal } from 'react-bootstrap';
import { cycleFocus } from '../../lib/focus-cycle';

interface AccountDialogProps {
  show: boolean;
  onHide(): void;
  title: string;
  children: ReactNode;
  footer?: ReactNode;
}

/**
 * The field marked data-autofocus gets the focus once the dialog has opened: the dialog's own focus trap
 * would take it back from an input focused on mount. Someone quick (or a password manager) may already be
 * typing in another field by the time the fade-in ends: the focus then stays where they are, or the rest of
 * what they type would land in the wrong field.
 */
function focusInitialField(node: HTMLElement) {
  const active = node.ownerDocument.activeElement;
  if (active instanceof HTMLElement && node.contains(active) && active.matches('input, select, textarea')) return;
  node.querySelector<HTMLElement>('[data-autofocus]')?.focus();
}

/** A modal dialog named by its visible title (aria-labelledby), closable with Escape or the close button. */
export function AccountDialog({ show, onHide, title, children, footer }: AccountDialogProps) {
  const titleId = useId();
  return (
    <Modal
      show={show}
      onHide={onHide}
      onEntered={focusInitialField}
      aria-labelledby={titleId}
      centered
      onKeyDown={cycleFocus}
    >
      <Modal.Header closeButton>
        <Modal.Title as="h2" id={titleId} className="h4 mb-0">
          {title}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>{children}</Modal.Body>
      {footer && <Modal.Footer>{footer}</Modal.Footer>}
    </Modal>
  );
}
