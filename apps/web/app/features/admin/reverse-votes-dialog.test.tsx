import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderApp, resetAccountTestState, signIn, storedUser } from '../../../test/accounts';
import { json, mockApi } from '../../../test/msw';
import { MembersTab } from './members-tab';

afterEach(resetAccountTestState);

const admin = { ...storedUser, id: 1, username: 'root', email: 'root@example.com', role: 'ADMIN' as const };
const moderator = { ...storedUser, id: 2, username: 'mod', email: 'mod@example.com', role: 'MODERATOR' as const };
const member = { ...storedUser, id: 3, username: 'eve', email: 'eve@example.com', role: 'USER' as const };

function open() {
  renderApp({ routes: [{ path: '/', element: <MembersTab /> }] });
}

const row = (username: string) => screen.findByTestId(`member-${username}`);

describe('the Members tab: reversing votes', () => {
  it('asks for a reason, sends it, and says how many votes were removed', async () => {
    signIn(admin);
    const calls = mockApi({
      'GET /api/admin/users': [200, [admin, member]],
      'POST /api/admin/users/3/reverse-votes': [200, { reversed: 12 }],
    });
    open();
    fireEvent.click(within(await row('eve')).getByRole('button', { name: 'Reverse votes' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reverse the votes of eve' });

    // Nothing is sent without a reason.
    fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: '   ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reverse votes' }));
    expect(await within(dialog).findByText('A reason is required')).toBeTruthy();
    expect(document.activeElement).toBe(within(dialog).getByLabelText('Reason'));
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);

    fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: ' Voting ring ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reverse votes' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([{ reason: 'Voting ring' }]);
    expect(screen.getByText('Removed 12 votes')).toBeTruthy();
  });

  it('shows the server’s refusal in the dialog, and can be cancelled', async () => {
    signIn(admin);
    mockApi({
      'GET /api/admin/users': [200, [member]],
      'POST /api/admin/users/3/reverse-votes': () =>
        json(404, { statusCode: 404, error: 'Not Found', message: 'User not found' }),
    });
    open();
    fireEvent.click(within(await row('eve')).getByRole('button', { name: 'Reverse votes' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reverse the votes of eve' });
    fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: 'Spam' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reverse votes' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('User not found');
    fireEvent.click(within(dialog).getAllByRole('button', { name: 'Cancel' }).at(-1)!);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.queryByText(/Removed/)).toBeNull();
  });

  it('is offered to admins only, never on their own account', async () => {
    signIn(moderator);
    mockApi({ 'GET /api/admin/users': [200, [member]] });
    open();
    expect(within(await row('eve')).queryByRole('button', { name: 'Reverse votes' })).toBeNull();
    resetAccountTestState();

    signIn(admin);
    mockApi({ 'GET /api/admin/users': [200, [admin, member]] });
    open();
    expect(within(await row('root')).queryByRole('button', { name: 'Reverse votes' })).toBeNull();
  });
});
