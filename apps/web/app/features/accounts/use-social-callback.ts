import {
  MSG,
  SOCIAL_ERROR_REDIRECT_MS,
  SOCIAL_PROVIDER_ERROR_REDIRECT_MS,
  SOCIAL_SUCCESS_REDIRECT_MS,
} from '@certitude/shared';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { storeAuth } from '../../lib/api-client';
import { storeUser } from '../../lib/auth-store';
import { exchangeSocialSignIn, fetchProfile } from './account-api';

export type CallbackState = { status: 'loading' } | { status: 'success' } | { status: 'error'; message: string };

/**
 * What the provider's round trip brought back in the address (/auth/callback?provider=… or ?error=…&provider=…).
 * Tokens never come this way: the page asks for the session by POST (a one-time code in an httpOnly cookie).
 */
export interface CallbackParams {
  error: string | null;
}

/** The configuration error has its own sentence (docs/product.md#social-sign-in); any other error value is shown after the prefix. */
function providerErrorText(error: string): string {
  if (error === 'oauth_not_configured') return MSG.oauthNotConfigured;
  // The value comes from the address bar: keep it short so nobody can write sentences on our page.
  return `${MSG.oauthFailedPrefix} ${error.slice(0, 80)}`;
}

/**
 * Loading, then success (session exchanged and stored, profile fetched, home with a reload after 2 s) or error
 * (home after 3 s, 5 s for an error the provider reported). A failed profile fetch still counts as success; no
 * session to collect (a link opened in a browser that did not sign in, a code used already) is an error.
 */
export function useSocialCallback(params: CallbackParams): CallbackState {
  const [state, setState] = useState<CallbackState>({ status: 'loading' });
  const navigate = useNavigate();
  const { error } = params;

  useEffect(() => {
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const fail = (message: string, delay: number) => {
      setState({ status: 'error', message });
      timer = setTimeout(() => void navigate('/', { replace: true }), delay);
    };
    // Nothing of the round trip stays in the address bar, the history or a bookmark.
    if (window.location.search) window.history.replaceState(window.history.state, '', window.location.pathname);
    void (async () => {
      // Let the first paint show the loading state; it also keeps the effect free of synchronous updates.
      await Promise.resolve();
      if (!live) return;
      if (error) return fail(providerErrorText(error), SOCIAL_PROVIDER_ERROR_REDIRECT_MS);
      let auth: Awaited<ReturnType<typeof exchangeSocialSignIn>>;
      try {
        auth = await exchangeSocialSignIn();
      } catch {
        if (live) fail(MSG.oauthMissingTokens, SOCIAL_ERROR_REDIRECT_MS);
        return;
      }
      if (!live) return;
      try {
        storeAuth({ token: auth.token, refreshToken: auth.refreshToken });
      } catch {
        return fail(MSG.oauthUnableToProcess, SOCIAL_ERROR_REDIRECT_MS);
      }
      try {
        storeUser(await fetchProfile());
      } catch {
        // Signed in all the same: the profile is fetched again on the next page that needs it.
      }
      if (!live) return;
      setState({ status: 'success' });
      timer = setTimeout(() => window.location.assign('/'), SOCIAL_SUCCESS_REDIRECT_MS);
    })();
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [error, navigate]);

  return state;
}
