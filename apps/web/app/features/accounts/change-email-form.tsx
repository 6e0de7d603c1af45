import { ACCOUNT_TEXT, changeEmailRequestSchema, MSG } from '@certitude/shared';
import { useState } from 'react';
import { useZodForm } from '../../lib/forms/use-zod-form';
import { storeUser } from '../../lib/auth-store';
import { changeEmail } from './account-api';
import { profileErrorText } from './auth-errors';
import { TextField } from './text-field';
import { FormOutcome, type Outcome } from '../../components/form-outcome';

const EMPTY = { newEmail: '', password: '' };

/** Change Email tab: new address and current password; the stored user record follows the answer. */
export function ChangeEmailForm() {
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const form = useZodForm({ schema: changeEmailRequestSchema, defaultValues: EMPTY, onEdit: () => setOutcome(null) });
  const { sending } = form;

  const submit = form.handleSubmit(async (data) => {
    setOutcome(null);
    try {
      const user = await changeEmail(data);
      if (user && typeof user === 'object' && 'username' in user) storeUser(user);
      form.reset(EMPTY);
      setOutcome({ ok: true, text: ACCOUNT_TEXT.emailUpdated });
    } catch (err) {
      setOutcome({ ok: false, text: profileErrorText(err, MSG.updateEmailFailed) });
    }
  });

  return (
    <form noValidate onSubmit={submit} aria-busy={sending} style={{ maxWidth: '28rem' }}>
      {outcome && <FormOutcome outcome={outcome} />}
      <TextField
        label={ACCOUNT_TEXT.newEmail}
        type="email"
        autoComplete="email"
        {...form.field('newEmail')}
        error={form.errorOf('newEmail')}
      />
      <TextField
        label={ACCOUNT_TEXT.currentPassword}
        type="password"
        autoComplete="current-password"
        {...form.field('password')}
        error={form.errorOf('password')}
      />
      <button type="submit" className="btn btn-primary" disabled={sending}>
        {sending ? ACCOUNT_TEXT.updating : ACCOUNT_TEXT.updateEmail}
      </button>
    </form>
  );
}
