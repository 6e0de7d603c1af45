import { ACCOUNT_TEXT, MSG, registerRequestSchema } from '@certitude/shared';
import { useState, type FormEvent } from 'react';
import { AccountDialog } from './account-dialog';
import { register } from './account-api';
import { registerErrorText } from './auth-errors';
import { SocialButtons } from './social-buttons';
import { TextField } from './text-field';
import { firstInvalid, focusField, validate, type FieldErrors } from './validate';

const FIELDS = ['username', 'email', 'password', 'confirmPassword'] as const;
type Field = (typeof FIELDS)[number];

interface RegisterModalProps {
  show: boolean;
  onClose(): void;
  onRegistered(): void;
  onSignIn(): void;
}

/** 'Join Certitude' (docs/product.md#sign-in-and-registration): the account waits for its email to be verified before it can sign in. */
export function RegisterModal({ show, onClose, onRegistered, onSignIn }: RegisterModalProps) {
  return (
    <AccountDialog show={show} onHide={onClose} title={ACCOUNT_TEXT.registerTitle}>
      <RegisterForm onRegistered={onRegistered} onSignIn={onSignIn} />
    </AccountDialog>
  );
}

function RegisterForm({ onRegistered, onSignIn }: { onRegistered(): void; onSignIn(): void }) {
  const [values, setValues] = useState<Record<Field, string>>({
    username: '',
    email: '',
    password: '',
    confirmPassword: '',
  });
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
    const checked = validate(registerRequestSchema, values);
    if (checked.errors) {
      // The schema checks the match only once every field is valid; say it at once.
      if (values.confirmPassword !== values.password) checked.errors.confirmPassword ??= MSG.passwordsDoNotMatch;
      setErrors(checked.errors);
      focusField(form, firstInvalid(FIELDS, checked.errors));
      return;
    }
    setSending(true);
    setFailure(null);
    try {
      await register(checked.data);
      onRegistered();
    } catch (err) {
      setFailure(registerErrorText(err));
      setSending(false);
    }
  }

  return (
    <form noValidate onSubmit={submit} aria-busy={sending}>
      {failure && (
        <div className="alert alert-danger" role="alert">
          {failure}
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
      />
      <TextField
        label={ACCOUNT_TEXT.emailAddress}
        name="email"
        type="email"
        autoComplete="email"
        value={values.email}
        onChange={change('email')}
        error={errors.email}
      />
      <TextField
        label={ACCOUNT_TEXT.password}
        name="password"
        type="password"
        autoComplete="new-password"
        placeholder={ACCOUNT_TEXT.passwordHint}
        hint={ACCOUNT_TEXT.passwordHint}
        value={values.password}
        onChange={change('password')}
        error={errors.password}
      />
      <TextField
        label={ACCOUNT_TEXT.confirmPassword}
        name="confirmPassword"
        type="password"
        autoComplete="new-password"
        value={values.confirmPassword}
        onChange={change('confirmPassword')}
        error={errors.confirmPassword}
      />
      <button type="submit" className="btn btn-primary w-100" disabled={sending}>
        {sending ? ACCOUNT_TEXT.creatingAccount : ACCOUNT_TEXT.createAccount}
      </button>
      <SocialButtons />
      <p className="text-center small mt-3 mb-0">
        {ACCOUNT_TEXT.haveAccount}{' '}
        <button type="button" className="btn btn-link btn-sm p-0 align-baseline" onClick={onSignIn}>
          {ACCOUNT_TEXT.signInInstead}
        </button>
      </p>
    </form>
  );
}
