/** Helpers for the account tests (happy-dom): a stubbed API and the app's dialog providers. */
import { cleanup, render } from '@testing-library/react';
import { StrictMode, useEffect, type ReactNode } from 'react';
import { createRoutesStub } from 'react-router';
import { vi } from 'vitest';
import { AuthModalProvider, useAuthModal, type AuthModal } from '../app/features/layout/auth-modal-context';
import { AuthModals } from '../app/features/accounts/auth-modals';

export interface ApiCall {
  method: string;
  path: string;
  authorization: string | null;
  body: unknown;
}

type Answer = [status: number, body?: unknown] | ((call: ApiCall) => Response | Promise<Response>);

export function json(status: number, body?: unknown): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

/**
 * Replaces fetch: `routes` maps 'METHOD /path' (query left out) to an answer. Unknown calls answer 404,
 * so that a test notices a call it did not expect. Returns the list of calls made.
 */
export function stubApi(routes: Record<string, Answer>): ApiCall[] {
  const calls: ApiCall[] = [];
  vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
    const call: ApiCall = {
      method: init.method ?? 'GET',
      path: String(input),
      authorization: new Headers(init.headers).get('Authorization'),
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    calls.push(call);
    const answer = routes[`${call.method} ${call.path.split('?')[0]}`];
    if (!answer) return json(404, { message: `no stub for ${call.method} ${call.path}` });
    return typeof answer === 'function' ? answer(call) : json(answer[0], answer[1]);
  });
  return calls;
}

export const storedUser = {
  id: 7,
  username: 'ada',
  email: 'ada@example.com',
  role: 'USER' as const,
  emailVerified: true,
  createdAt: '2023-04-05T10:00:00.000Z',
};

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
