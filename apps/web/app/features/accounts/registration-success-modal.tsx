import { ACCOUNT_TEXT } from '@certitude/shared';
import { AccountDialog } from './account-dialog';

interface RegistrationSuccessModalProps {
  show: boolean;
  onClose(): void;
  onContinueToLogin(): void;
}

/** Shown after registering: the account signs in once its email address is verified. */
export function RegistrationSuccessModal({ show, onClose, onContinueToLogin }: RegistrationSuccessModalProps) {
  return (
    <AccountDialog
      show={show}
      onHide={onClose}
      title={ACCOUNT_TEXT.registrationSuccessTitle}
      footer={
        <>
          <button type="button" className="btn btn-outline-secondary" onClick={onClose}>
            {ACCOUNT_TEXT.gotIt}
          </button>
          <button type="button" className="btn btn-primary" onClick={onContinueToLogin}>
            {ACCOUNT_TEXT.continueToLogin}
          </button>
        </>
      }
    >
      <p className="mb-0">{ACCOUNT_TEXT.registrationSuccessText}</p>
    </AccountDialog>
  );
}
