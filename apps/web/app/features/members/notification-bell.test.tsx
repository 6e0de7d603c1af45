import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp, resetAccountTestState, signIn } from '../../../test/accounts';
import { afterRequestsSent, json, mockApi } from '../../../test/msw';
import { Navbar } from '../../navbar';

let visibility: DocumentVisibilityState = 'visible';
Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => visibility });

/** A phone's screen unless a test says otherwise: the bell is then a link beside the menu button. */
let wide = false;
beforeEach(() => {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: wide && query.includes('min-width'),
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
});

afterEach(() => {
  resetAccountTestState();
  visibility = 'visible';
  wide = false;
  vi.unstubAllGlobals();
});

function open() {
  renderApp({ routes: [{ path: '/', element: <Navbar /> }] });
}

function setVisibility(next: DocumentVisibilityState) {
  visibility = next;
  document.dispatchEvent(new Event('visibilitychange'));
}

const countCalls = (calls: { path: string }[]) => calls.filter((c) => c.path === '/api/notifications/unread-count');

describe('the notification bell of the navbar', () => {
  it('shows a member the unread count and links to /notifications, named with the count', async () => {
    signIn();
    mockApi({ 'GET /api/notifications/unread-count': [200, { count: 3 }] });
    open();
    const bell = await screen.findByRole('link', { name: 'Notifications, 3 unread' });
    expect(bell.getAttribute('href')).toBe('/notifications');
    expect(screen.getByTestId('unread-badge').textContent).toBe('3');
  });

  it('caps the badge at 99+, and shows no number when nothing is unread', async () => {
    signIn();
    let count = 150;
    mockApi({ 'GET /api/notifications/unread-count': () => json(200, { count }) });
    const view = renderApp({ routes: [{ path: '/', element: <Navbar /> }] });
    await screen.findByRole('link', { name: 'Notifications, 150 unread' });
    expect(screen.getByTestId('unread-badge').textContent).toBe('99+');
    view.unmount();
    count = 0;
    open();
    expect(await screen.findByRole('link', { name: 'Notifications' })).toBeTruthy();
    await waitFor(() => expect(screen.queryByTestId('unread-badge')).toBeNull());
  });

  it('is not there for visitors, who make no request', async () => {
    const calls = mockApi({});
    open();
    await afterRequestsSent();
    expect(screen.queryByRole('link', { name: /^Notifications/ })).toBeNull();
    expect(calls).toEqual([]);
  });

  it('asks again when the tab becomes visible and every 60 s while it is, one request at a time, none while hidden', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    signIn();
    let count = 1;
    const waiting: ((r: Response) => void)[] = [];
    const calls = mockApi({
      'GET /api/notifications/unread-count': () => new Promise<Response>((r) => waiting.push(r)),
    });
    const answer = () => waiting.splice(0).forEach((r) => r(json(200, { count })));
    open();
    await waitFor(() => expect(countCalls(calls)).toHaveLength(1));
    answer();
    expect(await screen.findByRole('link', { name: 'Notifications, 1 unread' })).toBeTruthy();

    setVisibility('hidden');
    await vi.advanceTimersByTimeAsync(180_000);
    expect(countCalls(calls)).toHaveLength(1);

    count = 4;
    setVisibility('visible');
    setVisibility('visible');
    await waitFor(() => expect(countCalls(calls)).toHaveLength(2));
    answer();
    await screen.findByRole('link', { name: 'Notifications, 4 unread' });

    await vi.advanceTimersByTimeAsync(59_000);
    expect(countCalls(calls)).toHaveLength(2);
    count = 7;
    await vi.advanceTimersByTimeAsync(1_000);
    await waitFor(() => expect(countCalls(calls)).toHaveLength(3));
    answer();
    await screen.findByRole('link', { name: 'Notifications, 7 unread' });
  });

  it('asks at once when the tab comes back, unless it asked less than 10 s ago; the next poll counts from there', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    signIn();
    let count = 0;
    const calls = mockApi({ 'GET /api/notifications/unread-count': () => json(200, { count }) });
    open();
    await screen.findByRole('link', { name: 'Notifications' });
    expect(countCalls(calls)).toHaveLength(1);

    // Away for a moment only: coming back asks nothing.
    await vi.advanceTimersByTimeAsync(5_000);
    setVisibility('hidden');
    setVisibility('visible');
    await vi.advanceTimersByTimeAsync(0);
    expect(countCalls(calls)).toHaveLength(1);

    // Away for longer, well before the minute: coming back asks at once.
    count = 2;
    await vi.advanceTimersByTimeAsync(15_000);
    setVisibility('hidden');
    setVisibility('visible');
    await screen.findByRole('link', { name: 'Notifications, 2 unread' });
    expect(countCalls(calls)).toHaveLength(2);

    // The poll is due 60 s after that request, not after the first.
    await vi.advanceTimersByTimeAsync(59_000);
    expect(countCalls(calls)).toHaveLength(2);
    count = 3;
    await vi.advanceTimersByTimeAsync(1_000);
    await screen.findByRole('link', { name: 'Notifications, 3 unread' });
    expect(countCalls(calls)).toHaveLength(3);
  });

  it('keeps its number when a request fails, and only logs it', async () => {
    signIn();
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    mockApi({ 'GET /api/notifications/unread-count': [500, { message: 'boom' }] });
    open();
    await waitFor(() => expect(logged).toHaveBeenCalled());
    expect(screen.getByRole('link', { name: 'Notifications' })).toBeTruthy();
  });

  it('on a wide screen opens a preview of the latest notifications, asked for when opened, and closes on Escape', async () => {
    wide = true;
    signIn();
    const calls = mockApi({
      'GET /api/notifications/unread-count': [200, { count: 1 }],
      'GET /api/notifications': [
        200,
        [
          {
            id: 7,
            kind: 'COMMENT_REPLY',
            text: 'bob replied to your comment on CKA',
            link: '/certification/cka#comment-3',
            readAt: null,
            createdAt: '2026-11-20T10:00:00.000Z',
          },
        ],
      ],
    });
    open();
    const bell = await screen.findByRole('button', { name: 'Notifications, 1 unread' });
    expect(bell.getAttribute('aria-expanded')).toBe('false');
    expect(calls.filter((c) => c.path.startsWith('/api/notifications?'))).toEqual([]);
    fireEvent.click(bell);
    const link = await screen.findByRole('link', { name: 'bob replied to your comment on CKA' });
    expect(link.getAttribute('href')).toBe('/certification/cka#comment-3');
    expect(screen.getByRole('link', { name: 'See all notifications' }).getAttribute('href')).toBe('/notifications');
    expect(calls.filter((c) => c.path === '/api/notifications?limit=5').length).toBeGreaterThan(0);
    expect(bell.getAttribute('aria-expanded')).toBe('true');
    fireEvent.keyDown(document, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Latest notifications' })).toBeNull());
    expect(document.activeElement).toBe(bell);
  });
});
