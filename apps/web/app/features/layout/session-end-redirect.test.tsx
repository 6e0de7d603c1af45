import { act, screen } from '@testing-library/react';
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp, resetAccountTestState, signIn } from '../../../test/accounts';
import { mockApi } from '../../../test/msw';
import { fetchProfile } from '../accounts/account-api';
import { endSession } from '../../lib/auth-store';
import { SessionEndRedirect } from './session-end-redirect';

afterEach(resetAccountTestState);

/** A members' page that asks for the profile as it opens. */
function ProfilePage() {
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    fetchProfile().catch(() => setFailed(true));
  }, []);
  return <p>{failed ? 'Profile failed' : 'Profile page'}</p>;
}

/** The home page, showing which history entry it is: a navigation, even to the same path, makes a new one. */
function HomePage() {
  return <p data-testid="entry">{useLocation().key}</p>;
}

describe('when the session ends', () => {
  it('a failed refresh signs the member out and the app navigates to the home page', async () => {
    signIn();
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    const calls = mockApi({
      'GET /api/user/profile': [401, { message: 'Unauthorized' }],
      'POST /auth/refresh': [401, { message: 'Your session has expired' }],
    });
    renderApp({
      routes: [
        {
          path: '/profile',
          element: (
            <>
              <SessionEndRedirect />
              <ProfilePage />
            </>
          ),
        },
      ],
      url: '/profile',
    });
    expect(await screen.findByText('Home page')).toBeTruthy();
    expect(localStorage.getItem('accessToken')).toBeNull();
    expect(localStorage.getItem('refreshToken')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
    // One refresh for the two mounts of strict mode, and the router moved the page, not the transport.
    expect(calls.filter((c) => c.path === '/auth/refresh')).toHaveLength(1);
    expect(assign).not.toHaveBeenCalled();
  });

  it('on the home page nothing moves: the signed-out state simply shows', async () => {
    signIn();
    renderApp({
      routes: [
        {
          path: '/',
          element: (
            <>
              <SessionEndRedirect />
              <HomePage />
            </>
          ),
        },
      ],
    });
    const entry = screen.getByTestId('entry').textContent;
    // React's work flushed: a navigation the end of the session set off would have made a new history entry.
    await act(async () => endSession());
    expect(localStorage.getItem('accessToken')).toBeNull();
    expect(screen.getByTestId('entry').textContent).toBe(entry);
  });
});
