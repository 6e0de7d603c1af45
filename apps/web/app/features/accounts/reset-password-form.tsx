import { ACCOUNT_TEXT, MSG, resetPasswordRequestSchema } from '@certitude/shared';
import { useZodForm } from '../../lib/forms/use-zod-form';
import { resetPassword } from './account-api';
import { resetPasswordErrorText } from './auth-errors';
import { PasswordStrengthMeter } from './password-strength-meter';
import { TextField } from './text-field';
import { FailureAlert } from '../../components/failure-alert';

/** The new-password form of a valid reset link; `onDone` runs once the server accepted it. */
export function ResetPasswordForm({ token, onDone }: { token: string; onDone(): void }) {
  const form = useZodForm({
    schema: resetPasswordRequestSchema,
    defaultValues: { token, password: '', confirmPassword: '' },
    editClearsFailure: true,
    // The schema checks the match only once the password itself passes; say it at once.
    check: (v) => ({ confirmPassword: v.confirmPassword !== v.password ? MSG.passwordsDoNotMatch : undefined }),
  });
  const { failure, sending } = form;
  const password = form.watch('password');

  const submit = form.handleSubmit(async (data) => {
    try {
      await resetPassword(data);
      onDone();
    } catch (err) {
      form.fail(resetPasswordErrorText(err));
    }
  });

  return (
    <form noValidate onSubmit={submit} aria-busy={sending}>
      <FailureAlert text={failure} />
      <TextField
        label={ACCOUNT_TEXT.newPassword}
        type="password"
        autoFocus
        autoComplete="new-password"
        {...form.field('password')}
        error={form.errorOf('password')}
        className="mb-2"
      />
      {password && <PasswordStrengthMeter password={password} />}
      <TextField
        label={ACCOUNT_TEXT.confirmNewPassword}
        type="password"
        autoComplete="new-password"
        {...form.field('confirmPassword')}
        error={form.errorOf('confirmPassword')}
      />
      <button type="submit" className="btn btn-primary w-100" disabled={sending}>
        {sending ? ACCOUNT_TEXT.resetting : ACCOUNT_TEXT.resetSubmit}
      </button>
    </form>
  );
}
