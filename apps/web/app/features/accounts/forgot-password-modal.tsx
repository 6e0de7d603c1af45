import { ACCOUNT_TEXT, forgotPasswordRequestSchema } from '@certitude/shared';
import { useState } from 'react';
import { useZodForm } from '../../lib/forms/use-zod-form';
import { AccountDialog } from './account-dialog';
import { requestPasswordReset } from './account-api';
import { forgotPasswordErrorText } from './auth-errors';
import { TextField } from './text-field';
import { FailureAlert } from '../../components/failure-alert';

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
  const [sent, setSent] = useState<string | null>(null);
  // Checked as it is typed, so that the button waits for a valid address; its message shows once the field was left.
  const form = useZodForm({
    schema: forgotPasswordRequestSchema,
    defaultValues: { email: '' },
    mode: 'all',
    editClearsFailure: true,
  });
  const { failure, sending } = form;
  const { isValid, touchedFields } = form.formState;
  const email = form.watch('email');

  const submit = form.handleSubmit(async (data) => {
    try {
      const answer = await requestPasswordReset(data.email);
      setSent(answer?.message ?? ACCOUNT_TEXT.forgotSent);
    } catch (err) {
      form.fail(forgotPasswordErrorText(err));
      form.setFocus('email');
    }
  });

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
      <FailureAlert text={failure} />
      <TextField
        label={ACCOUNT_TEXT.emailAddress}
        type="email"
        data-autofocus
        autoComplete="email"
        {...form.field('email')}
        error={touchedFields.email && email !== '' ? form.errorOf('email') : undefined}
      />
      <button type="submit" className="btn btn-primary w-100" disabled={!isValid || sending}>
        {sending ? ACCOUNT_TEXT.sending : ACCOUNT_TEXT.sendResetLink}
      </button>
      {backToLogin}
    </form>
  );
}
