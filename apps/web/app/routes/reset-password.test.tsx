import { MSG } from '@certitude/shared';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { renderApp, resetAccountTestState } from '../../test/accounts';
import { mockApi } from '../../test/msw';
import ResetPasswordScreen from './reset-password';

beforeAll(async () => {
  await import('../features/accounts/auth-dialogs');
});
afterEach(resetAccountTestState);

function open(url: string) {
  renderApp({ routes: [{ path: '/reset-password', element: <ResetPasswordScreen /> }], url });
}

describe('/reset-password', () => {
  it('without a token shows Invalid Reset Link with Go Home and Login; Login opens the login dialog at home', async () => {
    const calls = mockApi({});
    open('/reset-password');
    expect(screen.getByRole('heading', { name: 'Invalid Reset Link' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Go Home' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Home page')).toBeTruthy();
    expect(await screen.findByRole('dialog', { name: 'Welcome Back' })).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it('shows validating, then an invalid link with Request New Reset for a refused token', async () => {
    mockApi({ 'GET /auth/validate-reset-token': [400, { message: 'Invalid or expired token' }] });
    open('/reset-password?token=old');
    expect(screen.getByText('Validating reset link...')).toBeTruthy();
    expect(await screen.findByText(MSG.resetInvalidToken)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Request New Reset' }));
    expect(await screen.findByRole('dialog', { name: 'Forgot Password' })).toBeTruthy();
  });

  it('says it could not validate when the server fails', async () => {
    mockApi({ 'GET /auth/validate-reset-token': [503, { message: 'down' }] });
    open('/reset-password?token=abc');
    expect(await screen.findByText(MSG.resetValidateFailed)).toBeTruthy();
  });

  it('rates the password Weak, Medium, Strong and enforces the reset rule and the match', async () => {
    const calls = mockApi({ 'GET /auth/validate-reset-token': [200, { valid: true }] });
    open('/reset-password?token=tok%2B1');
    const password = await screen.findByLabelText('New Password');
    expect(calls[0]?.path).toBe('/auth/validate-reset-token?token=tok%2B1');
    const strength = () => screen.getByTestId('password-strength').textContent;
    fireEvent.change(password, { target: { value: 'abc' } });
    expect(strength()).toBe('Weak');
    fireEvent.change(password, { target: { value: 'abcdefgH' } });
    expect(strength()).toBe('Medium');
    fireEvent.change(password, { target: { value: 'abcdefgH1!' } });
    expect(strength()).toBe('Strong');

    fireEvent.change(password, { target: { value: 'abcdefgH1' } });
    fireEvent.change(screen.getByLabelText('Confirm New Password'), { target: { value: 'abcdefgH1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByText(MSG.resetPasswordRule)).toBeTruthy();
    expect(document.activeElement).toBe(password);

    fireEvent.change(password, { target: { value: 'abcdefgH1!' } });
    fireEvent.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByText(MSG.passwordsDoNotMatch)).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it("shows the server's 400 message", async () => {
    mockApi({
      'GET /auth/validate-reset-token': [200, { valid: true }],
      'POST /auth/reset-password': [400, { message: MSG.resetInvalidToken }],
    });
    open('/reset-password?token=abc');
    fireEvent.change(await screen.findByLabelText('New Password'), { target: { value: 'abcdefgH1!' } });
    fireEvent.change(screen.getByLabelText('Confirm New Password'), { target: { value: 'abcdefgH1!' } });
    fireEvent.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect((await screen.findByRole('alert')).textContent).toBe(MSG.resetInvalidToken);
  });

  it('after success goes home at 2 s and opens the login dialog about 1 s later', async () => {
    let answer!: (r: Response) => void;
    const answered = new Promise<Response>((r) => (answer = r));
    const calls = mockApi({
      'GET /auth/validate-reset-token': [200, { valid: true }],
      'POST /auth/reset-password': () => answered,
    });
    open('/reset-password?token=abc');
    fireEvent.change(await screen.findByLabelText('New Password'), { target: { value: 'abcdefgH1!' } });
    fireEvent.change(screen.getByLabelText('Confirm New Password'), { target: { value: 'abcdefgH1!' } });
    fireEvent.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect((screen.getByRole('button', { name: 'Resetting...' }) as HTMLButtonElement).disabled).toBe(true);
    await vi.waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
        token: 'abc',
        password: 'abcdefgH1!',
        confirmPassword: 'abcdefgH1!',
      }),
    );

    vi.useFakeTimers();
    await act(async () => answer(new Response(JSON.stringify({ message: 'ok' }), { status: 200 })));
    expect(screen.getByRole('status').textContent).toContain('Your password has been reset');
    await act(async () => vi.advanceTimersByTime(1990));
    expect(screen.queryByText('Home page')).toBeNull();
    await act(async () => vi.advanceTimersByTime(20));
    expect(screen.getByText('Home page')).toBeTruthy();
    await act(async () => vi.advanceTimersByTime(950));
    expect(screen.queryByRole('dialog')).toBeNull();
    await act(async () => vi.advanceTimersByTime(60));
    vi.useRealTimers();
    const dialog = await screen.findByRole('dialog', { name: 'Welcome Back' });
    expect(within(dialog).getByLabelText('Username')).toBeTruthy();
  });
});
