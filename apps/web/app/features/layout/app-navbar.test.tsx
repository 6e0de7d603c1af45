import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { renderApp, resetAccountTestState, signIn } from '../../../test/accounts';
import { mockApi } from '../../../test/msw';
import { Navbar } from '../../navbar';

beforeAll(async () => {
  await import('../accounts/auth-dialogs');
});
afterEach(resetAccountTestState);

function open() {
  renderApp({ routes: [{ path: '/', element: <Navbar /> }] });
}

describe('navbar account buttons', () => {
  it('offers Sign In and Get Started to visitors, opening the matching dialogs', async () => {
    open();
    expect(screen.queryByRole('button', { name: 'Logout' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByRole('dialog', { name: 'Welcome Back' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Get Started' }));
    expect(await screen.findByRole('dialog', { name: 'Join Certitude' })).toBeTruthy();
  });

  it('Logout revokes the refresh token on the server, clears the three items and reloads', async () => {
    signIn();
    localStorage.setItem('theme', 'dark');
    const reload = vi.fn<() => void>();
    vi.spyOn(window.location, 'reload').mockImplementation(reload);
    const calls = mockApi({ 'POST /auth/logout': [204], 'GET /api/notifications/unread-count': [200, { count: 0 }] });
    open();
    fireEvent.click(await screen.findByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(calls.filter((c) => c.method === 'POST')).toEqual([
      { method: 'POST', path: '/auth/logout', authorization: null, body: { refreshToken: 'refresh-1' } },
    ]);
    expect(localStorage.getItem('accessToken')).toBeNull();
    expect(localStorage.getItem('refreshToken')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
    expect(localStorage.getItem('theme')).toBe('dark');
  });
});
