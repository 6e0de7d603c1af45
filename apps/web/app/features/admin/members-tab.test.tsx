import type { Suspension, SuspensionState } from '@certitude/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderApp, resetAccountTestState, signIn, storedUser } from '../../../test/accounts';
import { json, mockApi } from '../../../test/msw';
import { MembersTab } from './members-tab';

afterEach(resetAccountTestState);

const admin = { ...storedUser, id: 1, username: 'root', email: 'root@example.com', role: 'ADMIN' as const };
const moderator = { ...storedUser, id: 2, username: 'mod', email: 'mod@example.com', role: 'MODERATOR' as const };
const member = { ...storedUser, id: 3, username: 'eve', email: 'eve@example.com', role: 'USER' as const };
const otherAdmin = { ...admin, id: 4, username: 'root2', email: 'root2@example.com' };

function suspensionOf(over: Partial<Suspension> = {}): Suspension {
  return {
    id: 31,
    reason: 'Spam',
    endsAt: '2030-03-05T14:03:00.000Z',
    createdAt: '2030-03-02T14:03:00.000Z',
    moderator: 'root',
    liftedAt: null,
    liftedBy: null,
    active: true,
    ...over,
  };
}

function state(current: Suspension | null, history: Suspension[] = current ? [current] : []): SuspensionState {
  return { userId: member.id, username: member.username, current, history };
}

function open() {
  renderApp({ routes: [{ path: '/', element: <MembersTab /> }] });
}

const row = (username: string) => screen.findByTestId(`member-${username}`);
const type = (scope: HTMLElement, label: string, value: string) =>
  fireEvent.change(within(scope).getByLabelText(label), { target: { value } });

describe('the Members tab: suspensions', () => {
  it('suspends for a number of days: checks the fields first, then sends { days, reason } and shows the badge', async () => {
    signIn(admin);
    const calls = mockApi({
      'GET /api/admin/users': [200, [admin, member]],
      'POST /api/admin/users/3/suspend': [200, state(suspensionOf())],
    });
    open();
    const eve = await row('eve');
    expect(within(eve).queryByTestId('suspended-badge')).toBeNull();
    fireEvent.click(within(eve).getByRole('button', { name: 'Suspend' }));
    const dialog = await screen.findByRole('dialog', { name: 'Suspend eve' });

    // Nothing is sent while a field is wrong: no reason, a number of days out of range.
    type(dialog, 'Number of days', '0');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Suspend' }));
    expect(await within(dialog).findByText('The number of days must be at least 1')).toBeTruthy();
    expect(within(dialog).getByText('A reason is required')).toBeTruthy();
    expect(document.activeElement).toBe(within(dialog).getByLabelText('Number of days'));
    type(dialog, 'Number of days', '2.5');
    type(dialog, 'Reason', '   ');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Suspend' }));
    expect(await within(dialog).findByText('The number of days must be a whole number')).toBeTruthy();
    expect(within(dialog).getByText('A reason is required')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);

    type(dialog, 'Number of days', '3');
    type(dialog, 'Reason', ' Spam ');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Suspend' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ days: 3, reason: 'Spam' });
    expect(within(eve).getByTestId('suspended-badge').textContent).toBe('Suspended until 5 Mar 2030, 14:03 UTC');
    expect(within(eve).getByRole('button', { name: 'Lift suspension' })).toBeTruthy();
    expect(within(eve).queryByRole('button', { name: 'Suspend' })).toBeNull();
    expect(screen.getByText('eve is suspended')).toBeTruthy();
  });

  it('suspends until lifted with { reason } alone, and shows the server’s refusal in the dialog', async () => {
    signIn(admin);
    let refuse = true;
    const calls = mockApi({
      'GET /api/admin/users': [200, [member]],
      'POST /api/admin/users/3/suspend': () =>
        refuse
          ? json(403, { statusCode: 403, error: 'Forbidden', message: 'Moderators may suspend members only' })
          : json(200, state(suspensionOf({ endsAt: null }))),
    });
    open();
    fireEvent.click(within(await row('eve')).getByRole('button', { name: 'Suspend' }));
    const dialog = await screen.findByRole('dialog', { name: 'Suspend eve' });
    fireEvent.click(within(dialog).getByLabelText('Until lifted'));
    expect((within(dialog).getByLabelText('Number of days') as HTMLInputElement).disabled).toBe(true);
    type(dialog, 'Reason', 'Abuse');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Suspend' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Moderators may suspend members only');
    refuse = false;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Suspend' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
      { reason: 'Abuse' },
      { reason: 'Abuse' },
    ]);
    expect(within(await row('eve')).getByTestId('suspended-badge').textContent).toBe('Suspended until lifted');
  });

  it('lifts a suspension with DELETE, and says so when the server refuses', async () => {
    signIn(admin);
    let conflict = true;
    const calls = mockApi({
      'GET /api/admin/users': [200, [{ ...member, suspension: suspensionOf({ endsAt: null }) }]],
      'DELETE /api/admin/users/3/suspend': () =>
        conflict
          ? json(409, { statusCode: 409, error: 'Conflict', message: 'This account is not suspended' })
          : json(200, state(null, [suspensionOf({ active: false, liftedAt: '2030-03-03T10:00:00.000Z' })])),
    });
    open();
    const eve = await row('eve');
    expect(within(eve).getByTestId('suspended-badge').textContent).toBe('Suspended until lifted');
    fireEvent.click(within(eve).getByRole('button', { name: 'Lift suspension' }));
    expect(await screen.findByText('This account is not suspended')).toBeTruthy();
    expect(within(eve).getByTestId('suspended-badge')).toBeTruthy();
    conflict = false;
    fireEvent.click(within(eve).getByRole('button', { name: 'Lift suspension' }));
    expect(await screen.findByText('The suspension of eve was lifted')).toBeTruthy();
    expect(within(eve).queryByTestId('suspended-badge')).toBeNull();
    expect(within(eve).getByRole('button', { name: 'Suspend' })).toBeTruthy();
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual([
      '/api/admin/users/3/suspend',
      '/api/admin/users/3/suspend',
    ]);
  });

  it('shows an account’s suspensions on demand, newest first, and hides them again', async () => {
    signIn(admin);
    const calls = mockApi({
      'GET /api/admin/users': [200, [member]],
      'GET /api/admin/users/3/suspensions': [
        200,
        state(null, [
          suspensionOf({
            id: 32,
            reason: 'Abuse',
            endsAt: null,
            active: false,
            liftedAt: '2030-04-01T09:00:00.000Z',
            liftedBy: 'mod',
          }),
          suspensionOf({ id: 31, active: false, moderator: null }),
        ]),
      ],
    });
    open();
    const toggle = within(await row('eve')).getByRole('button', { name: 'Suspensions' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);
    const table = await screen.findByRole('table', { name: 'Suspensions of eve' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => Array.from(r.children, (c) => c.textContent))).toEqual([
      ['2 Mar 2030, 14:03 UTC', 'Until lifted', 'root', 'Abuse', 'Lifted 1 Apr 2030, 09:00 UTC by mod'],
      ['2 Mar 2030, 14:03 UTC', '5 Mar 2030, 14:03 UTC', 'a former moderator', 'Spam', 'Ended'],
    ]);
    expect(calls.filter((c) => c.path === '/api/admin/users/3/suspensions')).toHaveLength(1);
    const hide = within(await row('eve')).getByRole('button', { name: 'Hide suspensions' });
    expect(hide.getAttribute('aria-expanded')).toBe('true');
    fireEvent.click(hide);
    expect(screen.queryByRole('table', { name: 'Suspensions of eve' })).toBeNull();
  });

  it('says when an account was never suspended, and when its history cannot be read', async () => {
    signIn(admin);
    mockApi({
      'GET /api/admin/users': [200, [member, otherAdmin]],
      'GET /api/admin/users/3/suspensions': [200, state(null)],
      'GET /api/admin/users/4/suspensions': [500, { message: 'boom' }],
    });
    open();
    fireEvent.click(within(await row('eve')).getByRole('button', { name: 'Suspensions' }));
    expect(await screen.findByText('This account has never been suspended.')).toBeTruthy();
    fireEvent.click(within(await row('root2')).getByRole('button', { name: 'Suspensions' }));
    expect(await screen.findByText('boom')).toBeTruthy();
  });

  it('offers a moderator the buttons on members’ accounts only, and no role select', async () => {
    signIn(moderator);
    mockApi({
      'GET /api/admin/users': [
        200,
        [
          admin,
          moderator,
          { ...moderator, id: 5, username: 'mod2' },
          member,
          { ...member, id: 6, username: 'sam', suspension: suspensionOf() },
        ],
      ],
    });
    open();
    const eve = await row('eve');
    expect(within(eve).getByRole('button', { name: 'Suspend' })).toBeTruthy();
    expect(within(eve).getByRole('button', { name: 'Suspensions' })).toBeTruthy();
    expect(within(await row('sam')).getByRole('button', { name: 'Lift suspension' })).toBeTruthy();
    for (const name of ['root', 'mod', 'mod2']) {
      const r = await row(name);
      expect(within(r).queryByRole('button')).toBeNull();
    }
    expect(screen.queryByRole('combobox')).toBeNull();
    expect(within(eve).getByText('USER')).toBeTruthy();
  });

  it('offers an admin the buttons on every account but their own', async () => {
    signIn(admin);
    mockApi({ 'GET /api/admin/users': [200, [admin, otherAdmin, moderator, member]] });
    open();
    expect(within(await row('root')).queryByRole('button')).toBeNull();
    for (const name of ['root2', 'mod', 'eve']) {
      expect(within(await row(name)).getByRole('button', { name: 'Suspend' })).toBeTruthy();
    }
  });
});
