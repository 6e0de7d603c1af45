import { MSG } from '@certitude/shared';
import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { renderApp, resetAccountTestState, storedUser } from '../../test/accounts';
import { mockApi } from '../../test/msw';
import AuthCallbackScreen from './auth-callback';

let assign: Mock<(url: string | URL) => void>;

beforeEach(() => {
  assign = vi.fn<(url: string | URL) => void>();
  vi.spyOn(window.location, 'assign').mockImplementation(assign);
});
afterEach(resetAccountTestState);

/** Opens the callback with fake timers, and lets the first effects and calls settle. */
async function open(query: string) {
  window.history.replaceState(null, '', `/auth/callback${query}`);
  vi.useFakeTimers();
  renderApp({ routes: [{ path: '/auth/callback', element: <AuthCallbackScreen /> }], url: `/auth/callback${query}` });
  await act(async () => vi.advanceTimersByTime(0));
}

async function after(ms: number) {
  await act(async () => vi.advanceTimersByTime(ms));
}

describe('/auth/callback', () => {
  it('exchanges the one-time code for the session, fetches the profile, and reloads home 2 s after success', async () => {
    const calls = mockApi({
      'POST /auth/oauth/session': [200, { token: 'a1', refreshToken: 'r1', user: storedUser }],
      'GET /api/user/profile': [200, { ...storedUser, username: 'octocat' }],
    });
    await open('?provider=github');
    expect(screen.getByRole('status').textContent).toBe('Authentication successful! Redirecting...');
    expect(localStorage.getItem('accessToken')).toBe('a1');
    expect(localStorage.getItem('refreshToken')).toBe('r1');
    expect(JSON.parse(localStorage.getItem('user') ?? '{}').username).toBe('octocat');
    expect(calls).toEqual([
      { method: 'POST', path: '/auth/oauth/session', authorization: null, body: undefined },
      { method: 'GET', path: '/api/user/profile', authorization: 'Bearer a1', body: undefined },
    ]);
    // Nothing of the round trip stays in the address bar or the history.
    expect(window.location.search).toBe('');
    await after(1990);
    expect(assign).not.toHaveBeenCalled();
    await after(20);
    expect(assign).toHaveBeenCalledWith('/');
  });

  it('still reports success and redirects when the profile fetch fails', async () => {
    mockApi({
      'POST /auth/oauth/session': [200, { token: 'a1', refreshToken: 'r1', user: storedUser }],
      'GET /api/user/profile': [500, { message: 'boom' }],
    });
    await open('?provider=google');
    expect(screen.getByRole('status').textContent).toBe('Authentication successful! Redirecting...');
    expect(localStorage.getItem('accessToken')).toBe('a1');
    await after(2000);
    expect(assign).toHaveBeenCalledWith('/');
  });

  it('says social sign-in is not configured and goes home after 5 s', async () => {
    const calls = mockApi({});
    await open('?error=oauth_not_configured&provider=google');
    expect(screen.getByRole('alert').textContent).toBe(MSG.oauthNotConfigured);
    await after(4990);
    expect(screen.queryByText('Home page')).toBeNull();
    await after(20);
    expect(screen.getByText('Home page')).toBeTruthy();
    expect(calls).toEqual([]);
    expect(localStorage.getItem('accessToken')).toBeNull();
  });

  it('shows other provider errors after the prefix', async () => {
    mockApi({});
    await open('?error=access_denied&provider=github');
    expect(screen.getByRole('alert').textContent).toBe('Authentication failed: access_denied');
    await after(5010);
    expect(screen.getByText('Home page')).toBeTruthy();
  });

  it('tokens in the address are ignored: without a session to collect it fails, and goes home after 3 s', async () => {
    mockApi({ 'POST /auth/oauth/session': [401, { message: MSG.oauthMissingTokens }] });
    await open('?token=a1&refreshToken=r1&provider=github');
    expect(screen.getByRole('alert').textContent).toBe(MSG.oauthMissingTokens);
    expect(localStorage.getItem('accessToken')).toBeNull();
    await after(2990);
    expect(screen.queryByText('Home page')).toBeNull();
    await after(20);
    expect(screen.getByText('Home page')).toBeTruthy();
  });
});
