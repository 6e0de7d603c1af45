import type { AuthResponse, LoginRequest, RegisterRequest, User } from '@certitude/shared';
import { api } from '../../lib/api-client';

/** The calls of the account screens (docs/api.md#accounts). Calls made before sign-in carry no token. */

interface MessageAnswer {
  message?: string;
}

export function login(body: LoginRequest) {
  return api<AuthResponse>('/auth/login', { method: 'POST', body, auth: false });
}

export function register(body: RegisterRequest) {
  return api<MessageAnswer>('/auth/register', { method: 'POST', body, auth: false });
}

export function requestPasswordReset(email: string) {
  return api<MessageAnswer>('/auth/forgot-password', { method: 'POST', body: { email }, auth: false });
}

export function validateResetToken(token: string) {
  return api<{ valid: true }>(`/auth/validate-reset-token?token=${encodeURIComponent(token)}`, { auth: false });
}

export function resetPassword(body: { token: string; password: string; confirmPassword: string }) {
  return api<MessageAnswer>('/auth/reset-password', { method: 'POST', body, auth: false });
}

export function verifyEmail(token: string) {
  return api<{ success: boolean; message: string }>(
    `/api/email-verification/verify?token=${encodeURIComponent(token)}`,
    { method: 'POST', auth: false },
  );
}

export function resendVerification(email: string) {
  return api<MessageAnswer>('/api/email-verification/resend', { method: 'POST', body: { email }, auth: false });
}

/**
 * The session of a finished social sign-in: the server exchanges the one-time code it left in this browser's
 * httpOnly cookie (sent with this same-origin call), once. No token ever travels in the callback's address.
 */
export function exchangeSocialSignIn() {
  return api<AuthResponse>('/auth/oauth/session', { method: 'POST', auth: false });
}

export function fetchProfile() {
  return api<User>('/api/user/profile');
}

export function changePassword(body: { currentPassword: string; newPassword: string }) {
  return api<MessageAnswer>('/api/user/change-password', { method: 'PUT', body });
}

export function changeEmail(body: { newEmail: string; password: string }) {
  return api<User>('/api/user/change-email', { method: 'PUT', body });
}
