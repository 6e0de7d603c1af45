import { ACCOUNT_TEXT, MSG, registerRequestSchema } from '@certitude/shared';
import { useZodForm } from '../../lib/forms/use-zod-form';
import { AccountDialog } from './account-dialog';
import { register } from './account-api';
import { registerErrorText } from './auth-errors';
import { SocialButtons } from './social-buttons';
import { TextField } from './text-field';
import { FailureAlert } from '../../components/failure-alert';

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
  const form = useZodForm({
    schema: registerRequestSchema,
    defaultValues: { username: '', email: '', password: '', confirmPassword: '' },
    editClearsFailure: true,
    // The schema checks the match only once every field is valid; say it at once.
    check: (v) => ({ confirmPassword: v.confirmPassword !== v.password ? MSG.passwordsDoNotMatch : undefined }),
  });
  const { failure, sending } = form;

  const submit = form.handleSubmit(async (data) => {
    try {
      await register(data);
      onRegistered();
    } catch (err) {
      form.fail(registerErrorText(err));
    }
  });

  return (
    <form noValidate onSubmit={submit} aria-busy={sending}>
      <FailureAlert text={failure} />
      <TextField
        label={ACCOUNT_TEXT.username}
        autoComplete="username"
        data-autofocus
        {...form.field('username')}
        error={form.errorOf('username')}
      />
      <TextField
        label={ACCOUNT_TEXT.emailAddress}
        type="email"
        autoComplete="email"
        {...form.field('email')}
        error={form.errorOf('email')}
      />
      <TextField
        label={ACCOUNT_TEXT.password}
        type="password"
        autoComplete="new-password"
        placeholder={ACCOUNT_TEXT.passwordHint}
        hint={ACCOUNT_TEXT.passwordHint}
        {...form.field('password')}
        error={form.errorOf('password')}
      />
      <TextField
        label={ACCOUNT_TEXT.confirmPassword}
        type="password"
        autoComplete="new-password"
        {...form.field('confirmPassword')}
        error={form.errorOf('confirmPassword')}
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
