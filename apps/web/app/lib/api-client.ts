import { MSG, REQUEST_TIMEOUT_MS, STORAGE_KEYS, type AuthResponse } from '@certitude/shared';
import { clearAuth, getAccessToken, notifyAuthChanged } from './auth-store';

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
}

/** Same origin by default; a build may point the web app at another API host. */
const BASE_URL = (import.meta.env.VITE_API_BASE_URL as string | undefined)?.replace(/\/+$/, '') ?? '';

let refreshing: Promise<boolean> | null = null;

function readStorage(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

/** Stores what a sign-in or refresh returned (spec §3: accessToken, refreshToken, user). */
export function storeAuth(auth: Partial<AuthResponse> & { token: string; refreshToken: string }) {
  try {
    localStorage.setItem(STORAGE_KEYS.accessToken, auth.token);
    localStorage.setItem(STORAGE_KEYS.refreshToken, auth.refreshToken);
    if (auth.user) localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(auth.user));
  } catch {
    // storage unavailable: the session lasts as long as the page
  }
  notifyAuthChanged();
}

/**
 * One refresh at a time: concurrent 401s wait for the same refresh (spec §4). On failure, or with no
 * refresh token, the auth items are cleared and the user is sent to '/'.
 */
export function refreshSession(): Promise<boolean> {
  refreshing ??= (async () => {
    const refreshToken = readStorage(STORAGE_KEYS.refreshToken);
    try {
      if (!refreshToken) throw new Error('no refresh token');
      const res = await send('/auth/refresh', { method: 'POST', body: { refreshToken }, auth: false });
      storeAuth(res as AuthResponse);
      return true;
    } catch {
      clearAuth();
      if (typeof window !== 'undefined' && window.location.pathname !== '/') window.location.assign('/');
      return false;
    }
  })().finally(() => {
    refreshing = null;
  });
  return refreshing;
}

async function send(path: string, req: ApiRequest): Promise<unknown> {
  const headers: Record<string, string> = { 'Content-Type': 'application/json', Accept: 'application/json' };
  const token = req.auth === false ? null : getAccessToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  const timeout = AbortSignal.timeout(REQUEST_TIMEOUT_MS);
  const signal = req.signal ? AbortSignal.any([req.signal, timeout]) : timeout;
  let res: Response;
  try {
    res = await fetch(`${BASE_URL}${path}`, {
      method: req.method ?? 'GET',
      headers,
      body: req.body === undefined ? undefined : JSON.stringify(req.body),
      signal,
    });
  } catch (err) {
    if (req.signal?.aborted) throw err;
    throw new ApiError(0, timeout.aborted ? 'The request timed out. Please try again.' : MSG.offline, undefined);
  }
  const text = await res.text();
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

/**
 * Calls the API: JSON in and out, 15 s timeout, the stored bearer token, and on a 401 one retry after a
 * shared refresh of the session.
 */
export async function api<T>(path: string, req: ApiRequest = {}): Promise<T> {
  try {
    return (await send(path, req)) as T;
  } catch (err) {
    const signed = req.auth !== false && getAccessToken() !== null;
    if (err instanceof ApiError && err.status === 401 && signed) {
      if (await refreshSession()) return (await send(path, req)) as T;
    }
    throw err;
  }
}

/** The text to show for a failed call: the server's message, else the offline text, else the fallback. */
export function errorText(err: unknown, fallback: string): string {
  if (err instanceof ApiError) {
    if (err.serverMessage) return err.serverMessage;
    if (err.offline) return err.message;
  }
  return fallback;
}
