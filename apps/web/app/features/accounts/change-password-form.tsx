import { ACCOUNT_TEXT, changePasswordRequestSchema, MSG } from '@certitude/shared';
import { useState, type FormEvent } from 'react';
import { changePassword } from './account-api';
import { profileErrorText } from './auth-errors';
import { TextField } from './text-field';
import { firstInvalid, focusField, validate, type FieldErrors } from './validate';

const FIELDS = ['currentPassword', 'newPassword', 'confirmPassword'] as const;
type Field = (typeof FIELDS)[number];
const EMPTY: Record<Field, string> = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** Change Password tab: the rule of docs/product.md#accounts, each missing kind of character with its own message. */
export function ChangePasswordForm() {
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  const [sending, setSending] = useState(false);

  const change = (field: Field) => (e: React.ChangeEvent<HTMLInputElement>) => {
    setValues((v) => ({ ...v, [field]: e.target.value }));
    setErrors((errs) => ({ ...errs, [field]: undefined }));
    setOutcome(null);
  };

  async function submit(e: FormEvent) {
    e.preventDefault();
    const form = e.currentTarget as HTMLFormElement;
    if (sending) return;
    const checked = validate(changePasswordRequestSchema, {
      currentPassword: values.currentPassword,
      newPassword: values.newPassword,
    });
    const errs: FieldErrors = { ...checked.errors };
    if (values.newPassword !== values.confirmPassword) errs.confirmPassword = MSG.newPasswordsDoNotMatch;
    const first = firstInvalid(FIELDS, errs);
    if (first || !checked.data) {
      setErrors(errs);
      focusField(form, first);
      return;
    }
    setSending(true);
    setOutcome(null);
    try {
      await changePassword(checked.data);
      setValues(EMPTY);
      setOutcome({ ok: true, text: ACCOUNT_TEXT.passwordUpdated });
    } catch (err) {
      setOutcome({ ok: false, text: profileErrorText(err, MSG.updatePasswordFailed) });
    } finally {
      setSending(false);
    }
  }

  return (
    <form noValidate onSubmit={submit} aria-busy={sending} style={{ maxWidth: '28rem' }}>
      {outcome && (
        <div
          className={`alert ${outcome.ok ? 'alert-success' : 'alert-danger'}`}
          role={outcome.ok ? 'status' : 'alert'}
        >
          {outcome.text}
        </div>
      )}
      <TextField
        label={ACCOUNT_TEXT.currentPassword}
        name="currentPassword"
        type="password"
        autoComplete="current-password"
        value={values.currentPassword}
        onChange={change('currentPassword')}
        error={errors.currentPassword}
      />
      <TextField
        label={ACCOUNT_TEXT.newPassword}
        name="newPassword"
        type="password"
        autoComplete="new-password"
        hint={ACCOUNT_TEXT.passwordHint}
        value={values.newPassword}
        onChange={change('newPassword')}
        error={errors.newPassword}
      />
      <TextField
        label={ACCOUNT_TEXT.confirmNewPassword}
        name="confirmPassword"
        type="password"
        autoComplete="new-password"
        value={values.confirmPassword}
        onChange={change('confirmPassword')}
        error={errors.confirmPassword}
      />
      <button type="submit" className="btn btn-primary" disabled={sending}>
        {sending ? ACCOUNT_TEXT.updating : ACCOUNT_TEXT.updatePassword}
      </button>
    </form>
  );
}
