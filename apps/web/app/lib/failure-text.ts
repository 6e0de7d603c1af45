import { ApiError } from './api-client';

/**
 * What a failed call shows: the server's own sentence for a refused request (a rule's text, "too quickly"),
 * otherwise the text for that action (docs/product.md#error-texts), also when offline or on a server fault.
 */
export function failureText(err: unknown, fallback: string): string {
  if (err instanceof ApiError && err.status >= 400 && err.status < 500 && err.serverMessage) return err.serverMessage;
  return fallback;
}
