import { lazy, Suspense } from 'react';
import { useLocation } from 'react-router';

// Only for a visitor sent here by a page that needs a member: not part of the home page's first load.
const SignInPrompt = lazy(() => import('./sign-in-prompt'));

/** The navigation state of a page that sent a visitor home because it needs a member (/profile does). */
export interface SignInNeeded {
  signInFor: 'profile';
}

const needsSignIn = (state: unknown): state is SignInNeeded =>
  typeof state === 'object' && state !== null && (state as SignInNeeded).signInFor === 'profile';

/**
 * Says why a visitor landed on the home page instead of the page they asked for (docs/product.md#profile), with the
 * Sign In button; once they sign in, it takes them on to that page. Nothing at all on an ordinary visit.
 */
export function SignInNotice() {
  const { state } = useLocation();
  return needsSignIn(state) ? (
    <Suspense fallback={null}>
      <SignInPrompt />
    </Suspense>
  ) : null;
}
