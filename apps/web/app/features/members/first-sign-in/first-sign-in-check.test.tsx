import { FIRST_SIGN_IN_TEXT } from '@certitude/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderApp, resetAccountTestState, signIn } from '../../../../test/accounts';
import { mockApi } from '../../../../test/msw';
import { Navbar } from '../../../navbar';

afterEach(() => resetAccountTestState());

const open = () => renderApp({ routes: [{ path: '/', element: <Navbar /> }] });
const state = (pending: boolean) => ({ pending, outcome: pending ? null : 'DONE', at: null });
const asks = (calls: { method: string; path: string }[]) =>
  calls.filter((c) => c.method === 'GET' && c.path === '/api/user/first-sign-in').length;

describe('the first sign-in’s check', () => {
  it('opens the questions while the server says they are pending; skipping records SKIPPED and is remembered', async () => {
    signIn();
    const calls = mockApi({
      'GET /api/user/first-sign-in': [200, state(true)],
      'PUT /api/user/first-sign-in': [200, { pending: false, outcome: 'SKIPPED', at: '2026-11-28T00:00:00.000Z' }],
      'GET /api/certification': [200, []],
    });
    const view = open();
    const dialog = await screen.findByRole('dialog', { name: FIRST_SIGN_IN_TEXT.holdTitle }, { timeout: 5000 });
    fireEvent.click(screen.getByRole('button', { name: FIRST_SIGN_IN_TEXT.skip }));
    await waitFor(() => expect(dialog.isConnected).toBe(false));
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([
      expect.objectContaining({ path: '/api/user/first-sign-in', body: { outcome: 'SKIPPED' } }),
    ]);
    view.unmount();
    // The next page load in this browser does not ask again.
    open();
    await screen.findByRole('button', { name: 'Notifications' });
    expect(asks(calls)).toBe(1);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows nothing when the server says they were answered, and does not ask again', async () => {
    signIn();
    const calls = mockApi({ 'GET /api/user/first-sign-in': [200, state(false)] });
    const view = open();
    await waitFor(() => expect(asks(calls)).toBe(1));
    await waitFor(() => expect(localStorage.getItem('firstSignInAsked')).not.toBeNull());
    view.unmount();
    open();
    await screen.findByRole('button', { name: 'Notifications' });
    expect(asks(calls)).toBe(1);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('asks nothing for a visitor', async () => {
    const calls = mockApi({ 'GET /api/user/first-sign-in': [200, state(true)] });
    open();
    await screen.findByRole('button', { name: 'Sign In' });
    expect(asks(calls)).toBe(0);
  });
});
