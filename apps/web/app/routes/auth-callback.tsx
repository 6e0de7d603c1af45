import { ACCOUNT_TEXT, PRODUCT_NAME } from '@certitude/shared';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { AccountCard, Loading } from '../features/accounts/account-card';
import { useSocialCallback, type CallbackParams } from '../features/accounts/use-social-callback';

export const meta = () => [
  { title: `${ACCOUNT_TEXT.callbackTitle} | ${PRODUCT_NAME}` },
  { name: 'robots', content: 'noindex' },
];

/** /auth/callback: where a Google or GitHub sign-in comes back (docs/product.md#social-sign-in). */
export default function AuthCallbackScreen() {
  const [search] = useSearchParams();
  // Read once: the address is then cleaned (see the hook). The session comes by POST, never in the address.
  const [params] = useState<CallbackParams>(() => ({ error: search.get('error') }));
  const state = useSocialCallback(params);

  return (
    <AccountCard title={ACCOUNT_TEXT.callbackTitle}>
      {state.status === 'loading' && <Loading text={ACCOUNT_TEXT.callbackLoading} />}
      {state.status === 'success' && (
        <div className="alert alert-success mb-0 text-center" role="status">
          {ACCOUNT_TEXT.callbackSuccess}
        </div>
      )}
      {state.status === 'error' && (
        <div className="text-center">
          <div className="alert alert-danger" role="alert">
            {state.message}
          </div>
          <p className="text-body-secondary small mb-0">{ACCOUNT_TEXT.callbackRedirecting}</p>
        </div>
      )}
    </AccountCard>
  );
}
