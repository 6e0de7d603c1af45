import { ACCOUNT_TEXT, MSG, NAV_TEXT } from '@certitude/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderApp, resetAccountTestState, signIn, storedUser } from '../../test/accounts';
import { json, mockApi } from '../../test/msw';
import { SignInNotice } from '../features/layout/sign-in-notice';
import ProfileScreen from './profile';

afterEach(resetAccountTestState);

function open() {
  renderApp({ routes: [{ path: '/profile', element: <ProfileScreen /> }], url: '/profile' });
}

async function openTab(name: string) {
  fireEvent.click(await screen.findByRole('tab', { name }));
  return screen.getByRole('tabpanel', { name });
}

function type(panel: HTMLElement, label: string, value: string) {
  fireEvent.change(within(panel).getByLabelText(label), { target: { value } });
}

describe('/profile', () => {
  it('sends a visitor who is not signed in home', async () => {
    const calls = mockApi({});
    open();
    expect(await screen.findByText('Home page')).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it('tells the visitor it sent home to sign in, with the Sign In button', async () => {
    mockApi({});
    renderApp({
      routes: [
        { path: '/profile', element: <ProfileScreen /> },
        {
          path: '/',
          element: (
            <>
              <p>Home page</p>
              <SignInNotice />
            </>
          ),
        },
      ],
      url: '/profile',
    });
    const notice = await screen.findByRole('status');
    expect(notice.textContent).toContain(ACCOUNT_TEXT.profileSignInPrompt);
    fireEvent.click(within(notice).getByRole('button', { name: NAV_TEXT.signIn }));
    expect(await screen.findByRole('dialog', { name: ACCOUNT_TEXT.loginTitle })).toBeTruthy();
  });

  it("shows username, email, a USER badge and the year of membership, refreshed from the server's copy", async () => {
    signIn();
    mockApi({ 'GET /api/user/profile': [200, { ...storedUser, email: 'ada@new.example.com' }] });
    open();
    const panel = await openTab('Profile Info');
    expect(within(panel).getByText('ada')).toBeTruthy();
    expect(await within(panel).findByText('ada@new.example.com')).toBeTruthy();
    const badge = within(panel).getByTestId('account-type');
    expect(badge.textContent).toBe('USER');
    expect(badge.className).not.toContain('bg-danger');
    expect(within(panel).getByText('2023')).toBeTruthy();
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual([
      'Profile Info',
      'Change Password',
      'Change Email',
    ]);
  });

  it('marks an address not verified yet and mails its link again on request', async () => {
    const unverified = { ...storedUser, email: 'ada@new.example.com', emailVerified: false };
    signIn(unverified);
    const calls = mockApi({
      'GET /api/user/profile': [200, unverified],
      'POST /api/email-verification/resend': [200, { message: MSG.verificationLinkSent }],
    });
    open();
    const panel = await openTab('Profile Info');
    expect(within(panel).getByTestId('email-unverified').textContent).toBe(ACCOUNT_TEXT.emailNotVerified);
    fireEvent.click(within(panel).getByRole('button', { name: ACCOUNT_TEXT.resendToMyAddress }));
    expect((await within(panel).findByRole('status')).textContent).toBe(MSG.verificationLinkSent);
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([{ email: 'ada@new.example.com' }]);
  });

  it('shows ADMIN as a red badge', async () => {
    signIn({ ...storedUser, role: 'ADMIN' });
    mockApi({ 'GET /api/user/profile': [200, { ...storedUser, role: 'ADMIN' }] });
    open();
    const badge = await screen.findByTestId('account-type');
    expect(badge.textContent).toBe('ADMIN');
    expect(badge.className).toContain('bg-danger');
  });

  it('checks the change-password rules with their own messages before sending', async () => {
    signIn();
    const calls = mockApi({ 'GET /api/user/profile': [200, storedUser] });
    open();
    const panel = await openTab('Change Password');
    const submit = () => fireEvent.click(within(panel).getByRole('button', { name: 'Update Password' }));
    type(panel, 'New Password', 'short');
    type(panel, 'Confirm New Password', 'short');
    submit();
    expect(await within(panel).findByText(MSG.currentPasswordRequired)).toBeTruthy();
    expect(within(panel).getByText(MSG.passwordTooShort)).toBeTruthy();
    expect(document.activeElement).toBe(within(panel).getByLabelText('Current Password'));
    type(panel, 'Current Password', 'old-password');
    for (const [value, message] of [
      ['ALLUPPERCASE1', MSG.passwordNeedsLowercase],
      ['alllowercase1', MSG.passwordNeedsUppercase],
      ['NoDigitsHere', MSG.passwordNeedsNumber],
    ] as const) {
      type(panel, 'New Password', value);
      type(panel, 'Confirm New Password', value);
      submit();
      expect(await within(panel).findByText(message)).toBeTruthy();
    }
    type(panel, 'New Password', 'Better-Pass1');
    type(panel, 'Confirm New Password', 'Better-Pass2');
    submit();
    expect(await within(panel).findByText(MSG.newPasswordsDoNotMatch)).toBeTruthy();
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([]);
  });

  it('changes the password and says so', async () => {
    signIn();
    let answer!: (r: Response) => void;
    const answered = new Promise<Response>((r) => (answer = r));
    const calls = mockApi({
      'GET /api/user/profile': [200, storedUser],
      'PUT /api/user/change-password': () => answered,
    });
    open();
    const panel = await openTab('Change Password');
    type(panel, 'Current Password', 'old-password');
    type(panel, 'New Password', 'Better-Pass1');
    type(panel, 'Confirm New Password', 'Better-Pass1');
    fireEvent.click(within(panel).getByRole('button', { name: 'Update Password' }));
    expect((within(panel).getByRole('button', { name: 'Updating...' }) as HTMLButtonElement).disabled).toBe(true);
    await waitFor(() => expect(answer).toBeTypeOf('function'));
    answer(json(200, { message: 'ok' }));
    expect((await within(panel).findByRole('status')).textContent).toBe('Password updated successfully');
    expect(calls.find((c) => c.method === 'PUT')).toMatchObject({
      authorization: 'Bearer access-1',
      body: { currentPassword: 'old-password', newPassword: 'Better-Pass1' },
    });
    expect((within(panel).getByLabelText('Current Password') as HTMLInputElement).value).toBe('');
  });

  it("shows the server's refusal of a wrong current password", async () => {
    signIn();
    mockApi({
      'GET /api/user/profile': [200, storedUser],
      'POST /auth/refresh': [200, { token: 'access-2', refreshToken: 'refresh-2' }],
      'PUT /api/user/change-password': [401, { message: 'The current password is incorrect' }],
    });
    open();
    const panel = await openTab('Change Password');
    type(panel, 'Current Password', 'not-it');
    type(panel, 'New Password', 'Better-Pass1');
    type(panel, 'Confirm New Password', 'Better-Pass1');
    fireEvent.click(within(panel).getByRole('button', { name: 'Update Password' }));
    expect((await within(panel).findByRole('alert')).textContent).toBe('The current password is incorrect');
  });

  it('changes the email and updates the stored user; offline gives the network error', async () => {
    signIn();
    let offline = false;
    mockApi({
      'GET /api/user/profile': [200, storedUser],
      'PUT /api/user/change-email': () => {
        if (offline) return Response.error();
        return json(200, { ...storedUser, email: 'ada@changed.example.com', emailVerified: false });
      },
    });
    open();
    const panel = await openTab('Change Email');
    fireEvent.click(within(panel).getByRole('button', { name: 'Update Email' }));
    expect(await within(panel).findByText(MSG.newEmailRequired)).toBeTruthy();
    expect(await within(panel).findByText(MSG.currentPasswordRequired)).toBeTruthy();
    type(panel, 'New Email', 'ada@changed.example.com');
    type(panel, 'Current Password', 'old-password');
    fireEvent.click(within(panel).getByRole('button', { name: 'Update Email' }));
    expect((await within(panel).findByRole('status')).textContent).toBe(ACCOUNT_TEXT.emailUpdated);
    expect(JSON.parse(localStorage.getItem('user') ?? '{}').email).toBe('ada@changed.example.com');

    offline = true;
    type(panel, 'New Email', 'ada@other.example.com');
    type(panel, 'Current Password', 'old-password');
    fireEvent.click(within(panel).getByRole('button', { name: 'Update Email' }));
    expect((await within(panel).findByRole('alert')).textContent).toBe(MSG.networkError);
  });
});
