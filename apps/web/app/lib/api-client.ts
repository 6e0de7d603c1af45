import { REQUEST_TEXT, REQUEST_TIMEOUT_MS, STORAGE_KEYS, type AuthResponse } from '@certitude/shared';
import { clearAuth, getAccessToken, getRefreshToken, storeTokens, storeUser } from './auth-store';

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

export interface ApiRequest {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  /** Sign the request with the stored access token (default: whenever one is stored). */
  auth?: boolean;
  signal?: AbortSignal;
  /** Reads the answer's headers (a paged list's `Link`). */
  onHeaders?: (headers: Headers) => void;
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
 * refresh token, the auth items are cleared and the user is sent to '/'. `rejectedToken` is the access
 * token the server refused: when another tab has replaced it meanwhile, its tokens are used as they are.
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
      clearAuth();
      if (typeof window !== 'undefined' && window.location.pathname !== '/') window.location.assign('/');
      return false;
    }
  }).finally(() => {
    refreshing = null;
  });
  return refreshing;
}

/**
 * Calls the API: JSON in and out, 15 s timeout, the stored bearer token, and on a 401 one retry after a
 * shared refresh of the session.
 */
export async function api<T>(path: string, req: ApiRequest = {}): Promise<T> {
  const token = req.auth === false ? null : getAccessToken();
  try {
    return (await send(path, req, token)) as T;
  } catch (err) {
    // Only a request that carried a token can be saved by a refresh.
    if (!(err instanceof ApiError) || err.status !== 401 || !token) throw err;
    // A request that was in flight while another one refreshed must not refresh a second time: the
    // refresh token it would send has already been rotated.
    const current = getAccessToken();
    const renewed = current !== null && current !== token ? true : await refreshSession(token);
    if (!renewed) throw err;
    return (await send(path, req, getAccessToken())) as T;
  }
}

/**
 * Signs out (docs/product.md#session): revokes the refresh token on the server, clears the three auth items and reloads.
 * A failed revocation does not keep anyone signed in on this device.
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
  clearAuth();
  window.location.reload();
}

/** The text to show for a failed call: the server's message, else the offline text, else the fallback. */
export function errorText(err: unknown, fallback: string): string {
  if (err instanceof ApiError) {
    if (err.serverMessage) return err.serverMessage;
    if (err.offline) return err.message;
  }
  return fallback;
}
