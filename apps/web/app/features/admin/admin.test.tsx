import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp, resetAccountTestState, signIn, storedUser } from '../../../test/accounts';
import { json, mockApi } from '../../../test/msw';
import { makeCert } from '../../../test/catalogue';
import AdminScreen from '../../routes/admin';
import { Navbar } from '../../navbar';
import { resetPendingCount } from './pending-count-store';

afterEach(() => {
  resetAccountTestState();
  resetPendingCount();
});

const moderator = { ...storedUser, role: 'MODERATOR' as const };
/** The admin panel at /admin under the navbar, whose badge counts what waits. */
const renderAdminWithNavbar = () =>
  renderApp({
    routes: [
      {
        path: '/admin',
        element: (
          <>
            <Navbar />
            <AdminScreen />
          </>
        ),
      },
    ],
    url: '/admin',
  });
const cert = {
  ...makeCert(11, {
    slug: 'queued',
    name: 'Queued Cert',
    certCode: 'QC-1',
    vendor: 'Queue Vendor',
    description: 'Waiting.',
    url: 'https://example.com',
    submittedById: 'bob',
    status: 'PENDING',
  }),
  version: 'seen-11',
};

describe('the pending badge of the navbar', () => {
  it('shows the count for moderators, capped at 99+', async () => {
    signIn(moderator);
    mockApi({
      'GET /api/admin/pending-counts': [200, { certifications: 100, resources: 20, revisions: 0, total: 120 }],
    });
    renderApp({ routes: [{ path: '/', element: <Navbar /> }] });
    const badge = await screen.findByTestId('pending-badge');
    expect(badge.textContent).toContain('99+');
    expect(badge.className).toContain('bg-danger');
  });

  it('shows nothing and asks nothing for members', async () => {
    signIn();
    const calls = mockApi({});
    renderApp({ routes: [{ path: '/', element: <Navbar /> }] });
    expect(screen.queryByText('Admin Panel')).toBeNull();
    // The notification bell asks for the unread count of every member; nothing asks for the pending items.
    await waitFor(() => expect(calls.map((c) => c.path)).toContain('/api/notifications/unread-count'));
    expect(calls.filter((c) => c.path.startsWith('/api/admin'))).toEqual([]);
  });

  it('counts the flags too, and keeps them when the review queue sets its own part', async () => {
    signIn(moderator);
    mockApi({
      'GET /api/admin/pending-counts': [200, { certifications: 1, resources: 0, revisions: 0, flags: 2, total: 1 }],
      'GET /api/admin/pending': [200, { certifications: [cert], resources: [], revisions: [] }],
      'GET /api/admin/flags': [200, { items: [], rings: [] }],
    });
    renderAdminWithNavbar();
    await screen.findByTestId('pending-certification-11');
    await waitFor(() => expect(screen.getByTestId('pending-badge').textContent).toContain('3 pending'));
    // Moderators see the Flags tab (where they suspend flagged authors), not the admins' Members tab.
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'Review Queue',
      'Flags',
      'Stale facts',
      'Moderation Log',
      'Articles',
    ]);
    // Its list sets the flags' part of the badge.
    fireEvent.click(screen.getByRole('tab', { name: 'Flags' }));
    expect(await screen.findByText('No open flags.')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('pending-badge').textContent).toContain('1 pending'));
  });

  it('polls every 30 s and only logs a failure', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    signIn(moderator);
    let total = 1;
    let fail = false;
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const calls = mockApi({
      'GET /api/admin/pending-counts': () =>
        fail ? json(500, { message: 'boom' }) : json(200, { certifications: total, resources: 0, revisions: 0, total }),
    });
    renderApp({ routes: [{ path: '/', element: <Navbar /> }] });
    await waitFor(() => expect(screen.getByTestId('pending-badge').textContent).toContain('1 pending'));
    const before = calls.length;
    fail = true;
    await vi.advanceTimersByTimeAsync(29_000);
    expect(calls.length).toBe(before);
    await vi.advanceTimersByTimeAsync(1_000);
    await waitFor(() => expect(logged).toHaveBeenCalled());
    expect(screen.getByTestId('pending-badge').textContent).toContain('1 pending');
    fail = false;
    total = 5;
    await vi.advanceTimersByTimeAsync(30_000);
    await waitFor(() => expect(screen.getByTestId('pending-badge').textContent).toContain('5 pending'));
  });
});

describe('/admin', () => {
  it('sends members home', async () => {
    signIn();
    mockApi({});
    renderApp({ routes: [{ path: '/admin', element: <AdminScreen /> }], url: '/admin' });
    expect(await screen.findByText('Home page')).toBeTruthy();
  });

  it('approves and rejects with a reason, updating the badge at once', async () => {
    signIn(moderator);
    let total = 2;
    const calls = mockApi({
      'GET /api/admin/pending-counts': () => json(200, { certifications: total, resources: 0, revisions: 0, total }),
      'GET /api/admin/pending': [
        200,
        {
          certifications: [cert, { ...cert, id: 12, name: 'Second Cert', version: 'seen-12' }],
          resources: [],
          revisions: [],
        },
      ],
      'POST /api/admin/certification/11/approve': () => {
        total--;
        return json(200, { ...cert, status: 'APPROVED' });
      },
      'POST /api/admin/certification/12/reject': () => {
        total--;
        return json(200, { ...cert, id: 12, status: 'REJECTED' });
      },
    });
    renderAdminWithNavbar();
    const first = await screen.findByTestId('pending-certification-11');
    expect(within(first).getByText('Queued Cert')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('pending-badge').textContent).toContain('2'));
    fireEvent.click(within(first).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(screen.queryByTestId('pending-certification-11')).toBeNull());
    await waitFor(() => expect(screen.getByTestId('pending-badge').textContent).toContain('1'));
    const second = screen.getByTestId('pending-certification-12');
    fireEvent.click(within(second).getByRole('button', { name: 'Reject' }));
    const submit = within(second).getByRole('button', { name: 'Reject' }) as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    fireEvent.change(within(second).getByLabelText('Reason for rejection'), { target: { value: 'Duplicate' } });
    fireEvent.click(submit);
    await waitFor(() => expect(screen.queryByTestId('pending-badge')).toBeNull());
    expect(await screen.findByText('Nothing is waiting for review.')).toBeTruthy();
    // Each decision names the version the queue showed (docs/api.md#moderation).
    expect(calls.find((c) => c.path === '/api/admin/certification/11/approve')?.body).toEqual({ version: 'seen-11' });
    expect(calls.find((c) => c.path === '/api/admin/certification/12/reject')?.body).toEqual({
      reason: 'Duplicate',
      version: 'seen-12',
    });
  });

  it('an item changed since the queue showed it: the 409 is read out and the item stays', async () => {
    signIn(moderator);
    const changed = 'This item was changed after you opened the review queue, so nothing was decided.';
    mockApi({
      'GET /api/admin/pending-counts': [200, { certifications: 1, resources: 0, revisions: 0, total: 1 }],
      'GET /api/admin/pending': [200, { certifications: [cert], resources: [], revisions: [] }],
      'POST /api/admin/certification/11/approve': [409, { message: changed }],
    });
    renderApp({ routes: [{ path: '/admin', element: <AdminScreen /> }], url: '/admin' });
    const card = await screen.findByTestId('pending-certification-11');
    fireEvent.click(within(card).getByRole('button', { name: 'Approve' }));
    expect(await within(card).findByText(changed)).toBeTruthy();
    expect(screen.getByTestId('pending-certification-11')).toBeTruthy();
  });

  it('lists what members’ flags hid apart from new submissions, each marked', async () => {
    signIn(moderator);
    const held = { ...cert, id: 21, name: 'Flagged Cert', status: 'PENDING' as const, hiddenByFlags: true };
    const resource = {
      id: 31,
      name: 'Flagged guide',
      description: 'Dumps.',
      url: 'https://example.com/dumps',
      type: 'article' as const,
      paid: false,
      upvoteCount: 0,
      downvoteCount: 0,
      certificationId: 3,
      submittedById: 'eve',
      status: 'PENDING' as const,
      createdAt: '2026-11-20T10:00:00.000Z',
      certificationName: 'CompTIA Security+',
      certificationSlug: 'comptia-security-plus',
      hiddenByFlags: true,
      version: 'seen-31',
    };
    mockApi({
      'GET /api/admin/pending-counts': [200, { certifications: 2, resources: 1, revisions: 0, total: 3 }],
      'GET /api/admin/pending': [200, { certifications: [cert, held], resources: [resource], revisions: [] }],
    });
    renderApp({ routes: [{ path: '/admin', element: <AdminScreen /> }], url: '/admin' });
    const heldList = (await screen.findByRole('heading', { name: 'Hidden by members’ flags (2)' })).closest('section')!;
    for (const id of ['pending-certification-21', 'pending-resource-31']) {
      expect(within(within(heldList).getByTestId(id)).getByText('Hidden by flags')).toBeTruthy();
    }
    const newList = screen.getByRole('heading', { name: 'Certifications (1)' }).closest('section')!;
    const fresh = within(newList).getByTestId('pending-certification-11');
    expect(within(fresh).queryByText('Hidden by flags')).toBeNull();
    expect(screen.queryByRole('heading', { name: /^Resources/ })).toBeNull();
  });

  it('lists suggested edits under Revisions with their diff, and rejects one with a reason', async () => {
    signIn(moderator);
    const revision = {
      id: 7,
      certification: { id: 3, slug: 'comptia-security-plus', name: 'CompTIA Security+' },
      author: 'carol',
      summary: 'The exam version changed',
      changes: [{ field: 'certCode', before: 'SY0-601', after: 'SY0-701' }],
      status: 'PENDING',
      reason: null,
      revertOf: null,
      source: null,
      createdAt: '2026-11-20T10:00:00.000Z',
      decidedAt: null,
    };
    const calls = mockApi({
      'GET /api/admin/pending-counts': [200, { certifications: 1, resources: 0, revisions: 1, total: 2 }],
      'GET /api/admin/pending': [200, { certifications: [cert], resources: [], revisions: [revision] }],
      'POST /api/admin/revision/7/reject': [200, { ...revision, status: 'REJECTED', reason: 'Not yet announced' }],
    });
    renderApp({ routes: [{ path: '/admin', element: <AdminScreen /> }], url: '/admin' });
    const list = (await screen.findByRole('heading', { name: 'Revisions (1)' })).closest('section')!;
    expect(screen.getByRole('heading', { name: 'Certifications (1)' })).toBeTruthy();
    const card = within(list).getByTestId('pending-revision-7');
    const title = within(card).getByRole('link', { name: 'Suggested edit of CompTIA Security+' });
    expect(title.getAttribute('href')).toBe('/certification/comptia-security-plus/history');
    expect(card.textContent).toContain('SY0-601');
    expect(card.textContent).toContain('SY0-701');
    fireEvent.click(within(card).getByRole('button', { name: 'Reject' }));
    fireEvent.change(within(card).getByLabelText('Reason for rejection'), { target: { value: 'Not yet announced' } });
    fireEvent.click(within(card).getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(screen.queryByTestId('pending-revision-7')).toBeNull());
    expect(screen.queryByRole('heading', { name: /Revisions/ })).toBeNull();
    expect(calls.find((c) => c.path === '/api/admin/revision/7/reject')?.body).toEqual({ reason: 'Not yet announced' });
  });
});
