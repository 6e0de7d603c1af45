import { REQUEST_TEXT, REQUEST_TIMEOUT_MS, STORAGE_KEYS, type AuthResponse } from '@certitude/shared';
import { clearAuth, endSession, getAccessToken, getRefreshToken, storeTokens, storeUser } from './auth-store';

/** A failed call: the HTTP status (0 when offline or timed out) and the server's message when it sent one. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** The message field of the server's answer, when there was one. */
    readonly serverMessage: string | undefined,
    readonly body: unknown = undefined,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  /** No answer at all: the network is down or the 15 s timeout ran out. */
  get offline(): boolean {
    return this.status === 0;
  }
}

/** The part of a shared zod schema the answer check uses; typed structurally so that zod itself stays out of here. */
export interface AnswerSchema<T> {
  safeParse(
    value: unknown,
  ):
    | { success: true; data: T }
    | { success: false; error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] } };
}

/** A list of answers that each match `item` (the shared package exports the item's schema, not the list's). */
export function listOf<T>(item: AnswerSchema<T>): AnswerSchema<T[]> {
  return {
    safeParse(value) {
      if (!Array.isArray(value)) {
        return { success: false, error: { issues: [{ path: [], message: 'Expected an array' }] } };
      }
      const issues = value.flatMap((v: unknown, i) => {
        const result = item.safeParse(v);
        return result.success ? [] : result.error.issues.map((issue) => ({ ...issue, path: [i, ...issue.path] }));
      });
      return issues.length ? { success: false, error: { issues } } : { success: true, data: value as T[] };
    },
  };
}

export interface ApiRequest<T = unknown> {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  /** Sign the request with the stored access token (default: whenever one is stored). */
  auth?: boolean;
  signal?: AbortSignal;
  /** Reads the answer's headers (a paged list's `Link`). */
  onHeaders?: (headers: Headers) => void;
  /**
   * The shared schema of the answer, written `__CHECK_ANSWERS__ && someSchema`: the answer is typed by it, and in
   * development and tests checked against it (a mismatch throws, naming the call and zod's issues).
   */
  schema?: AnswerSchema<T> | false;
}

/** Same origin by default; a build may point the web app at another API host (VITE_API_BASE_URL at build time). */
const API_BASE_URL = (import.meta.env.VITE_API_BASE_URL as string | undefined)?.replace(/\/+$/, '') ?? '';

/** The absolute address of an API path, also for browser redirects such as /auth/oauth/{provider}. */
export function apiUrl(path: string): string {
  return `${API_BASE_URL}${path}`;
}

/** Stores what a sign-in or refresh returned (docs/product.md#stored-in-the-browser: accessToken, refreshToken, user). */
export function storeAuth(auth: Partial<AuthResponse> & { token: string; refreshToken: string }) {
  storeTokens(auth.token, auth.refreshToken);
  if (auth.user) storeUser(auth.user);
}

async function send(path: string, req: ApiRequest, token: string | null): Promise<unknown> {
  const headers: Record<string, string> = { 'Content-Type': 'application/json', Accept: 'application/json' };
  if (token) headers.Authorization = `Bearer ${token}`;
  // A controller of our own rather than AbortSignal.timeout/any: older Safari lacks `any`, and the
  // timeout also has to cover reading the body.
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, REQUEST_TIMEOUT_MS);
  const forwardAbort = () => controller.abort(req.signal?.reason);
  if (req.signal?.aborted) forwardAbort();
  req.signal?.addEventListener('abort', forwardAbort, { once: true });
  let res: Response;
  let text: string;
  try {
    res = await fetch(apiUrl(path), {
      method: req.method ?? 'GET',
      headers,
      body: req.body === undefined ? undefined : JSON.stringify(req.body),
      signal: controller.signal,
    });
    text = await res.text();
    req.onHeaders?.(res.headers);
  } catch (err) {
    if (req.signal?.aborted) throw err;
    throw new ApiError(0, timedOut ? REQUEST_TEXT.requestTimedOut : REQUEST_TEXT.offline, undefined);
  } finally {
    clearTimeout(timer);
    req.signal?.removeEventListener('abort', forwardAbort);
  }
  let body: unknown = undefined;
  if (text) {
    try {
      body = JSON.parse(text);
    } catch {
      body = text;
    }
  }
  if (!res.ok) {
    const serverMessage =
      body && typeof body === 'object' && typeof (body as { message?: unknown }).message === 'string'
        ? (body as { message: string }).message
        : undefined;
    throw new ApiError(res.status, serverMessage ?? `Request failed with status ${res.status}`, serverMessage, body);
  }
  return body;
}

let refreshing: Promise<boolean> | null = null;

/** Held while a tab refreshes, so that the tabs of one browser never spend the same refresh token twice. */
const REFRESH_LOCK = 'certitude-token-refresh';

/**
 * Runs `task` while no other tab of this browser refreshes. The server treats a refresh token used twice
 * as stolen and revokes its whole family, so two tabs refreshing at once would sign the member out
 * everywhere. `task` learns whether another tab held the lock first (it probably just refreshed). Browsers
 * without the Web Locks API run it at once.
 */
async function whileNoOtherTabRefreshes<T>(task: (waited: boolean) => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  if (!locks) return task(false);
  const first = (await locks.request(REFRESH_LOCK, { ifAvailable: true }, async (lock) =>
    lock ? { value: await task(false) } : null,
  )) as { value: T } | null;
  if (first) return first.value;
  return locks.request(REFRESH_LOCK, () => task(true)) as Promise<T>;
}

/**
 * The access token another tab stored, once this tab sees it: a write in one tab reaches the others a moment
 * later (through the 'storage' event), sometimes after that tab has let the lock go. Null when nothing comes.
 */
function tokenFromAnotherTab(waitMs: number): Promise<string | null> {
  return new Promise((resolve) => {
    const done = (value: string | null) => {
      removeEventListener('storage', onStorage);
      clearTimeout(timer);
      resolve(value);
    };
    const onStorage = (e: StorageEvent) => {
      if (e.key === STORAGE_KEYS.accessToken && e.newValue) done(e.newValue);
    };
    addEventListener('storage', onStorage);
    const timer = setTimeout(() => done(null), waitMs);
  });
}

/** How long a tab that waited for another tab's refresh waits for that tab's tokens to reach it. */
const OTHER_TAB_TOKENS_MS = 1000;

/**
 * One refresh at a time: concurrent 401s wait for the same refresh (docs/product.md#session). On failure, or with no
 * refresh token, the session ends (`endSession`: the auth items are cleared, and the app, told so, sends the member
 * to '/'). `rejectedToken` is the access token the server refused: when another tab has replaced it meanwhile, its
 * tokens are used as they are.
 */
function refreshSession(rejectedToken?: string): Promise<boolean> {
  refreshing ??= whileNoOtherTabRefreshes(async (waited) => {
    const current = getAccessToken();
    if (rejectedToken && current && current !== rejectedToken) return true;
    // Another tab held the lock: it most likely refreshed, and its new tokens are on their way to this tab.
    if (waited && rejectedToken && (await tokenFromAnotherTab(OTHER_TAB_TOKENS_MS)) !== null) return true;
    const refreshToken = getRefreshToken();
    try {
      if (!refreshToken) throw new Error('no refresh token');
      const res = (await send('/auth/refresh', { method: 'POST', body: { refreshToken } }, null)) as AuthResponse;
      if (!res || typeof res.token !== 'string' || typeof res.refreshToken !== 'string') {
        throw new Error('malformed refresh answer');
      }
      storeAuth(res);
      return true;
    } catch {
      endSession();
      return false;
    }
  }).finally(() => {
    refreshing = null;
  });
  return refreshing;
}

/** The answer as its schema checks it (development and tests only): a mismatch throws, naming the call and the issues. */
function checkAnswer<T>(path: string, req: ApiRequest<T>, schema: AnswerSchema<T>, answer: unknown): T {
  const result = schema.safeParse(answer);
  // The answer itself, not the parsed copy: what a caller receives is the same as in production.
  if (result.success) return answer as T;
  const issues = result.error.issues.map((i) => `${i.path.map(String).join('.') || '(the answer)'}: ${i.message}`);
  const error = new Error(`${req.method ?? 'GET'} ${path}: the answer does not match its schema: ${issues.join('; ')}`);
  error.name = 'AnswerMismatchError';
  // Callers often swallow a failed call (a missing list stays missing): the console still shows it.
  console.error(error);
  throw error;
}

/**
 * Calls the API: JSON in and out, 15 s timeout, the stored bearer token, and on a 401 one retry after a
 * shared refresh of the session. With `schema`, the answer is typed by it, and in development and tests checked.
 */
export async function api<T = unknown>(path: string, req: ApiRequest<T> = {}): Promise<T> {
  const answer = await call(path, req);
  if (__CHECK_ANSWERS__ && req.schema) return checkAnswer(path, req, req.schema, answer);
  return answer as T;
}

async function call(path: string, req: ApiRequest<unknown>): Promise<unknown> {
  const token = req.auth === false ? null : getAccessToken();
  try {
    return await send(path, req, token);
  } catch (err) {
    // Only a request that carried a token can be saved by a refresh.
    if (!(err instanceof ApiError) || err.status !== 401 || !token) throw err;
    // A request that was in flight while another one refreshed must not refresh a second time: the
    // refresh token it would send has already been rotated.
    const current = getAccessToken();
    const renewed = current !== null && current !== token ? true : await refreshSession(token);
    if (!renewed) throw err;
    return send(path, req, getAccessToken());
  }
}

/** Pages only a member sees: signing out there goes to the home page rather than reloading them. */
const MEMBER_PAGES = ['/profile', '/admin'];

/**
 * Signs out (docs/product.md#session): revokes the refresh token on the server, clears the three auth items and
 * reloads the page, or loads the home page from a page only members see. A failed revocation does not keep anyone
 * signed in on this device.
 */
export async function logout(): Promise<void> {
  const refreshToken = getRefreshToken();
  if (refreshToken) {
    try {
      await send('/auth/logout', { method: 'POST', body: { refreshToken } }, null);
    } catch {
      // offline or already revoked: the local sign-out still happens
    }
  }
  clearAuth({ notify: false });
  if (MEMBER_PAGES.includes(window.location.pathname)) window.location.assign('/');
  else window.location.reload();
}

/** The text to show for a failed call: the server's message, else the offline text, else the fallback. */
export function errorText(err: unknown, fallback: string): string {
  if (err instanceof ApiError) {
    if (err.serverMessage) return err.serverMessage;
    if (err.offline) return err.message;
  }
  return fallback;
}
