import { certificationSchema, MSG, REQUEST_TIMEOUT_MS, userSchema } from '@certitude/shared';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { apiUrl, json, makeUser, server } from '../../test/msw';
import { fetchProfile } from '../features/accounts/account-api';
import { api, ApiError, errorText, listOf, logout } from './api-client';
import { renderHook } from '@testing-library/react';
import { onSessionEnded, useCurrentUser } from './auth-store';

interface Call {
  url: string;
  method: string;
  authorization: string | null;
  body: unknown;
}

const user = makeUser({ id: 1, createdAt: '' });

/** Answers every request through `route`, recording each as the mock API received it. */
function stubApi(route: (call: Call) => Response | Promise<Response>): Call[] {
  const calls: Call[] = [];
  server.use(
    http.all('*', async ({ request }) => {
      const url = new URL(request.url);
      const text = await request.clone().text();
      const call: Call = {
        url: url.pathname + url.search,
        method: request.method,
        authorization: request.headers.get('Authorization'),
        body: text ? JSON.parse(text) : undefined,
      };
      calls.push(call);
      return route(call);
    }),
  );
  return calls;
}

/** The network is down: every request fails as fetch does then. */
const goOffline = () => server.use(http.all('*', () => HttpResponse.error()));

let assign: Mock<(url: string | URL) => void>;
let reload: Mock<() => void>;
/** The "session ended" signal the client sends; the app (not the client) decides where the page goes. */
let sessionEnded: Mock<() => void>;
let stopListening: () => void;

beforeEach(() => {
  localStorage.clear();
  window.history.replaceState(null, '', '/certification/cka');
  assign = vi.fn<(url: string | URL) => void>();
  reload = vi.fn<() => void>();
  vi.spyOn(window.location, 'assign').mockImplementation(assign);
  vi.spyOn(window.location, 'reload').mockImplementation(reload);
  sessionEnded = vi.fn<() => void>();
  stopListening = onSessionEnded(sessionEnded);
});

afterEach(() => {
  stopListening();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

function signIn(token = 'old-access', refresh = 'old-refresh') {
  localStorage.setItem('accessToken', token);
  localStorage.setItem('refreshToken', refresh);
  localStorage.setItem('user', JSON.stringify(user));
}

describe('api client', () => {
  it('sends JSON with the bearer token of the stored access token', async () => {
    signIn('abc');
    const calls = stubApi(() => json(200, { ok: true }));
    await expect(api('/api/user/change-email', { method: 'PUT', body: { newEmail: 'a@b.co' } })).resolves.toEqual({
      ok: true,
    });
    expect(calls).toEqual([
      { url: '/api/user/change-email', method: 'PUT', authorization: 'Bearer abc', body: { newEmail: 'a@b.co' } },
    ]);
  });

  it('concurrent 401s share ONE refresh call, then each retries once with the new token', async () => {
    signIn();
    let release!: () => void;
    const refreshGate = new Promise<void>((r) => (release = r));
    const calls = stubApi(async (c) => {
      if (c.url === '/auth/refresh') {
        await refreshGate;
        return json(200, { token: 'new-access', refreshToken: 'new-refresh', user: { ...user, username: 'ada2' } });
      }
      return c.authorization === 'Bearer new-access' ? json(200, { path: c.url }) : json(401, { message: 'expired' });
    });
    const results = Promise.all([api('/api/a'), api('/api/b'), api('/api/c')]);
    // Let all three be refused first (the refresh held meanwhile), so that they really wait on the same refresh.
    await vi.waitFor(() => {
      expect(calls.filter((c) => c.url === '/auth/refresh')).toHaveLength(1);
      expect(calls.filter((c) => c.authorization === 'Bearer old-access').map((c) => c.url)).toEqual(
        expect.arrayContaining(['/api/a', '/api/b', '/api/c']),
      );
    });
    release();
    await expect(results).resolves.toEqual([{ path: '/api/a' }, { path: '/api/b' }, { path: '/api/c' }]);
    const refreshes = calls.filter((c) => c.url === '/auth/refresh');
    expect(refreshes).toHaveLength(1);
    expect(refreshes[0]?.body).toEqual({ refreshToken: 'old-refresh' });
    expect(refreshes[0]?.authorization).toBeNull();
    expect(calls.filter((c) => c.url !== '/auth/refresh')).toHaveLength(6);
    expect(localStorage.getItem('accessToken')).toBe('new-access');
    expect(localStorage.getItem('refreshToken')).toBe('new-refresh');
    expect(JSON.parse(localStorage.getItem('user') ?? '{}').username).toBe('ada2');
  });

  it('a 401 that arrives after another request already refreshed retries without refreshing again', async () => {
    signIn();
    let releaseSlow!: () => void;
    const slowGate = new Promise<void>((r) => (releaseSlow = r));
    const calls = stubApi(async (c) => {
      if (c.url === '/auth/refresh') return json(200, { token: 'new-access', refreshToken: 'new-refresh' });
      if (c.url === '/api/slow' && c.authorization === 'Bearer old-access') await slowGate;
      return c.authorization === 'Bearer new-access' ? json(200, c.url) : json(401, {});
    });
    const slow = api('/api/slow');
    await expect(api('/api/fast')).resolves.toBe('/api/fast');
    releaseSlow();
    await expect(slow).resolves.toBe('/api/slow');
    expect(calls.filter((c) => c.url === '/auth/refresh')).toHaveLength(1);
  });

  it('a failed refresh clears the three auth items and ends the session once, leaving the page to the app', async () => {
    signIn();
    localStorage.setItem('theme', 'dark');
    const calls = stubApi((c) =>
      c.url === '/auth/refresh' ? json(401, { message: 'Your session has expired' }) : json(401, {}),
    );
    const results = await Promise.allSettled([api('/api/a'), api('/api/b')]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect(calls.filter((c) => c.url === '/auth/refresh')).toHaveLength(1);
    expect(localStorage.getItem('accessToken')).toBeNull();
    expect(localStorage.getItem('refreshToken')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
    expect(localStorage.getItem('theme')).toBe('dark');
    expect(sessionEnded).toHaveBeenCalledTimes(1);
    // The transport no longer moves the page: the root layout navigates (session-end-redirect.test.tsx).
    expect(assign).not.toHaveBeenCalled();
  });

  it('without a refresh token a 401 clears the session without calling refresh', async () => {
    localStorage.setItem('accessToken', 'old-access');
    const calls = stubApi(() => json(401, {}));
    await expect(api('/api/a')).rejects.toMatchObject({ status: 401 });
    expect(calls.map((c) => c.url)).toEqual(['/api/a']);
    expect(localStorage.getItem('accessToken')).toBeNull();
    expect(sessionEnded).toHaveBeenCalledTimes(1);
  });

  it('a 401 on an unsigned request (wrong password at login) is the answer, not a reason to refresh', async () => {
    const calls = stubApi(() => json(401, { message: 'Invalid username or password' }));
    const err = await api('/auth/login', { method: 'POST', body: {}, auth: false }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).serverMessage).toBe('Invalid username or password');
    expect(calls).toHaveLength(1);
    expect(sessionEnded).not.toHaveBeenCalled();
  });

  it('gives the timeout text after 15 s without an answer', async () => {
    vi.useFakeTimers();
    // A server that never answers: the request only ends when its signal aborts.
    server.use(http.get(apiUrl('/api/slow'), () => new Promise<never>(() => undefined)));
    const result = api('/api/slow').catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS - 1);
    let settled = false;
    void result.then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const err = (await result) as ApiError;
    expect(err).toBeInstanceOf(ApiError);
    expect(err.status).toBe(0);
    expect(err.offline).toBe(true);
    expect(errorText(err, 'fallback')).toBe(MSG.requestTimedOut);
  });

  it('gives the offline text when the network is down', async () => {
    goOffline();
    const err = await api('/api/a').catch((e: unknown) => e);
    expect(errorText(err, 'fallback')).toBe(MSG.offline);
  });

  it("reads the server's message, and falls back when there is none", async () => {
    stubApi(() => json(409, { statusCode: 409, error: 'Conflict', message: 'This username is already taken' }));
    expect(errorText(await api('/auth/register').catch((e: unknown) => e), 'fallback')).toBe(
      'This username is already taken',
    );
    stubApi(() => new Response('<html>bad gateway</html>', { status: 502 }));
    expect(errorText(await api('/auth/register').catch((e: unknown) => e), 'fallback')).toBe('fallback');
  });
});

describe('answers checked against their shared schema (development and tests only)', () => {
  it('runs in tests', () => {
    expect(__CHECK_ANSWERS__).toBe(true);
  });

  it('passes an answer that matches, as the server sent it (fields the schema does not name included)', async () => {
    stubApi(() => json(200, { ...user, extra: 'kept' }));
    await expect(api('/api/user/profile', { schema: __CHECK_ANSWERS__ && userSchema })).resolves.toEqual({
      ...user,
      extra: 'kept',
    });
  });

  it('reports a malformed answer, naming the call and the issues', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    signIn();
    // The account screens' call passes userSchema: a role the contract does not know is caught.
    stubApi(() => json(200, { ...user, role: 'OWNER', emailVerified: 'yes' }));
    const err = (await fetchProfile().catch((e: unknown) => e)) as Error;
    expect(err).toBeInstanceOf(Error);
    expect(err).not.toBeInstanceOf(ApiError);
    expect(err.name).toBe('AnswerMismatchError');
    expect(err.message).toMatch(/^GET \/api\/user\/profile: the answer does not match its schema: /);
    expect(err.message).toContain('role: ');
    expect(err.message).toContain('emailVerified: ');
    expect(logged).toHaveBeenCalledWith(err);
  });

  it('checks every item of a list, naming the index', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    stubApi(() => json(200, [{ id: 'one' }]));
    const err = (await api('/api/certification', { schema: __CHECK_ANSWERS__ && listOf(certificationSchema) }).catch(
      (e: unknown) => e,
    )) as Error;
    expect(err.message).toMatch(/^GET \/api\/certification: .*0\.id: /);
    stubApi(() => json(200, { items: [] }));
    const notAList = (await api('/api/certification', {
      schema: __CHECK_ANSWERS__ && listOf(certificationSchema),
    }).catch((e: unknown) => e)) as Error;
    expect(notAList.message).toContain('(the answer): Expected an array');
  });

  it('leaves failed calls to ApiError, and calls without a schema unchecked', async () => {
    stubApi(() => json(404, { message: 'Not found' }));
    await expect(api('/api/user/profile', { schema: __CHECK_ANSWERS__ && userSchema })).rejects.toBeInstanceOf(
      ApiError,
    );
    stubApi(() => json(200, { anything: true }));
    await expect(api('/api/whatever')).resolves.toEqual({ anything: true });
  });
});

describe('logout', () => {
  it('revokes the refresh token on the server, clears the three items and reloads the page', async () => {
    signIn('a', 'r-123');
    const calls = stubApi(() => new Response(null, { status: 204 }));
    await logout();
    expect(calls).toEqual([
      { url: '/auth/logout', method: 'POST', authorization: null, body: { refreshToken: 'r-123' } },
    ]);
    expect(localStorage.length).toBe(0);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(assign).not.toHaveBeenCalled();
    expect(sessionEnded).not.toHaveBeenCalled();
  });

  it.each(['/profile', '/admin'])('from %s, a page only members see, goes to the home page', async (path) => {
    window.history.replaceState(null, '', path);
    signIn('a', 'r-123');
    stubApi(() => new Response(null, { status: 204 }));
    await logout();
    expect(assign).toHaveBeenCalledWith('/');
    expect(reload).not.toHaveBeenCalled();
  });

  it('does not tell the page before it is replaced, so nothing on it reacts to the sign-out first', async () => {
    signIn('a', 'r-123');
    stubApi(() => new Response(null, { status: 204 }));
    const { result } = renderHook(() => useCurrentUser());
    expect(result.current?.username).toBe(user.username);
    await logout();
    // The page still shows the member: the next page shows the signed-out state.
    expect(result.current?.username).toBe(user.username);
  });

  it('still signs out on this device when the server cannot be reached', async () => {
    signIn('a', 'r-123');
    goOffline();
    await logout();
    expect(localStorage.getItem('refreshToken')).toBeNull();
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
