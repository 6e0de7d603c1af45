import { ACCOUNT_TEXT, MSG, resetPasswordRequestSchema } from '@certitude/shared';
import { useState, type FormEvent } from 'react';
import { resetPassword } from './account-api';
import { resetPasswordErrorText } from './auth-errors';
import { PasswordStrengthMeter } from './password-strength-meter';
import { TextField } from './text-field';
import { firstInvalid, focusField, validate, type FieldErrors } from './validate';

const FIELDS = ['password', 'confirmPassword'] as const;
type Field = (typeof FIELDS)[number];

/** The new-password form of a valid reset link; `onDone` runs once the server accepted it. */
export function ResetPasswordForm({ token, onDone }: { token: string; onDone(): void }) {
  const [values, setValues] = useState<Record<Field, string>>({ password: '', confirmPassword: '' });
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
    const checked = validate(resetPasswordRequestSchema, { token, ...values });
    if (checked.errors) {
      // The schema checks the match only once the password itself passes; say it at once.
      if (values.confirmPassword !== values.password) checked.errors.confirmPassword ??= MSG.passwordsDoNotMatch;
      setErrors(checked.errors);
      focusField(form, firstInvalid(FIELDS, checked.errors));
      return;
    }
    setSending(true);
    setFailure(null);
    try {
      await resetPassword(checked.data);
      onDone();
    } catch (err) {
      setFailure(resetPasswordErrorText(err));
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
        label={ACCOUNT_TEXT.newPassword}
        name="password"
        type="password"
        autoFocus
        autoComplete="new-password"
        value={values.password}
        onChange={change('password')}
        error={errors.password}
        className="mb-2"
      />
      {values.password && <PasswordStrengthMeter password={values.password} />}
      <TextField
        label={ACCOUNT_TEXT.confirmNewPassword}
        name="confirmPassword"
        type="password"
        autoComplete="new-password"
        value={values.confirmPassword}
        onChange={change('confirmPassword')}
        error={errors.confirmPassword}
      />
      <button type="submit" className="btn btn-primary w-100" disabled={sending}>
        {sending ? ACCOUNT_TEXT.resetting : ACCOUNT_TEXT.resetSubmit}
      </button>
    </form>
  );
}
