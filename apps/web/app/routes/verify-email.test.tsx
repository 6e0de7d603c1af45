import { MSG } from '@certitude/shared';
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { renderApp, resetAccountTestState } from '../../test/accounts';
import { mockApi } from '../../test/msw';
import { resetVerificationAttempts } from '../features/accounts/use-email-verification';
import VerifyEmailScreen from './verify-email';

beforeAll(async () => {
  await import('../features/accounts/auth-dialogs');
});
afterEach(() => {
  resetAccountTestState();
  resetVerificationAttempts();
});

function open(url: string) {
  renderApp({ routes: [{ path: '/verify-email', element: <VerifyEmailScreen /> }], url });
}

describe('/verify-email', () => {
  it('without a token says so and offers Resend Email', () => {
    const calls = mockApi({});
    open('/verify-email');
    expect(screen.getByRole('alert').textContent).toBe(MSG.noVerificationToken);
    expect(screen.getByRole('button', { name: 'Resend Email' })).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it('verifies once (even in strict mode), then Log In Now opens the login dialog at home', async () => {
    const calls = mockApi({
      'POST /api/email-verification/verify': [200, { success: true, message: 'Your email has been verified.' }],
    });
    open('/verify-email?token=t1');
    expect(screen.getByText('Verifying your email...')).toBeTruthy();
    expect((await screen.findByText('Your email has been verified.')).getAttribute('role')).toBe('status');
    expect(calls).toEqual([
      { method: 'POST', path: '/api/email-verification/verify?token=t1', authorization: null, body: undefined },
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Log In Now' }));
    expect(await screen.findByText('Home page')).toBeTruthy();
    expect(await screen.findByRole('dialog', { name: 'Welcome Back' })).toBeTruthy();
  });

  it("shows the server's message for a used link, and Resend Email asks for a new one", async () => {
    const calls = mockApi({
      'POST /api/email-verification/verify': [400, { success: false, message: 'This link has already been used' }],
      'POST /api/email-verification/resend': [200, { message: 'If that address needs it, a new link is on its way.' }],
    });
    open('/verify-email?token=used');
    expect((await screen.findByRole('alert')).textContent).toBe('This link has already been used');
    const email = screen.getByLabelText('Email Address');
    fireEvent.change(email, { target: { value: 'not-an-address' } });
    fireEvent.click(screen.getByRole('button', { name: 'Resend Email' }));
    expect(await screen.findByText(MSG.emailInvalid)).toBeTruthy();
    expect(email.getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(email, { target: { value: 'ada@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Resend Email' }));
    expect((await screen.findByRole('status')).textContent).toBe('If that address needs it, a new link is on its way.');
    expect(calls.at(-1)).toMatchObject({ path: '/api/email-verification/resend', body: { email: 'ada@example.com' } });
  });

  it('falls back to its own text when the server gives no message', async () => {
    mockApi({ 'POST /api/email-verification/verify': [502] });
    open('/verify-email?token=x');
    expect((await screen.findByRole('alert')).textContent).toBe(MSG.verificationFailed);
  });
});
