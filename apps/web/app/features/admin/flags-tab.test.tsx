import type { AdminFlags, FlaggedItem, SuspensionState, VotingRingSignal } from '@certitude/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderApp, resetAccountTestState, signIn, storedUser } from '../../../test/accounts';
import { json, mockApi } from '../../../test/msw';
import { FlagsTab } from './flags-tab';
import { resetPendingCount } from './pending-count-store';

afterEach(() => {
  resetAccountTestState();
  resetPendingCount();
});

const moderator = { ...storedUser, id: 2, username: 'mod', role: 'MODERATOR' as const };
const admin = { ...storedUser, id: 1, username: 'root', role: 'ADMIN' as const };

const item = (over: Partial<FlaggedItem>): FlaggedItem => ({
  targetType: 'comment',
  targetId: 5,
  title: 'Certified Kubernetes Administrator',
  link: '/certification/cka#comment-5',
  excerpt: 'Buy cheap exam dumps at example.com',
  author: 'spammer',
  authorId: 8,
  authorRole: 'USER',
  authorSuspension: null,
  hidden: true,
  count: 3,
  reasons: [
    { reason: 'SPAM', count: 2 },
    { reason: 'OTHER', count: 1 },
  ],
  notes: [{ username: 'alice', note: 'Advertises dumps' }],
  firstFlaggedAt: '2024-03-01T10:00:00.000Z',
  lastFlaggedAt: '2024-03-02T10:00:00.000Z',
  ...over,
});

const ring: VotingRingSignal = {
  id: 4,
  certificationId: 11,
  certificationName: 'Pumped Cert',
  link: '/certification/pumped',
  windowStart: '2024-03-01T00:00:00.000Z',
  windowEnd: '2024-03-02T00:00:00.000Z',
  votes: 12,
  newAccountVotes: 10,
  accounts: [
    { id: 21, username: 'fresh1', createdAt: '2024-02-28T00:00:00.000Z' },
    { id: 22, username: 'fresh2', createdAt: '2024-02-28T00:00:00.000Z' },
  ],
  createdAt: '2024-03-02T01:00:00.000Z',
};

const suspensionState = (current: boolean): SuspensionState => {
  const suspension = {
    id: 3,
    reason: 'Spam in the discussions',
    endsAt: '2030-03-09T14:03:00.000Z',
    createdAt: '2030-03-02T14:03:00.000Z',
    moderator: 'mod',
    liftedAt: current ? null : '2030-03-03T14:03:00.000Z',
    liftedBy: current ? null : 'mod',
    active: current,
  };
  return { userId: 8, username: 'spammer', current: current ? suspension : null, history: [suspension] };
};

const flags: AdminFlags = {
  items: [
    item({}),
    item({ targetType: 'resource', targetId: 9, title: 'Old guide', hidden: false, count: 1, notes: [] }),
  ],
  rings: [ring],
};

function open() {
  renderApp({ routes: [{ path: '/', element: <FlagsTab /> }] });
}

describe('the Flags tab', () => {
  it('lists the flagged items with their reasons and notes, and the voting-ring signals', async () => {
    signIn(moderator);
    mockApi({
      'GET /api/admin/flags': [200, flags],
      'GET /api/admin/pending-counts': [200, { certifications: 0, resources: 0, revisions: 0, flags: 3, total: 3 }],
    });
    open();
    const first = await screen.findByTestId('flagged-comment-5');
    expect(within(first).getByText('Comment')).toBeTruthy();
    expect(within(first).getByRole('link', { name: 'Certified Kubernetes Administrator' }).getAttribute('href')).toBe(
      '/certification/cka#comment-5',
    );
    expect(within(first).getByText('Buy cheap exam dumps at example.com')).toBeTruthy();
    expect(within(first).getByRole('link', { name: 'spammer' })).toBeTruthy();
    expect(within(first).getByText('Hidden pending review')).toBeTruthy();
    expect(within(first).getByText('3 flags')).toBeTruthy();
    expect(within(first).getByText('Spam or advertising: 2')).toBeTruthy();
    expect(within(first).getByText('Something else: 1')).toBeTruthy();
    expect(within(first).getByText('Advertises dumps')).toBeTruthy();
    const second = screen.getByTestId('flagged-resource-9');
    expect(within(second).queryByText('Hidden pending review')).toBeNull();
    expect(within(second).getByText('1 flag')).toBeTruthy();
    // The most flagged first, as the server sends them.
    expect(screen.getAllByTestId(/^flagged-/).map((e) => e.dataset.testid)).toEqual([
      'flagged-comment-5',
      'flagged-resource-9',
    ]);

    const signal = screen.getByTestId('ring-4');
    expect(within(signal).getByRole('link', { name: 'Pumped Cert' }).getAttribute('href')).toBe(
      '/certification/pumped',
    );
    expect(within(signal).getByText('12 votes, 10 from new accounts')).toBeTruthy();
    expect(within(signal).getByRole('link', { name: 'fresh1' })).toBeTruthy();
    expect(within(signal).getByRole('link', { name: 'fresh2' })).toBeTruthy();
    // Reversing votes is for admins.
    expect(within(signal).queryByRole('button', { name: /Reverse votes/ })).toBeNull();
  });

  it('removes an item with a reason: nothing is sent without one, then it leaves the list', async () => {
    signIn(moderator);
    const calls = mockApi({
      'GET /api/admin/flags': [200, flags],
      'POST /api/admin/flags/resolve': [200, { resolved: 3 }],
      'GET /api/admin/pending-counts': [200, { certifications: 0, resources: 0, revisions: 0, flags: 2, total: 2 }],
    });
    open();
    const first = await screen.findByTestId('flagged-comment-5');
    fireEvent.click(
      within(first).getByRole('button', {
        name: 'Remove this comment by spammer on Certified Kubernetes Administrator',
      }),
    );
    const dialog = await screen.findByRole('dialog', {
      name: 'Remove this comment by spammer on Certified Kubernetes Administrator',
    });

    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await within(dialog).findByText('A reason is required')).toBeTruthy();
    expect(document.activeElement).toBe(within(dialog).getByLabelText('Reason'));
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);

    fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: ' Spam for exam dumps ' } });
    expect(within(dialog).getByText('21 / 1000')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.filter((c) => c.method === 'POST').map((c) => [c.path, c.body])).toEqual([
      [
        '/api/admin/flags/resolve',
        { targetType: 'comment', targetId: 5, action: 'REMOVE', reason: 'Spam for exam dumps' },
      ],
    ]);
    expect(screen.queryByTestId('flagged-comment-5')).toBeNull();
    expect(screen.getByTestId('flagged-resource-9')).toBeTruthy();
    expect(screen.getByTestId('flags-notice').textContent).toContain(
      'Removed this comment by spammer on Certified Kubernetes Administrator.',
    );
  });

  it('dismisses with a reason, and shows the server’s refusal in the dialog', async () => {
    signIn(moderator);
    let refuse = true;
    const calls = mockApi({
      'GET /api/admin/flags': [200, { items: [item({})], rings: [] }],
      'POST /api/admin/flags/resolve': () =>
        refuse
          ? json(404, { statusCode: 404, error: 'Not Found', message: 'No open flags on this item' })
          : json(200, { resolved: 3 }),
      'GET /api/admin/pending-counts': [200, { certifications: 0, resources: 0, revisions: 0, flags: 0, total: 0 }],
    });
    open();
    const first = await screen.findByTestId('flagged-comment-5');
    fireEvent.click(within(first).getByRole('button', { name: /^Dismiss/ }));
    const dialog = await screen.findByRole('dialog', { name: /Dismiss the flags/ });
    fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: 'Not spam' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Dismiss' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('No open flags on this item');
    refuse = false;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.filter((c) => c.method === 'POST').at(-1)?.body).toEqual({
      targetType: 'comment',
      targetId: 5,
      action: 'DISMISS',
      reason: 'Not spam',
    });
    expect(screen.getByText('No open flags.')).toBeTruthy();
    expect(screen.getByText('No voting-ring signals.')).toBeTruthy();
  });

  it('lets a moderator suspend a flagged item’s author, then shows the suspension on each of their items, and lift it', async () => {
    signIn(moderator);
    const calls = mockApi({
      'GET /api/admin/flags': [200, flags],
      'POST /api/admin/users/8/suspend': [200, suspensionState(true)],
      'DELETE /api/admin/users/8/suspend': [200, suspensionState(false)],
      'GET /api/admin/pending-counts': [200, { certifications: 0, resources: 0, revisions: 0, flags: 3, total: 3 }],
    });
    open();
    const first = await screen.findByTestId('flagged-comment-5');
    fireEvent.click(within(first).getByRole('button', { name: 'Suspend author spammer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Suspend spammer' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Suspend' }));
    expect(await within(dialog).findByText('A reason is required')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
    fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: 'Spam in the discussions' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Suspend' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.filter((c) => c.method === 'POST').map((c) => [c.path, c.body])).toEqual([
      ['/api/admin/users/8/suspend', { days: 7, reason: 'Spam in the discussions' }],
    ]);
    expect(screen.getByTestId('flags-notice').textContent).toContain('spammer is suspended');
    // Both items of that author say so; the flags themselves stay to be decided.
    for (const id of ['flagged-comment-5', 'flagged-resource-9']) {
      const row = screen.getByTestId(id);
      expect(within(row).getByTestId('author-suspended').textContent).toBe('Suspended until 9 Mar 2030, 14:03 UTC');
      expect(within(row).queryByRole('button', { name: /Suspend author/ })).toBeNull();
      expect(within(row).getByRole('button', { name: /^Remove/ })).toBeTruthy();
    }

    fireEvent.click(within(first).getByRole('button', { name: 'Lift suspension of spammer' }));
    await waitFor(() => expect(screen.queryByTestId('author-suspended')).toBeNull());
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual(['/api/admin/users/8/suspend']);
    expect(screen.getByTestId('flags-notice').textContent).toContain('The suspension of spammer was lifted');
    expect(within(first).getByRole('button', { name: 'Suspend author spammer' })).toBeTruthy();
  });

  it('offers Suspend author only where the viewer may: moderators on members, admins on anyone but themselves', async () => {
    const items = [
      item({ targetId: 1, author: 'othermod', authorId: 30, authorRole: 'MODERATOR' }),
      item({ targetId: 2, author: 'root', authorId: 1, authorRole: 'ADMIN' }),
      item({ targetId: 3, author: null, authorId: null, authorRole: null }),
      item({ targetId: 4, author: 'member', authorId: 31, authorRole: 'USER' }),
    ];
    const suspendButtons = () =>
      screen.queryAllByRole('button', { name: /^Suspend author/ }).map((b) => b.closest('li')!.dataset.testid);
    signIn(moderator);
    mockApi({ 'GET /api/admin/flags': [200, { items, rings: [] }] });
    open();
    await screen.findByTestId('flagged-comment-4');
    expect(suspendButtons()).toEqual(['flagged-comment-4']);
    resetAccountTestState();

    signIn(admin);
    mockApi({ 'GET /api/admin/flags': [200, { items, rings: [] }] });
    open();
    await screen.findByTestId('flagged-comment-4');
    expect(suspendButtons()).toEqual(['flagged-comment-1', 'flagged-comment-4']);
    expect(within(screen.getByTestId('flagged-comment-3')).getByText('by a deleted account')).toBeTruthy();
  });

  it('dismisses a voting-ring signal; admins may reverse a ring account’s votes', async () => {
    signIn(admin);
    const calls = mockApi({
      'GET /api/admin/flags': [200, { items: [], rings: [ring] }],
      'POST /api/admin/voting-rings/4/dismiss': [200, {}],
      'POST /api/admin/users/21/reverse-votes': [200, { reversed: 4 }],
      'GET /api/admin/pending-counts': [200, { certifications: 0, resources: 0, revisions: 0, flags: 0, total: 0 }],
    });
    open();
    const signal = await screen.findByTestId('ring-4');
    expect(screen.getByText('No open flags.')).toBeTruthy();
    fireEvent.click(within(signal).getByRole('button', { name: 'Reverse votes of fresh1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reverse the votes of fresh1' });
    fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: 'Voting ring' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reverse votes' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByTestId('flags-notice').textContent).toContain('Removed 4 votes');

    fireEvent.click(within(signal).getByRole('button', { name: 'Dismiss the voting-ring signal on Pumped Cert' }));
    await waitFor(() => expect(screen.queryByTestId('ring-4')).toBeNull());
    expect(screen.getByText('No voting-ring signals.')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual([
      '/api/admin/users/21/reverse-votes',
      '/api/admin/voting-rings/4/dismiss',
    ]);
  });
});
