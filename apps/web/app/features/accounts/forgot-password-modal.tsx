import { ACCOUNT_TEXT, emailSchema, MSG } from '@certitude/shared';
import { useState, type FormEvent } from 'react';
import { AccountDialog } from './account-dialog';
import { requestPasswordReset } from './account-api';
import { forgotPasswordErrorText } from './auth-errors';
import { TextField } from './text-field';
import { focusField } from './validate';

interface ForgotPasswordModalProps {
  show: boolean;
  onClose(): void;
  onBackToLogin(): void;
}

/** Asks for a reset link by email; the answer is the same whether or not the address has an account. */
export function ForgotPasswordModal({ show, onClose, onBackToLogin }: ForgotPasswordModalProps) {
  return (
    <AccountDialog show={show} onHide={onClose} title={ACCOUNT_TEXT.forgotTitle}>
      <ForgotPasswordForm onBackToLogin={onBackToLogin} />
    </AccountDialog>
  );
}

function ForgotPasswordForm({ onBackToLogin }: { onBackToLogin(): void }) {
  const [email, setEmail] = useState('');
  const [touched, setTouched] = useState(false);
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const valid = emailSchema.safeParse(email).success;

  async function submit(e: FormEvent) {
    e.preventDefault();
    const form = e.currentTarget as HTMLFormElement;
    if (!valid || sending) return;
    setSending(true);
    setFailure(null);
    try {
      const answer = await requestPasswordReset(email.trim());
      setSent(answer?.message ?? ACCOUNT_TEXT.forgotSent);
    } catch (err) {
      setFailure(forgotPasswordErrorText(err));
      focusField(form, 'email');
    } finally {
      setSending(false);
    }
  }

  const backToLogin = (
    <div className="text-center mt-3">
      <button type="button" className="btn btn-link btn-sm p-0" onClick={onBackToLogin}>
        {ACCOUNT_TEXT.backToLogin}
      </button>
    </div>
  );

  if (sent) {
    return (
      <>
        <div className="alert alert-success" role="status">
          {sent}
        </div>
        {backToLogin}
      </>
    );
  }
  return (
    <form noValidate onSubmit={submit} aria-busy={sending}>
      <p className="text-body-secondary">{ACCOUNT_TEXT.forgotIntro}</p>
      {failure && (
        <div className="alert alert-danger" role="alert">
          {failure}
        </div>
      )}
      <TextField
        label={ACCOUNT_TEXT.emailAddress}
        name="email"
        type="email"
        data-autofocus
        autoComplete="email"
        value={email}
        onChange={(e) => {
          setEmail(e.target.value);
          setFailure(null);
        }}
        onBlur={() => setTouched(true)}
        error={touched && email !== '' && !valid ? MSG.emailInvalid : undefined}
      />
      <button type="submit" className="btn btn-primary w-100" disabled={!valid || sending}>
        {sending ? ACCOUNT_TEXT.sending : ACCOUNT_TEXT.sendResetLink}
      </button>
      {backToLogin}
    </form>
  );
}
