import { ACCOUNT_TEXT, changePasswordRequestSchema, MSG } from '@certitude/shared';
import { useState } from 'react';
import { useZodForm } from '../../lib/forms/use-zod-form';
import { changePassword } from './account-api';
import { profileErrorText } from './auth-errors';
import { TextField } from './text-field';
import { FormOutcome, type Outcome } from '../../components/form-outcome';

const EMPTY = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** Change Password tab: the rule of docs/product.md#accounts, each missing kind of character with its own message. */
export function ChangePasswordForm() {
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const form = useZodForm({
    schema: changePasswordRequestSchema,
    defaultValues: EMPTY,
    check: (v) => ({ confirmPassword: v.newPassword !== v.confirmPassword ? MSG.newPasswordsDoNotMatch : undefined }),
    onEdit: () => setOutcome(null),
  });
  const { sending } = form;

  const submit = form.handleSubmit(async (data) => {
    setOutcome(null);
    try {
      await changePassword(data);
      form.reset(EMPTY);
      setOutcome({ ok: true, text: ACCOUNT_TEXT.passwordUpdated });
    } catch (err) {
      setOutcome({ ok: false, text: profileErrorText(err, MSG.updatePasswordFailed) });
    }
  });

  return (
    <form noValidate onSubmit={submit} aria-busy={sending} style={{ maxWidth: '28rem' }}>
      {outcome && <FormOutcome outcome={outcome} />}
      <TextField
        label={ACCOUNT_TEXT.currentPassword}
        type="password"
        autoComplete="current-password"
        {...form.field('currentPassword')}
        error={form.errorOf('currentPassword')}
      />
      <TextField
        label={ACCOUNT_TEXT.newPassword}
        type="password"
        autoComplete="new-password"
        hint={ACCOUNT_TEXT.passwordHint}
        {...form.field('newPassword')}
        error={form.errorOf('newPassword')}
      />
      <TextField
        label={ACCOUNT_TEXT.confirmNewPassword}
        type="password"
        autoComplete="new-password"
        {...form.field('confirmPassword')}
        error={form.errorOf('confirmPassword')}
      />
      <button type="submit" className="btn btn-primary" disabled={sending}>
        {sending ? ACCOUNT_TEXT.updating : ACCOUNT_TEXT.updatePassword}
      </button>
    </form>
  );
}
