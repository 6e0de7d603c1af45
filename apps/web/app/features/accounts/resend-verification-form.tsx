import { ACCOUNT_TEXT, emailSchema, MSG } from '@certitude/shared';
import { useState, type FormEvent } from 'react';
import { errorText } from '../../lib/api-client';
import { resendVerification } from './account-api';
import { TextField } from './text-field';

/**
 * 'Resend Email' of the verify-email error screen: asks for a fresh verification link. The server answers
 * the same whether or not the address has an unverified account (see docs/decisions).
 */
export function ResendVerificationForm() {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (sending) return;
    const checked = emailSchema.safeParse(email);
    if (!checked.success) {
      setError(checked.error.issues[0]?.message ?? MSG.emailInvalid);
      return;
    }
    setSending(true);
    setFailure(null);
    try {
      const answer = await resendVerification(checked.data);
      setSent(answer?.message ?? ACCOUNT_TEXT.resendSent);
    } catch (err) {
      setFailure(errorText(err, MSG.forgotFailed));
    } finally {
      setSending(false);
    }
  }

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
      {failure && (
        <div className="alert alert-danger" role="alert">
          {failure}
        </div>
      )}
      <TextField
        label={ACCOUNT_TEXT.emailAddress}
        name="email"
        type="email"
        autoComplete="email"
        value={email}
        onChange={(e) => {
          setEmail(e.target.value);
          setError(undefined);
          setFailure(null);
        }}
        error={error}
      />
      <button type="submit" className="btn btn-outline-primary w-100" disabled={sending}>
        {sending ? ACCOUNT_TEXT.sending : ACCOUNT_TEXT.resendEmail}
      </button>
    </form>
  );
}
