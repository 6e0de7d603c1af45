import { ACCOUNT_TEXT, changeEmailRequestSchema, MSG } from '@certitude/shared';
import { useState, type FormEvent } from 'react';
import { storeUser } from '../../lib/auth-store';
import { changeEmail } from './account-api';
import { profileErrorText } from './auth-errors';
import { TextField } from './text-field';
import { firstInvalid, focusField, validate, type FieldErrors } from './validate';

const FIELDS = ['newEmail', 'password'] as const;
type Field = (typeof FIELDS)[number];
const EMPTY: Record<Field, string> = { newEmail: '', password: '' };

/** Change Email tab: new address and current password; the stored user record follows the answer. */
export function ChangeEmailForm() {
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
    const checked = validate(changeEmailRequestSchema, values);
    if (checked.errors) {
      setErrors(checked.errors);
      focusField(form, firstInvalid(FIELDS, checked.errors));
      return;
    }
    setSending(true);
    setOutcome(null);
    try {
      const user = await changeEmail(checked.data);
      if (user && typeof user === 'object' && 'username' in user) storeUser(user);
      setValues(EMPTY);
      setOutcome({ ok: true, text: ACCOUNT_TEXT.emailUpdated });
    } catch (err) {
      setOutcome({ ok: false, text: profileErrorText(err, MSG.updateEmailFailed) });
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
        label={ACCOUNT_TEXT.newEmail}
        name="newEmail"
        type="email"
        autoComplete="email"
        value={values.newEmail}
        onChange={change('newEmail')}
        error={errors.newEmail}
      />
      <TextField
        label={ACCOUNT_TEXT.currentPassword}
        name="password"
        type="password"
        autoComplete="current-password"
        value={values.password}
        onChange={change('password')}
        error={errors.password}
      />
      <button type="submit" className="btn btn-primary" disabled={sending}>
        {sending ? ACCOUNT_TEXT.updating : ACCOUNT_TEXT.updateEmail}
      </button>
    </form>
  );
}
