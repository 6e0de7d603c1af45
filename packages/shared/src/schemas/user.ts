import { z } from './zod.js';
import { ROLES } from '../enums.js';
import { EMAIL_MAX, LOGIN_PASSWORD_MIN, PASSWORD_MAX, PASSWORD_MIN, USERNAME_MAX, USERNAME_MIN } from '../limits.js';
import { MSG } from '../text/messages.js';
import { passwordCriteria } from '../rules.js';
import { text } from './text.js';

export const roleSchema = z.enum(ROLES, { error: 'The role must be USER, MODERATOR or ADMIN' });

export const userSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string(),
  role: roleSchema,
  emailVerified: z.boolean(),
  createdAt: z.string(),
});
export type User = z.infer<typeof userSchema>;

export const authResponseSchema = z.object({
  token: z.string(),
  refreshToken: z.string(),
  user: userSchema,
});
export type AuthResponse = z.infer<typeof authResponseSchema>;

const username = text({ error: MSG.usernameRequired })
  .trim()
  .min(1, { error: MSG.usernameRequired, abort: true })
  .min(USERNAME_MIN, MSG.usernameLength)
  .max(USERNAME_MAX, MSG.usernameLength);

export const emailSchema = text({ error: MSG.emailRequired })
  .trim()
  .min(1, { error: MSG.emailRequired, abort: true })
  .max(EMAIL_MAX, MSG.emailInvalid)
  .pipe(z.email({ error: MSG.emailInvalid }));

export const loginRequestSchema = z.object({
  username,
  password: text({ error: MSG.passwordRequired })
    .min(1, { error: MSG.passwordRequired, abort: true })
    .min(LOGIN_PASSWORD_MIN, MSG.loginPasswordMin)
    .max(PASSWORD_MAX),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const registerRequestSchema = z
  .object({
    username: username.regex(
      /^[A-Za-z0-9_.-]+$/,
      'Username may contain only letters, numbers, dots, dashes and underscores',
    ),
    email: emailSchema,
    password: text({ error: MSG.passwordRequired })
      .min(1, { error: MSG.passwordRequired, abort: true })
      .min(PASSWORD_MIN, MSG.registerPasswordMin)
      .max(PASSWORD_MAX),
    confirmPassword: text({ error: MSG.passwordsDoNotMatch }),
  })
  .refine((v) => v.password === v.confirmPassword, { message: MSG.passwordsDoNotMatch, path: ['confirmPassword'] });
export type RegisterRequest = z.infer<typeof registerRequestSchema>;

/** The change-password rule (docs/product.md#accounts): each missing kind of character has its own message. */
export const newPasswordSchema = text({ error: MSG.passwordRequired })
  .min(PASSWORD_MIN, MSG.passwordTooShort)
  .max(PASSWORD_MAX)
  .regex(/[a-z]/, MSG.passwordNeedsLowercase)
  .regex(/[A-Z]/, MSG.passwordNeedsUppercase)
  .regex(/[0-9]/, MSG.passwordNeedsNumber);

export const changePasswordRequestSchema = z.object({
  currentPassword: text({ error: MSG.currentPasswordRequired }).min(1, MSG.currentPasswordRequired).max(PASSWORD_MAX),
  newPassword: newPasswordSchema,
});

export const changeEmailRequestSchema = z.object({
  newEmail: text({ error: MSG.newEmailRequired }).trim().min(1, MSG.newEmailRequired).pipe(emailSchema),
  password: text({ error: MSG.currentPasswordRequired }).min(1, MSG.currentPasswordRequired).max(PASSWORD_MAX),
});

export const resetPasswordRequestSchema = z
  .object({
    token: text().min(1, MSG.resetInvalidToken).max(200),
    password: text({ error: MSG.resetPasswordRule })
      .max(PASSWORD_MAX)
      .refine((p) => Object.values(passwordCriteria(p)).every(Boolean), MSG.resetPasswordRule),
    confirmPassword: text({ error: MSG.passwordsDoNotMatch }),
  })
  .refine((v) => v.password === v.confirmPassword, { message: MSG.passwordsDoNotMatch, path: ['confirmPassword'] });

export const forgotPasswordRequestSchema = z.object({ email: emailSchema });
export const resendVerificationRequestSchema = z.object({ email: emailSchema });
export const refreshRequestSchema = z.object({ refreshToken: text().min(1).max(200) });
export const logoutRequestSchema = z.object({ refreshToken: text().min(1).max(200) });
export const tokenQuerySchema = z.object({ token: text().max(200).optional() });

export const verifyEmailResponseSchema = z.object({ success: z.boolean(), message: z.string() });
export const validResetTokenResponseSchema = z.object({ valid: z.literal(true) });
