import { MSG } from '@certitude/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api-client';
import {
  forgotPasswordErrorText,
  loginErrorText,
  profileErrorText,
  registerErrorText,
  resetPasswordErrorText,
  resetTokenErrorText,
} from './auth-errors';

const failed = (status: number, message?: string) => new ApiError(status, message ?? 'x', message);
const offline = new ApiError(0, MSG.offline, undefined);
const timedOut = new ApiError(0, MSG.requestTimedOut, undefined);

afterEach(() => vi.unstubAllGlobals());

describe('the error texts of the account screens', () => {
  it.each([
    [failed(401, 'Invalid username or password'), MSG.loginInvalid],
    [failed(429, 'slow down'), MSG.loginTooMany],
    [failed(500, 'boom'), MSG.serverError],
    [failed(503), MSG.serverError],
    [failed(403, MSG.emailNotVerified), MSG.emailNotVerified],
    [offline, MSG.offline],
    [timedOut, MSG.requestTimedOut],
    [failed(400), MSG.loginFailedDefault],
    [new Error('anything'), MSG.loginFailedDefault],
  ])('login: %s -> %s', (err, text) => {
    expect(loginErrorText(err)).toBe(text);
  });

  it('login: the browser saying it is offline gives the offline text', () => {
    vi.stubGlobal('navigator', { onLine: false });
    expect(loginErrorText(new TypeError('Failed to fetch'))).toBe(MSG.offline);
  });

  it.each([
    [failed(409, MSG.usernameTaken), MSG.usernameTaken],
    [failed(500), MSG.registerFailed],
    [offline, MSG.offline],
  ])('register: %s -> %s', (err, text) => {
    expect(registerErrorText(err)).toBe(text);
  });

  it.each([
    [failed(429, 'x'), MSG.forgotTooMany],
    [failed(502, 'x'), MSG.serverError],
    [failed(400, MSG.emailInvalid), MSG.emailInvalid],
    [offline, MSG.offline],
    [failed(418), MSG.forgotFailed],
  ])('forgot password: %s -> %s', (err, text) => {
    expect(forgotPasswordErrorText(err)).toBe(text);
  });

  it.each([
    [failed(400, 'expired'), MSG.resetInvalidToken],
    [failed(404), MSG.resetInvalidToken],
    [failed(500), MSG.resetValidateFailed],
    [offline, MSG.resetValidateFailed],
  ])('reset token check: %s -> %s', (err, text) => {
    expect(resetTokenErrorText(err)).toBe(text);
  });

  it.each([
    [failed(400, MSG.resetPasswordRule), MSG.resetPasswordRule],
    [failed(400), MSG.resetBadRequest],
    [failed(429, 'x'), MSG.forgotTooMany],
    [failed(500, 'x'), MSG.serverError],
    [offline, MSG.offline],
    [failed(409), MSG.resetFailed],
  ])('reset password: %s -> %s', (err, text) => {
    expect(resetPasswordErrorText(err)).toBe(text);
  });

  it.each([
    [failed(401, 'The current password is incorrect'), 'The current password is incorrect'],
    [offline, MSG.networkError],
    [failed(500), MSG.updatePasswordFailed],
  ])('profile: %s -> %s', (err, text) => {
    expect(profileErrorText(err, MSG.updatePasswordFailed)).toBe(text);
  });
});
