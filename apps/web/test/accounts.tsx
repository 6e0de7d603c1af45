/** Helpers for the account tests (happy-dom): a signed-in member and the app's dialog providers; the API is msw.ts. */
import { cleanup, render } from '@testing-library/react';
import { StrictMode, useEffect, type ReactNode } from 'react';
import { createRoutesStub } from 'react-router';
import { vi } from 'vitest';
import { AuthModalProvider, useAuthModal, type AuthModal } from '../app/lib/auth-modal-context';
import { AuthModals } from '../app/features/accounts/auth-modals';
import { makeUser } from './msw';

export const storedUser = makeUser();

export function signIn(user: object = storedUser) {
  localStorage.setItem('accessToken', 'access-1');
  localStorage.setItem('refreshToken', 'refresh-1');
  localStorage.setItem('user', JSON.stringify(user));
}

function OpenOnMount({ modal }: { modal: AuthModal }) {
  const { open } = useAuthModal();
  useEffect(() => {
    if (modal) open(modal);
  }, [modal, open]);
  return null;
}

/**
 * Renders the app's dialog provider and sign-in dialogs around a router that starts at `url`; `/` is a
 * stand-in home page unless `routes` says otherwise.
 */
export function renderApp({
  routes = [],
  url = '/',
  open = null,
}: {
  routes?: { path: string; element: ReactNode }[];
  url?: string;
  open?: AuthModal;
}) {
  const Stub = createRoutesStub([
    ...routes.map((r) => ({ path: r.path, Component: () => r.element })),
    ...(routes.some((r) => r.path === '/') ? [] : [{ path: '/', Component: () => <p>Home page</p> }]),
  ]);
  // Strict mode, as in development: effects run twice, which the one-shot calls must survive.
  return render(
    <StrictMode>
      <AuthModalProvider>
        <OpenOnMount modal={open} />
        <Stub initialEntries={[url]} />
        <AuthModals />
      </AuthModalProvider>
    </StrictMode>,
  );
}

export function resetAccountTestState() {
  cleanup();
  localStorage.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.useRealTimers();
}
