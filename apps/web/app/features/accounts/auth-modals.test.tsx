import { MSG, suspendedMessage } from '@certitude/shared';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { renderApp, resetAccountTestState, storedUser } from '../../../test/accounts';
import { json, mockApi } from '../../../test/msw';

// The first lazy load transforms the dialogs and zod on the fly; do it once before the timed waits.
beforeAll(async () => {
  await import('./auth-dialogs');
});
afterEach(resetAccountTestState);

const auth = { token: 'access-1', refreshToken: 'refresh-1', user: storedUser };

function type(label: string, value: string, scope: HTMLElement) {
  fireEvent.change(within(scope).getByLabelText(label), { target: { value } });
}

async function openLogin() {
  renderApp({ open: 'login' });
  return screen.findByRole('dialog', { name: 'Welcome Back' });
}

describe('login dialog', () => {
  it('is named, labels its inputs, focuses the username and offers Google, GitHub and Create Account', async () => {
    const dialog = await openLogin();
    const username = within(dialog).getByLabelText('Username');
    expect(within(dialog).getByLabelText('Password').getAttribute('type')).toBe('password');
    await waitFor(() => expect(document.activeElement).toBe(username));
    expect(within(dialog).getByRole('link', { name: 'Google' }).getAttribute('href')).toBe('/auth/oauth/google');
    expect(within(dialog).getByRole('link', { name: 'GitHub' }).getAttribute('href')).toBe('/auth/oauth/github');
    expect(within(dialog).getByRole('button', { name: 'Forgot your password?' })).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Sign In' })).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByRole('dialog', { name: 'Join Certitude' })).toBeTruthy();
  });

  it('leaves the focus in a field the user reached before the dialog finished opening', async () => {
    renderApp({ open: 'register' });
    const dialog = await screen.findByRole('dialog', { name: 'Join Certitude' });
    const email = within(dialog).getByLabelText('Email Address');
    email.focus();
    // The fade-in ends and the dialog would focus Username: typing in Email must not jump to another field.
    await waitFor(() => expect(dialog.closest('.modal')?.classList.contains('show')).toBe(true));
    // The fade's end, as the browser tells it (happy-dom has no transitions): the dialog's handler has run when
    // act returns.
    const modal = dialog.closest<HTMLElement>('.modal')!;
    await act(async () => {
      modal.dispatchEvent(new Event('transitionend', { bubbles: true }));
    });
    expect(document.activeElement).toBe(email);
  });

  it('validates with the shared rules before sending anything', async () => {
    const calls = mockApi({});
    const dialog = await openLogin();
    type('Password', '123', dialog);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Sign In' }));
    expect(await within(dialog).findByText(MSG.usernameRequired)).toBeTruthy();
    expect(within(dialog).getByText(MSG.loginPasswordMin)).toBeTruthy();
    const username = within(dialog).getByLabelText('Username');
    expect(username.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(username);
    expect(calls).toEqual([]);
    // Typing in a field clears its message.
    type('Username', 'ada', dialog);
    expect(within(dialog).queryByText(MSG.usernameRequired)).toBeNull();
  });

  it('shows a 401 as Login Failed with both inputs marked, focuses username, and clears on typing', async () => {
    const calls = mockApi({ 'POST /auth/login': [401, { message: 'Invalid username or password' }] });
    const dialog = await openLogin();
    type('Username', ' ada ', dialog);
    type('Password', 'wrong-password', dialog);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Sign In' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toBe(`${MSG.loginFailedPrefix} ${MSG.loginInvalid}`);
    const username = within(dialog).getByLabelText('Username');
    expect(username.getAttribute('aria-invalid')).toBe('true');
    expect(within(dialog).getByLabelText('Password').getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(username);
    expect(calls).toEqual([
      {
        method: 'POST',
        path: '/auth/login',
        authorization: null,
        body: { username: 'ada', password: 'wrong-password' },
      },
    ]);
    type('Password', 'wrong-password2', dialog);
    expect(within(dialog).queryByRole('alert')).toBeNull();
    expect(username.getAttribute('aria-invalid')).toBeNull();
  });

  it("shows the server's message for an unverified account (403)", async () => {
    mockApi({ 'POST /auth/login': [403, { message: MSG.emailNotVerified }] });
    const dialog = await openLogin();
    type('Username', 'ada', dialog);
    type('Password', 'secret-password', dialog);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Sign In' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain(MSG.emailNotVerified);
  });

  it("shows a suspended member's 403 as Login Failed with the server's message, reason and end included", async () => {
    const reason = 'Repeated spam in the discussions';
    const endsAt = '2030-03-05T14:03:00.000Z';
    const message = suspendedMessage(reason, endsAt);
    mockApi({ 'POST /auth/login': [403, { statusCode: 403, error: 'Forbidden', message, reason, endsAt }] });
    const dialog = await openLogin();
    type('Username', 'ada', dialog);
    type('Password', 'secret-password', dialog);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Sign In' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toBe(`${MSG.loginFailedPrefix} ${message}`);
    expect(alert.textContent).toContain(reason);
    expect(alert.textContent).toContain('5 Mar 2030, 14:03 UTC');
    expect(within(alert).getByText(MSG.loginFailedPrefix).tagName).toBe('STRONG');
    expect(localStorage.getItem('accessToken')).toBeNull();
    // The dialog stays open, ready for another try.
    expect(within(dialog).getByLabelText('Username').getAttribute('aria-invalid')).toBe('true');
  });

  it('disables Sign In while sending, stores the three items, then closes after about 100 ms', async () => {
    let answer!: (r: Response) => void;
    const answered = new Promise<Response>((r) => (answer = r));
    mockApi({ 'POST /auth/login': () => answered });
    const dialog = await openLogin();
    type('Username', 'ada', dialog);
    type('Password', 'secret-password', dialog);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Sign In' }));
    const busy = within(dialog).getByRole('button', { name: 'Signing in...' }) as HTMLButtonElement;
    expect(busy.disabled).toBe(true);
    await waitFor(() => expect(answer).toBeTypeOf('function'));
    await act(async () => answer(json(200, auth)));
    expect(localStorage.getItem('accessToken')).toBe('access-1');
    expect(localStorage.getItem('refreshToken')).toBe('refresh-1');
    expect(JSON.parse(localStorage.getItem('user') ?? '{}').username).toBe('ada');
    const signedInAt = Date.now();
    expect(screen.queryByRole('dialog', { name: 'Welcome Back' })).not.toBeNull();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Welcome Back' })).toBeNull());
    expect(Date.now() - signedInAt).toBeGreaterThanOrEqual(90);
  });
});

describe('register dialog', () => {
  async function openRegister() {
    renderApp({ open: 'register' });
    return screen.findByRole('dialog', { name: 'Join Certitude' });
  }

  function fill(dialog: HTMLElement, confirm: string) {
    type('Username', 'grace', dialog);
    type('Email Address', 'grace@example.com', dialog);
    type('Password', 'long-enough-1', dialog);
    type('Confirm Password', confirm, dialog);
  }

  it('has the four labelled fields, the 8+ characters hint, social buttons and Sign In Instead', async () => {
    const dialog = await openRegister();
    for (const label of ['Username', 'Email Address', 'Password', 'Confirm Password']) {
      expect(within(dialog).getByLabelText(label)).toBeTruthy();
    }
    expect(within(dialog).getByText('8+ characters')).toBeTruthy();
    expect(within(dialog).getByRole('link', { name: 'Google' })).toBeTruthy();
    expect(within(dialog).getByRole('link', { name: 'GitHub' })).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Sign In Instead' }));
    expect(await screen.findByRole('dialog', { name: 'Welcome Back' })).toBeTruthy();
  });

  it('says Passwords do not match next to Confirm Password and focuses it', async () => {
    const calls = mockApi({});
    const dialog = await openRegister();
    fill(dialog, 'something-else');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Account' }));
    expect(await within(dialog).findByText(MSG.passwordsDoNotMatch)).toBeTruthy();
    expect(document.activeElement).toBe(within(dialog).getByLabelText('Confirm Password'));
    expect(calls).toEqual([]);
  });

  it("shows the server's message when the username is taken", async () => {
    mockApi({ 'POST /auth/register': [409, { message: MSG.usernameTaken }] });
    const dialog = await openRegister();
    fill(dialog, 'long-enough-1');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Account' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(MSG.usernameTaken);
  });

  it('on success shows Registration Successful; Continue to Login opens the login dialog', async () => {
    let answer!: (r: Response) => void;
    const answered = new Promise<Response>((r) => (answer = r));
    const calls = mockApi({ 'POST /auth/register': () => answered });
    const dialog = await openRegister();
    fill(dialog, 'long-enough-1');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Account' }));
    expect((within(dialog).getByRole('button', { name: 'Creating Account...' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    await waitFor(() => expect(answer).toBeTypeOf('function'));
    await act(async () => answer(json(201, { message: 'Check your inbox' })));
    expect(calls[0]?.body).toEqual({
      username: 'grace',
      email: 'grace@example.com',
      password: 'long-enough-1',
      confirmPassword: 'long-enough-1',
    });
    const success = await screen.findByRole('dialog', { name: 'Registration Successful' });
    expect(within(success).getByRole('button', { name: 'Got it' })).toBeTruthy();
    fireEvent.click(within(success).getByRole('button', { name: 'Continue to Login' }));
    expect(await screen.findByRole('dialog', { name: 'Welcome Back' })).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Registration Successful' })).toBeNull());
  });
});

describe('forgot password dialog', () => {
  async function openForgot() {
    renderApp({ open: 'login' });
    const login = await screen.findByRole('dialog', { name: 'Welcome Back' });
    fireEvent.click(within(login).getByRole('button', { name: 'Forgot your password?' }));
    return screen.findByRole('dialog', { name: 'Forgot Password' });
  }

  it('keeps the submit disabled until the email looks valid', async () => {
    const dialog = await openForgot();
    const submit = within(dialog).getByRole('button', { name: 'Send Reset Link' }) as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    const email = within(dialog).getByLabelText('Email Address');
    fireEvent.change(email, { target: { value: 'ada@' } });
    fireEvent.blur(email);
    expect(submit.disabled).toBe(true);
    expect(await within(dialog).findByText(MSG.emailInvalid)).toBeTruthy();
    fireEvent.change(email, { target: { value: 'ada@example.com' } });
    await waitFor(() => expect(submit.disabled).toBe(false));
    expect(within(dialog).queryByText(MSG.emailInvalid)).toBeNull();
  });

  it("sends the address and shows the server's answer; Back to Login goes back", async () => {
    const calls = mockApi({
      'POST /auth/forgot-password': [200, { message: 'If that address exists, a link is on its way.' }],
    });
    const dialog = await openForgot();
    fireEvent.change(within(dialog).getByLabelText('Email Address'), { target: { value: 'ada@example.com' } });
    await waitFor(() =>
      expect(within(dialog).getByRole('button', { name: 'Send Reset Link' })).toHaveProperty('disabled', false),
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send Reset Link' }));
    expect((await within(dialog).findByRole('status')).textContent).toBe(
      'If that address exists, a link is on its way.',
    );
    expect(calls[0]?.body).toEqual({ email: 'ada@example.com' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Back to Login' }));
    expect(await screen.findByRole('dialog', { name: 'Welcome Back' })).toBeTruthy();
  });

  it('shows the rate-limit text for 429', async () => {
    mockApi({ 'POST /auth/forgot-password': [429, { message: 'slow down' }] });
    const dialog = await openForgot();
    fireEvent.change(within(dialog).getByLabelText('Email Address'), { target: { value: 'ada@example.com' } });
    await waitFor(() =>
      expect(within(dialog).getByRole('button', { name: 'Send Reset Link' })).toHaveProperty('disabled', false),
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send Reset Link' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(MSG.forgotTooMany);
  });
});

describe('lazy loading', () => {
  it('renders no dialog until one is opened', () => {
    renderApp({});
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
