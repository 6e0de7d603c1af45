import { ACCOUNT_TEXT, LOGIN_SUCCESS_NOTIFY_MS, loginRequestSchema, MSG } from '@certitude/shared';
import { useState, type FormEvent } from 'react';
import { storeAuth } from '../../lib/api-client';
import { AccountDialog } from './account-dialog';
import { login } from './account-api';
import { loginErrorText } from './auth-errors';
import { SocialButtons } from './social-buttons';
import { TextField } from './text-field';
import { firstInvalid, focusField, validate, type FieldErrors } from './validate';

const FIELDS = ['username', 'password'] as const;
type Field = (typeof FIELDS)[number];

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
      <LoginForm onSuccess={onClose} onForgotPassword={onForgotPassword} onCreateAccount={onCreateAccount} />
    </AccountDialog>
  );
}

function LoginForm({
  onSuccess,
  onForgotPassword,
  onCreateAccount,
}: {
  onSuccess(): void;
  onForgotPassword(): void;
  onCreateAccount(): void;
}) {
  const [values, setValues] = useState<Record<Field, string>>({ username: '', password: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  const change = (field: Field) => (e: React.ChangeEvent<HTMLInputElement>) => {
    setValues((v) => ({ ...v, [field]: e.target.value }));
    setErrors((errs) => ({ ...errs, [field]: undefined }));
    setFailure(null);
  };

  async function submit(e: FormEvent) {
    e.preventDefault();
    const form = e.currentTarget as HTMLFormElement;
    if (sending) return;
    const checked = validate(loginRequestSchema, values);
    if (checked.errors) {
      setErrors(checked.errors);
      focusField(form, firstInvalid(FIELDS, checked.errors));
      return;
    }
    setSending(true);
    setFailure(null);
    try {
      storeAuth(await login(checked.data));
      // The short pause of docs/product.md#sign-in-and-registration lets the signed-in navbar appear before the dialog goes.
      setTimeout(onSuccess, LOGIN_SUCCESS_NOTIFY_MS);
    } catch (err) {
      setFailure(loginErrorText(err));
      setSending(false);
      focusField(form, 'username');
    }
  }

  return (
    <form noValidate onSubmit={submit} aria-busy={sending}>
      {failure && (
        <div className="alert alert-danger" role="alert">
          <strong>{MSG.loginFailedPrefix}</strong> {failure}
        </div>
      )}
      <TextField
        label={ACCOUNT_TEXT.username}
        name="username"
        autoComplete="username"
        data-autofocus
        value={values.username}
        onChange={change('username')}
        error={errors.username}
        invalid={Boolean(failure)}
      />
      <TextField
        label={ACCOUNT_TEXT.password}
        name="password"
        type="password"
        autoComplete="current-password"
        value={values.password}
        onChange={change('password')}
        error={errors.password}
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
