import { ACCOUNT_TEXT, PRODUCT_NAME } from '@certitude/shared';
import { useSearchParams } from 'react-router';
import { AccountCard, Loading } from '../features/accounts/account-card';
import { ResendVerificationForm } from '../features/accounts/resend-verification-form';
import { useEmailVerification } from '../features/accounts/use-email-verification';
import { SignInAtHomeButton } from '../features/layout/sign-in-at-home-button';

export const meta = () => [
  { title: `${ACCOUNT_TEXT.verifyTitle} | ${PRODUCT_NAME}` },
  { name: 'robots', content: 'noindex' },
];

/** /verify-email?token=: verifying, then success with 'Log In Now' or error with 'Resend Email' (docs/product.md#email-verification). */
export default function VerifyEmailScreen() {
  const [params] = useSearchParams();
  const verification = useEmailVerification(params.get('token'));

  return (
    <AccountCard title={ACCOUNT_TEXT.verifyTitle}>
      {verification.status === 'verifying' && <Loading text={ACCOUNT_TEXT.verifying} />}
      {verification.status === 'success' && (
        <div className="text-center">
          <div className="alert alert-success" role="status">
            {verification.message}
          </div>
          <SignInAtHomeButton label={ACCOUNT_TEXT.logInNow} />
        </div>
      )}
      {verification.status === 'error' && (
        <>
          <div className="alert alert-danger" role="alert">
            {verification.message}
          </div>
          <ResendVerificationForm />
        </>
      )}
    </AccountCard>
  );
}
