import { ACCOUNT_TEXT, LOGIN_SUCCESS_NOTIFY_MS, loginRequestSchema, MSG } from '@certitude/shared';
import { useState } from 'react';
import { ApiError, storeAuth } from '../../lib/api-client';
import { useZodForm } from '../../lib/forms/use-zod-form';
import { AccountDialog } from './account-dialog';
import { login } from './account-api';
import { loginErrorText } from './auth-errors';
import { ResendVerificationForm } from './resend-verification-form';
import { SocialButtons } from './social-buttons';
import { TextField } from './text-field';

interface LoginModalProps {
  show: boolean;
  onClose(): void;
  onForgotPassword(): void;
  onCreateAccount(): void;
}

/** 'Welcome Back' (docs/product.md#sign-in-and-registration): sign in with a username and password, or with Google or GitHub. */
export function LoginModal({ show, onClose, onForgotPassword, onCreateAccount }: LoginModalProps) {
  return (
    <AccountDialog show={show} onHide={onClose} title={ACCOUNT_TEXT.loginTitle}>
      <LoginBody onSuccess={onClose} onForgotPassword={onForgotPassword} onCreateAccount={onCreateAccount} />
    </AccountDialog>
  );
}

/**
 * The form, and once the server said the account's address is not verified yet, the way to have the link mailed
 * again right there (a form of its own, so outside the sign-in form).
 */
function LoginBody(props: { onSuccess(): void; onForgotPassword(): void; onCreateAccount(): void }) {
  const [unverified, setUnverified] = useState(false);
  return (
    <>
      <LoginForm {...props} onUnverified={() => setUnverified(true)} />
      {unverified && (
        <section className="border rounded p-3 mt-3" aria-labelledby="login-resend-title">
          <h3 id="login-resend-title" className="h6">
            {ACCOUNT_TEXT.resendFromLogin}
          </h3>
          <ResendVerificationForm />
        </section>
      )}
    </>
  );
}

function LoginForm({
  onSuccess,
  onForgotPassword,
  onCreateAccount,
  onUnverified,
}: {
  onSuccess(): void;
  onForgotPassword(): void;
  onCreateAccount(): void;
  onUnverified(): void;
}) {
  const form = useZodForm({
    schema: loginRequestSchema,
    defaultValues: { username: '', password: '' },
    editClearsFailure: true,
  });
  const { failure, sending } = form;

  const submit = form.handleSubmit(async (data) => {
    try {
      storeAuth(await login(data));
    } catch (err) {
      form.fail(loginErrorText(err));
      if (err instanceof ApiError && err.status === 403 && err.serverMessage === MSG.emailNotVerified) onUnverified();
      form.setFocus('username');
      return;
    }
    // The short pause of docs/product.md#sign-in-and-registration lets the signed-in navbar appear before the dialog goes.
    await new Promise((resolve) => setTimeout(resolve, LOGIN_SUCCESS_NOTIFY_MS));
    onSuccess();
  });

  return (
    <form noValidate onSubmit={submit} aria-busy={sending}>
      {failure && (
        <div className="alert alert-danger" role="alert">
          <strong>{MSG.loginFailedPrefix}</strong> {failure}
        </div>
      )}
      <TextField
        label={ACCOUNT_TEXT.username}
        autoComplete="username"
        data-autofocus
        {...form.field('username')}
        error={form.errorOf('username')}
        invalid={Boolean(failure)}
      />
      <TextField
        label={ACCOUNT_TEXT.password}
        type="password"
        autoComplete="current-password"
        {...form.field('password')}
        error={form.errorOf('password')}
        invalid={Boolean(failure)}
        className="mb-2"
      />
      <div className="text-end mb-3">
        <button type="button" className="btn btn-link btn-sm p-0" onClick={onForgotPassword}>
          {ACCOUNT_TEXT.forgotPasswordLink}
        </button>
      </div>
      <button type="submit" className="btn btn-primary w-100" disabled={sending}>
        {sending ? ACCOUNT_TEXT.signingIn : ACCOUNT_TEXT.signIn}
      </button>
      <SocialButtons />
      <p className="text-center small mt-3 mb-0">
        {ACCOUNT_TEXT.noAccount}{' '}
        <button type="button" className="btn btn-link btn-sm p-0 align-baseline" onClick={onCreateAccount}>
          {ACCOUNT_TEXT.createAccount}
        </button>
      </p>
    </form>
  );
}
