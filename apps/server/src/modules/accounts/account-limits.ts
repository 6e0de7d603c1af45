import { MSG } from '@certitude/shared';
import type { RateLimiter, RateLimitRule } from '../../lib/rate-limiter.js';

/*
 * The limits of the account calls. Anchors: Discourse lets one address try 6 logins a minute
 * (max_logins_per_ip_per_minute); OWASP ASVS 2.2.1 allows at most 100 failed attempts an hour on one
 * account. Failures, not successes, are what the strict limits count, so that an office or a test suite
 * behind one address can keep signing in; a looser count of every attempt bounds a burst that would
 * otherwise slip through between the check and the record, and the argon2 work one address can ask for.
 * Keys are case-folded by the limiter, and unknown usernames are limited exactly like known ones.
 */

const minute = 60;
const hour = 3_600;

/** Failed logins from one address: Discourse's 6 a minute. */
export const LOGIN_FAILURES_PER_IP: RateLimitRule = {
  name: 'login-fail-ip',
  max: 6,
  windowSeconds: minute,
  message: MSG.loginTooMany,
};
/** Every login attempt from one address, successful or not: a bound on bursts and on hashing work. */
export const LOGIN_ATTEMPTS_PER_IP: RateLimitRule = {
  name: 'login-ip',
  max: 30,
  windowSeconds: minute,
  message: MSG.loginTooMany,
};
/** Failed logins (and failed re-authentications) on one account: a handful a minute… */
export const LOGIN_FAILURES_PER_ACCOUNT: RateLimitRule = {
  name: 'login-fail-user',
  max: 5,
  windowSeconds: minute,
  message: MSG.loginTooMany,
};
/** …and ASVS's 100 an hour, which no rotation of addresses gets around. */
export const LOGIN_FAILURES_PER_ACCOUNT_HOURLY: RateLimitRule = {
  name: 'login-fail-user-h',
  max: 100,
  windowSeconds: hour,
  message: MSG.loginTooMany,
};

/** New accounts from one address. */
export const REGISTER_PER_IP: RateLimitRule = {
  name: 'register-ip',
  max: 20,
  windowSeconds: hour,
  message: MSG.tooManyRequests,
};
/** Attempts to register one email address (each success mails it). */
export const REGISTER_PER_EMAIL: RateLimitRule = {
  name: 'register-email',
  max: 5,
  windowSeconds: hour,
  message: MSG.tooManyRequests,
};

/** Reset links asked from one address, and for one mailbox (no mail-bombing through us). */
export const FORGOT_PER_IP: RateLimitRule = {
  name: 'forgot-ip',
  max: 10,
  windowSeconds: hour,
  message: MSG.forgotTooMany,
};
export const FORGOT_PER_EMAIL: RateLimitRule = {
  name: 'forgot-email',
  max: 3,
  windowSeconds: hour,
  message: MSG.forgotTooMany,
};

/** New verification links asked from one address, and for one mailbox. */
export const RESEND_PER_IP: RateLimitRule = {
  name: 'resend-ip',
  max: 10,
  windowSeconds: hour,
  message: MSG.tooManyRequests,
};
export const RESEND_PER_EMAIL: RateLimitRule = {
  name: 'resend-email',
  max: 3,
  windowSeconds: hour,
  message: MSG.tooManyRequests,
};

/**
 * Wrong verification and reset tokens from one address. 256-bit tokens cannot be guessed anyway; this
 * stops a scanner from trying, and costs an honest visitor nothing (one bad link is one failure).
 */
export const TOKEN_FAILURES_PER_IP: RateLimitRule = {
  name: 'token-fail-ip',
  max: 20,
  windowSeconds: hour,
  message: MSG.tooManyRequests,
};

/** Throws 429 when any of the account's password-failure limits is reached. */
export async function checkPasswordFailures(limiter: RateLimiter, username: string) {
  await limiter.check(LOGIN_FAILURES_PER_ACCOUNT, username);
  await limiter.check(LOGIN_FAILURES_PER_ACCOUNT_HOURLY, username);
}

export async function recordPasswordFailure(limiter: RateLimiter, username: string) {
  await Promise.all([
    limiter.record(LOGIN_FAILURES_PER_ACCOUNT, username),
    limiter.record(LOGIN_FAILURES_PER_ACCOUNT_HOURLY, username),
  ]);
}
