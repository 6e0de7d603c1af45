/* The request every test helper's `call` sends (imported by the support files only). */
import type { TestApp } from '../app.js';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** A request to the app with these headers, and a JSON body when `payload` is given. */
export function injectWith(
  t: TestApp,
  headers: Record<string, string>,
  method: Method,
  url: string,
  payload?: unknown,
) {
  return t.app.inject({
    method,
    url,
    headers,
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}
