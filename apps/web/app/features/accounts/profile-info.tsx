import { ACCOUNT_TEXT, MSG, type Role, type User } from '@certitude/shared';
import { useState } from 'react';
import { errorText } from '../../lib/api-client';
import { resendVerification } from './account-api';

const ROLE_BADGE: Record<Role, string> = {
  ADMIN: 'bg-danger',
  MODERATOR: 'bg-warning text-dark',
  USER: 'bg-secondary',
};

/** The year the account was created; the current year when the record does not say (docs/product.md#profile). */
function memberSinceYear(createdAt: string | undefined, now = new Date()): number {
  const created = createdAt ? new Date(createdAt) : null;
  return created && !Number.isNaN(created.getTime()) ? created.getUTCFullYear() : now.getUTCFullYear();
}

/** Username, email, account type badge (ADMIN in red) and member-since year. */
export function ProfileInfo({ user }: { user: User }) {
  return (
    <dl className="row mb-0">
      <dt className="col-sm-4">{ACCOUNT_TEXT.username}</dt>
      <dd className="col-sm-8">{user.username}</dd>
      <dt className="col-sm-4">{ACCOUNT_TEXT.emailAddress}</dt>
      <dd className="col-sm-8 text-break">
        {user.email}
        {!user.emailVerified && <UnverifiedAddress email={user.email} />}
      </dd>
      <dt className="col-sm-4">{ACCOUNT_TEXT.accountType}</dt>
      <dd className="col-sm-8">
        <span className={`badge ${ROLE_BADGE[user.role] ?? ROLE_BADGE.USER}`} data-testid="account-type">
          {user.role}
        </span>
      </dd>
      <dt className="col-sm-4">{ACCOUNT_TEXT.memberSince}</dt>
      <dd className="col-sm-8 mb-0">{memberSinceYear(user.createdAt)}</dd>
    </dl>
  );
}

/**
 * A changed address waits for its link: said beside it, with a button that mails the link again (the member keeps
 * signing in meanwhile, docs/product.md#profile).
 */
function UnverifiedAddress({ email }: { email: string }) {
  const [state, setState] = useState<{ sending: boolean; answer: string | null; failed: boolean }>({
    sending: false,
    answer: null,
    failed: false,
  });
  async function resend() {
    setState({ sending: true, answer: null, failed: false });
    try {
      const answer = await resendVerification(email);
      setState({ sending: false, answer: answer?.message ?? ACCOUNT_TEXT.resendSent, failed: false });
    } catch (err) {
      setState({ sending: false, answer: errorText(err, MSG.forgotFailed), failed: true });
    }
  }
  return (
    <>
      {' '}
      <span className="badge text-bg-warning" data-testid="email-unverified">
        {ACCOUNT_TEXT.emailNotVerified}
      </span>
      <div className="small text-body-secondary mt-1">
        {ACCOUNT_TEXT.emailNotVerifiedHint}{' '}
        <button
          type="button"
          className="btn btn-link btn-sm p-0 align-baseline"
          onClick={() => void resend()}
          disabled={state.sending}
        >
          {state.sending ? ACCOUNT_TEXT.sending : ACCOUNT_TEXT.resendToMyAddress}
        </button>
      </div>
      {state.answer && (
        <div
          className={`small mt-1 ${state.failed ? 'text-danger-emphasis' : ''}`}
          role={state.failed ? 'alert' : 'status'}
        >
          {state.answer}
        </div>
      )}
    </>
  );
}
