import {
  ACCOUNT_TEXT,
  PRODUCT_NAME,
  RESET_LOGIN_MODAL_DELAY_MS,
  RESET_SUCCESS_REDIRECT_MS,
  TEXT,
} from '@certitude/shared';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { AccountCard, Loading } from '../features/accounts/account-card';
import { validateResetToken } from '../features/accounts/account-api';
import { resetTokenErrorText } from '../features/accounts/auth-errors';
import { ResetPasswordForm } from '../features/accounts/reset-password-form';
import { useAuthModal } from '../lib/auth-modal-context';
import { SignInAtHomeButton } from '../features/layout/sign-in-at-home-button';

export const meta = () => [
  { title: `${ACCOUNT_TEXT.resetTitle} | ${PRODUCT_NAME}` },
  { name: 'robots', content: 'noindex' },
];

type State = { kind: 'validating' } | { kind: 'valid' } | { kind: 'invalid'; message: string } | { kind: 'done' };

/** /reset-password?token=: validating, then the form or an invalid-link screen (docs/product.md#password-reset). */
export default function ResetPasswordScreen() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  return (
    <AccountCard title={ACCOUNT_TEXT.resetTitle}>
      {token ? <ResetFlow key={token} token={token} /> : <InvalidLink message={ACCOUNT_TEXT.missingResetToken} />}
    </AccountCard>
  );
}

function ResetFlow({ token }: { token: string }) {
  const [state, setState] = useState<State>({ kind: 'validating' });
  const navigate = useNavigate();
  const { open } = useAuthModal();
  const redirect = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => {
    let live = true;
    validateResetToken(token).then(
      () => live && setState({ kind: 'valid' }),
      (err: unknown) => live && setState({ kind: 'invalid', message: resetTokenErrorText(err) }),
    );
    return () => {
      live = false;
    };
  }, [token]);

  // Leaving the page before the redirect cancels it; the login dialog, once due, opens wherever the user is.
  useEffect(() => () => clearTimeout(redirect.current), []);

  const done = () => {
    setState({ kind: 'done' });
    redirect.current = setTimeout(() => {
      void navigate('/');
      setTimeout(() => open('login'), RESET_LOGIN_MODAL_DELAY_MS);
    }, RESET_SUCCESS_REDIRECT_MS);
  };

  switch (state.kind) {
    case 'validating':
      return <Loading text={ACCOUNT_TEXT.validatingReset} />;
    case 'invalid':
      return <InvalidLink message={state.message} requestNew />;
    case 'done':
      return (
        <div className="alert alert-success mb-0" role="status">
          {ACCOUNT_TEXT.resetSuccess}
        </div>
      );
    case 'valid':
      return <ResetPasswordForm token={token} onDone={done} />;
  }
}

function InvalidLink({ message, requestNew = false }: { message: string; requestNew?: boolean }) {
  const navigate = useNavigate();
  const { open } = useAuthModal();
  return (
    <div className="text-center">
      <h2 className="h5 text-danger">{ACCOUNT_TEXT.invalidResetLink}</h2>
      <p>{message}</p>
      <div className="d-flex justify-content-center gap-2 flex-wrap">
        {requestNew && (
          <button type="button" className="btn btn-primary" onClick={() => open('forgot-password')}>
            {ACCOUNT_TEXT.requestNewReset}
          </button>
        )}
        <button type="button" className="btn btn-outline-secondary" onClick={() => void navigate('/')}>
          {TEXT.goHome}
        </button>
        {!requestNew && <SignInAtHomeButton label={ACCOUNT_TEXT.login} />}
      </div>
    </div>
  );
}
