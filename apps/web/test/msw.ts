/**
 * The web tests' mock API (MSW): one server for every test file, started, reset and closed by setup.ts.
 * The app calls fetch('/api/...') on the page's own origin, so handlers match a path on any origin (apiUrl).
 * A request no handler answers fails the test that sent it (see setup.ts).
 */
import type { User } from '@certitude/shared';
import { act } from '@testing-library/react';
import { http, HttpResponse, type HttpHandler, type JsonBodyType } from 'msw';
import { setupServer } from 'msw/node';
import { emailSettings } from './members';

/** A member as the API describes them: ada (id 7), a verified USER, unless `over` says otherwise. */
export function makeUser(over: Partial<User> = {}): User {
  const username = over.username ?? 'ada';
  return {
    id: 7,
    username,
    email: `${username}@example.com`,
    role: 'USER',
    emailVerified: true,
    createdAt: '2023-04-05T10:00:00.000Z',
    ...over,
  };
}

/** A request as the mock API received it: what a test may assert was sent. */
export interface ApiCall {
  method: string;
  /** Path and query, as the app asked for it: `/api/certification?page=2`. */
  path: string;
  authorization: string | null;
  body: unknown;
}

/** Matches `path` (no query) on whatever origin the test page has. */
export function apiUrl(path: string): string {
  return `*${path}`;
}

/** The test's own request of `afterRequestsSent`, never recorded. */
const AFTER_REQUESTS = '/__after-requests';

/**
 * The answers every test gets unless it says otherwise: the calls a screen makes on the side (the bell's
 * count, a member's list and email settings, a discussion), answered as for a member with nothing yet.
 * A test's own handlers (server.use, mockApi) come first.
 */
const defaultHandlers: HttpHandler[] = [
  http.get(apiUrl('/api/notifications/unread-count'), () => HttpResponse.json({ count: 0 })),
  http.get(apiUrl('/api/user/certifications'), () => HttpResponse.json([])),
  http.get(apiUrl('/api/user/badges'), () => HttpResponse.json([])),
  http.get(apiUrl('/api/user/first-sign-in'), () =>
    HttpResponse.json({ pending: false, outcome: 'SKIPPED', at: '2026-01-01T00:00:00.000Z' }),
  ),
  http.get(apiUrl('/api/user/notification-settings'), () => HttpResponse.json(emailSettings)),
  http.get(apiUrl('/api/user/rating-privacy'), () => HttpResponse.json({ showOutcome: false })),
  http.get(apiUrl('/api/certification/:id/comments'), () => HttpResponse.json([])),
  http.get(apiUrl(AFTER_REQUESTS), () => new Response(null, { status: 204 })),
];

export const server = setupServer(...defaultHandlers);

/** A JSON answer; no body for a status such as 204. */
export function json(status: number, body?: unknown): Response {
  return body === undefined
    ? new Response(null, { status, headers: { 'Content-Type': 'application/json' } })
    : HttpResponse.json(body as JsonBodyType, { status });
}

async function readBody(request: Request): Promise<unknown> {
  const text = request.body === null ? '' : await request.clone().text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * Records every request the mock API receives from now until the end of the test, in the order they
 * arrived. The body is read as the request arrives, long before the app can see an answer.
 */
export function recordRequests(): ApiCall[] {
  const calls: ApiCall[] = [];
  server.events.on('request:start', ({ request }) => {
    const url = new URL(request.url);
    if (url.pathname === AFTER_REQUESTS) return;
    const call: ApiCall = {
      method: request.method,
      path: url.pathname + url.search,
      authorization: request.headers.get('Authorization'),
      body: undefined,
    };
    calls.push(call);
    void readBody(request).then((body) => (call.body = body));
  });
  return calls;
}

type Answer =
  | [status: number, body?: unknown]
  | { status: number; body?: unknown }
  | ((
      call: ApiCall,
    ) => Response | { status: number; body?: unknown } | Promise<Response | { status: number; body?: unknown }>);

function toResponse(answer: Response | [number, unknown?] | { status: number; body?: unknown }): Response {
  if (answer instanceof Response) return answer;
  return Array.isArray(answer) ? json(answer[0], answer[1]) : json(answer.status, answer.body);
}

const METHODS = { GET: http.get, POST: http.post, PUT: http.put, PATCH: http.patch, DELETE: http.delete };

/**
 * Answers the API calls a test expects, as MSW handlers: `routes` maps 'METHOD /path' to an answer, either
 * for any query or, when the key has one ('GET /api/x?page=2'), for that query only. Returns every request
 * the mock API receives from now on (recordRequests).
 */
export function mockApi(routes: Record<string, Answer>): ApiCall[] {
  const calls = recordRequests();
  server.use(
    ...Object.entries(routes).map(([key, answer]) => {
      const [method, target] = key.split(' ') as [keyof typeof METHODS, string];
      const [path, query] = target.split('?') as [string, string | undefined];
      return METHODS[method](apiUrl(path), async ({ request }) => {
        const url = new URL(request.url);
        if (query !== undefined && url.search !== `?${query}`) return undefined;
        if (typeof answer !== 'function') return toResponse(answer);
        const call: ApiCall = {
          method: request.method,
          path: url.pathname + url.search,
          authorization: request.headers.get('Authorization'),
          body: await readBody(request),
        };
        return toResponse(await answer(call));
      });
    }),
  );
  return calls;
}

/**
 * Resolves once what the screen rendered so far has run its effects, and the requests they sent have reached the
 * mock API and been answered: React's pending work is flushed, then a request of the test's own, sent after
 * theirs, is answered, then React's work is flushed again. A check that a screen asks nothing (or shows nothing
 * after an answer) then cannot pass only because the screen had not got round to it yet, as a fixed wait could.
 */
export async function afterRequestsSent(): Promise<void> {
  await act(async () => undefined);
  await act(async () => {
    await fetch(`${location.origin}${AFTER_REQUESTS}`);
  });
}
