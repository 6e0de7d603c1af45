import { ACCOUNT_TEXT, MSG, resendVerificationRequestSchema } from '@certitude/shared';
import { useState } from 'react';
import { errorText } from '../../lib/api-client';
import { useZodForm } from '../../lib/forms/use-zod-form';
import { resendVerification } from './account-api';
import { TextField } from './text-field';
import { FailureAlert } from '../../components/failure-alert';

/**
 * 'Resend Email' of the verify-email error screen: asks for a fresh verification link. The server answers
 * the same whether or not the address has an unverified account (see docs/decisions).
 */
export function ResendVerificationForm() {
  const [sent, setSent] = useState<string | null>(null);
  const form = useZodForm({
    schema: resendVerificationRequestSchema,
    defaultValues: { email: '' },
    editClearsFailure: true,
  });
  const { failure, sending } = form;

  const submit = form.handleSubmit(async (data) => {
    try {
      const answer = await resendVerification(data.email);
      setSent(answer?.message ?? ACCOUNT_TEXT.resendSent);
    } catch (err) {
      form.fail(errorText(err, MSG.forgotFailed));
    }
  });

  if (sent) {
    return (
      <div className="alert alert-success mb-0" role="status">
        {sent}
      </div>
    );
  }
  return (
    <form noValidate onSubmit={submit} className="text-start" aria-busy={sending}>
      <p className="small text-body-secondary">{ACCOUNT_TEXT.resendIntro}</p>
      <FailureAlert text={failure} />
      <TextField
        label={ACCOUNT_TEXT.emailAddress}
        type="email"
        autoComplete="email"
        {...form.field('email')}
        error={form.errorOf('email')}
      />
      <button type="submit" className="btn btn-outline-primary w-100" disabled={sending}>
        {sending ? ACCOUNT_TEXT.sending : ACCOUNT_TEXT.resendEmail}
      </button>
    </form>
  );
}
