import { MSG } from '@certitude/shared';
import { ApiError } from '../../lib/api-client';

/** The texts of docs/product.md#error-texts for each account call, chosen from the status of a failed request. */

function offlineText(err: unknown): string | null {
  // The client's own text tells a timeout from a dropped connection.
  if (err instanceof ApiError && err.offline) return err.message;
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return MSG.offline;
  return null;
}

export function loginErrorText(err: unknown): string {
  if (err instanceof ApiError) {
    if (err.status === 401) return MSG.loginInvalid;
    if (err.status === 429) return MSG.loginTooMany;
    if (err.status >= 500) return MSG.serverError;
    if (err.serverMessage) return err.serverMessage;
  }
  return offlineText(err) ?? MSG.loginFailedDefault;
}

export function registerErrorText(err: unknown): string {
  if (err instanceof ApiError && err.serverMessage) return err.serverMessage;
  return offlineText(err) ?? MSG.registerFailed;
}

export function forgotPasswordErrorText(err: unknown): string {
  if (err instanceof ApiError) {
    if (err.status === 429) return MSG.forgotTooMany;
    if (err.status >= 500) return MSG.serverError;
    if (err.serverMessage) return err.serverMessage;
  }
  return offlineText(err) ?? MSG.forgotFailed;
}

/** Any 4xx means the link is bad; no answer or a server error means we could not tell. */
export function resetTokenErrorText(err: unknown): string {
  if (err instanceof ApiError && err.status >= 400 && err.status < 500) return MSG.resetInvalidToken;
  return MSG.resetValidateFailed;
}

export function resetPasswordErrorText(err: unknown): string {
  if (err instanceof ApiError) {
    if (err.status === 400) return err.serverMessage ?? MSG.resetBadRequest;
    if (err.status === 429) return MSG.forgotTooMany;
    if (err.status >= 500) return MSG.serverError;
    if (err.serverMessage) return err.serverMessage;
  }
  return offlineText(err) ?? MSG.resetFailed;
}

/** The profile forms show 'Network error' rather than the offline text (docs/product.md#error-texts, profile). */
export function profileErrorText(err: unknown, fallback: string): string {
  if (err instanceof ApiError) {
    if (err.offline) return MSG.networkError;
    if (err.serverMessage) return err.serverMessage;
  }
  return fallback;
}
