import {
  authResponseSchema,
  messageResponseSchema,
  userSchema,
  validResetTokenResponseSchema,
  verifyEmailResponseSchema,
  type LoginRequest,
  type RegisterRequest,
} from '@certitude/shared';
import { api } from '../../lib/api-client';

/** The calls of the account screens (docs/api.md#accounts). Calls made before sign-in carry no token. */

export function login(body: LoginRequest) {
  return api('/auth/login', { method: 'POST', body, auth: false, schema: __CHECK_ANSWERS__ && authResponseSchema });
}

export function register(body: RegisterRequest) {
  return api('/auth/register', {
    method: 'POST',
    body,
    auth: false,
    schema: __CHECK_ANSWERS__ && messageResponseSchema,
  });
}

export function requestPasswordReset(email: string) {
  return api('/auth/forgot-password', {
    method: 'POST',
    body: { email },
    auth: false,
    schema: __CHECK_ANSWERS__ && messageResponseSchema,
  });
}

export function validateResetToken(token: string) {
  return api(`/auth/validate-reset-token?token=${encodeURIComponent(token)}`, {
    auth: false,
    schema: __CHECK_ANSWERS__ && validResetTokenResponseSchema,
  });
}

export function resetPassword(body: { token: string; password: string; confirmPassword: string }) {
  return api('/auth/reset-password', {
    method: 'POST',
    body,
    auth: false,
    schema: __CHECK_ANSWERS__ && messageResponseSchema,
  });
}

export function verifyEmail(token: string) {
  return api(`/api/email-verification/verify?token=${encodeURIComponent(token)}`, {
    method: 'POST',
    auth: false,
    schema: __CHECK_ANSWERS__ && verifyEmailResponseSchema,
  });
}

export function resendVerification(email: string) {
  return api('/api/email-verification/resend', {
    method: 'POST',
    body: { email },
    auth: false,
    schema: __CHECK_ANSWERS__ && messageResponseSchema,
  });
}

/**
 * The session of a finished social sign-in: the server exchanges the one-time code it left in this browser's
 * httpOnly cookie (sent with this same-origin call), once. No token ever travels in the callback's address.
 */
export function exchangeSocialSignIn() {
  return api('/auth/oauth/session', { method: 'POST', auth: false, schema: __CHECK_ANSWERS__ && authResponseSchema });
}

export function fetchProfile() {
  return api('/api/user/profile', { schema: __CHECK_ANSWERS__ && userSchema });
}

export function changePassword(body: { currentPassword: string; newPassword: string }) {
  return api('/api/user/change-password', { method: 'PUT', body, schema: __CHECK_ANSWERS__ && messageResponseSchema });
}

export function changeEmail(body: { newEmail: string; password: string }) {
  return api('/api/user/change-email', { method: 'PUT', body, schema: __CHECK_ANSWERS__ && userSchema });
}
