import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { onSessionEnded } from '../../lib/auth-store';

/**
 * After a failed refresh the member is signed out and sent to the home page (docs/product.md#session). The API
 * client only ends the session (`endSession` in auth-store.ts); where the page goes is decided here, with the
 * router: on the home page itself nothing moves, the signed-out state simply shows. Renders nothing.
 */
export function SessionEndRedirect() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  useEffect(
    () =>
      onSessionEnded(() => {
        if (pathname !== '/') void navigate('/');
      }),
    [pathname, navigate],
  );
  return null;
}
