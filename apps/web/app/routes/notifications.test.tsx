import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { renderApp, resetAccountTestState, signIn } from '../../test/accounts';
import { json, mockApi } from '../../test/msw';
import { notification } from '../../test/members';
import { Navbar } from '../navbar';
import NotificationsScreen from './notifications';

beforeAll(async () => {
  await import('../features/accounts/auth-dialogs');
});
afterEach(resetAccountTestState);

function open() {
  renderApp({
    routes: [
      {
        path: '/notifications',
        element: (
          <>
            <Navbar />
            <NotificationsScreen />
          </>
        ),
      },
    ],
    url: '/notifications',
  });
}

const items = () => screen.getAllByTestId('notification');

describe('/notifications', () => {
  it('asks a visitor to sign in, and asks the server nothing', async () => {
    const calls = mockApi({});
    open();
    expect(await screen.findByText('Please sign in to see your notifications')).toBeTruthy();
    const prompt = screen.getByText('Please sign in to see your notifications').parentElement!;
    fireEvent.click(within(prompt).getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByRole('dialog', { name: 'Welcome Back' })).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it('lists them newest first with the unread ones marked, each linking to what it is about, and loads more', async () => {
    signIn();
    const first = Array.from({ length: 20 }, (_, i) =>
      notification(i + 1, { readAt: i < 2 ? null : '2026-01-01T00:00:00Z' }),
    );
    const calls = mockApi({
      'GET /api/notifications/unread-count': [200, { count: 2 }],
      'GET /api/notifications': (call) =>
        call.path.includes('cursor=20')
          ? json(200, [notification(21, { readAt: '2026-01-01T00:00:00Z' })])
          : new Response(JSON.stringify(first), {
              status: 200,
              headers: {
                'Content-Type': 'application/json',
                Link: '</api/notifications?limit=20&cursor=20>; rel="next"',
              },
            }),
    });
    open();
    await waitFor(() => expect(items()).toHaveLength(20));
    expect(items()[0]!.getAttribute('data-unread')).toBe('true');
    expect(within(items()[0]!).getByText('Unread')).toBeTruthy();
    expect(items()[2]!.getAttribute('data-unread')).toBeNull();
    const link = within(items()[0]!).getByRole('link', { name: 'bob replied to your comment on Certification 1' });
    expect(link.getAttribute('href')).toBe('/certification/cert-1#comment-10');
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(items()).toHaveLength(21));
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    // Strict mode asks for the first page twice (the first call is cancelled).
    expect([...new Set(calls.filter((c) => c.path.startsWith('/api/notifications?')).map((c) => c.path))]).toEqual([
      '/api/notifications?limit=20',
      '/api/notifications?limit=20&cursor=20',
    ]);
  });

  it('marks one read, then all, and the bell follows', async () => {
    signIn();
    let unread = 2;
    const calls = mockApi({
      'GET /api/notifications/unread-count': () => json(200, { count: unread }),
      'GET /api/notifications': [
        200,
        [notification(1), notification(2), notification(3, { readAt: '2026-01-01T00:00:00Z' })],
      ],
      'POST /api/notifications/read': (call) => {
        unread = (call.body as { ids?: number[] }).ids ? unread - 1 : 0;
        return json(204);
      },
    });
    open();
    await screen.findByRole('button', { name: 'Notifications, 2 unread' });
    await waitFor(() => expect(items()).toHaveLength(3));
    fireEvent.click(within(items()[1]!).getByRole('button', { name: /^Mark as read/ }));
    await waitFor(() => expect(items()[1]!.getAttribute('data-unread')).toBeNull());
    await screen.findByRole('button', { name: 'Notifications, 1 unread' });

    fireEvent.click(screen.getByRole('button', { name: 'Mark all as read' }));
    await waitFor(() => expect(items().filter((i) => i.getAttribute('data-unread'))).toHaveLength(0));
    await screen.findByRole('button', { name: 'Notifications' });
    expect((screen.getByRole('button', { name: 'Mark all as read' }) as HTMLButtonElement).disabled).toBe(true);
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([{ ids: [2] }, {}]);
  });

  it('says when there are none', async () => {
    signIn();
    mockApi({ 'GET /api/notifications/unread-count': [200, { count: 0 }], 'GET /api/notifications': [200, []] });
    open();
    expect(await screen.findByText('You have no notifications yet.')).toBeTruthy();
  });

  it('says when the list cannot be read', async () => {
    signIn();
    mockApi({ 'GET /api/notifications/unread-count': [200, { count: 0 }], 'GET /api/notifications': [500, {}] });
    open();
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to load notifications');
  });
});
