import { MSG } from '@certitude/shared';
import { limitRule, type RateLimiter, type RateLimitRule } from '../../lib/rate-limiter.js';

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
export const LOGIN_FAILURES_PER_IP = limitRule('login-fail-ip', 6, minute, MSG.loginTooMany);
/** Every login attempt from one address, successful or not: a bound on bursts and on hashing work. */
export const LOGIN_ATTEMPTS_PER_IP = limitRule('login-ip', 30, minute, MSG.loginTooMany);
/**
 * Failed passwords (logins and re-checks) for one account from one address: a handful a minute. Only that
 * address is refused; the owner elsewhere is not (decision 0014).
 */
const LOGIN_FAILURES_PER_ACCOUNT_IP = limitRule('login-fail-user-ip', 5, minute, MSG.loginTooMany);
/**
 * Failed passwords for one account from anywhere, over an hour. Never a refusal, which would let anyone lock
 * a chosen member out: it slows every further attempt on the account down (`loginDelayMs`).
 */
export const LOGIN_FAILURES_PER_ACCOUNT_HOURLY: RateLimitRule = {
  name: 'login-fail-user-h',
  max: Number.MAX_SAFE_INTEGER,
  windowSeconds: hour,
};
/**
 * Every password re-check (change-password, change-email) of one account from one address, right or wrong:
 * each costs an argon2 hash, and a member changes these a few times a year.
 */
const REAUTH_PER_ACCOUNT_IP = limitRule('reauth-user-ip', 10, hour, MSG.tooManyRequests);

/** Failures an account takes before attempts on it slow down, the added wait per failure, and its ceiling. */
const LOGIN_SLOWDOWN = { freeFailures: 5, stepMs: 100, maxMs: 2_000 } as const;

/** The wait before a password is checked, for an account that failed `failures` times in the last hour. */
export function loginDelayMs(failures: number): number {
  const over = failures - LOGIN_SLOWDOWN.freeFailures;
  return over <= 0 ? 0 : Math.min(LOGIN_SLOWDOWN.maxMs, over * LOGIN_SLOWDOWN.stepMs);
}

/** New accounts from one address. */
export const REGISTER_PER_IP = limitRule('register-ip', 20, hour, MSG.tooManyRequests);
/** Attempts to register one email address (each success mails it). */
export const REGISTER_PER_EMAIL = limitRule('register-email', 5, hour, MSG.tooManyRequests);

/** Reset links asked from one address, and for one mailbox (no mail-bombing through us). */
export const FORGOT_PER_IP = limitRule('forgot-ip', 10, hour, MSG.forgotTooMany);
export const FORGOT_PER_EMAIL = limitRule('forgot-email', 3, hour, MSG.forgotTooMany);

/** New verification links asked from one address, and for one mailbox. */
export const RESEND_PER_IP = limitRule('resend-ip', 10, hour, MSG.tooManyRequests);
export const RESEND_PER_EMAIL = limitRule('resend-email', 3, hour, MSG.tooManyRequests);

/**
 * Wrong verification and reset tokens from one address. 256-bit tokens cannot be guessed anyway; this
 * stops a scanner from trying, and costs an honest visitor nothing (one bad link is one failure).
 */
export const TOKEN_FAILURES_PER_IP = limitRule('token-fail-ip', 20, hour, MSG.tooManyRequests);

const accountAtAddress = (username: string, ip: string) => `${username}|${ip}`;

/**
 * Before a password is checked (login or re-check): 429 when this address has failed too often on this account,
 * else a wait that grows with the account's failures from anywhere. The wait comes before the check whatever the
 * password, so that its length says nothing about it.
 */
export async function checkPasswordFailures(limiter: RateLimiter, username: string, ip: string) {
  await limiter.check(LOGIN_FAILURES_PER_ACCOUNT_IP, accountAtAddress(username, ip));
  const delay = loginDelayMs(await limiter.count(LOGIN_FAILURES_PER_ACCOUNT_HOURLY, username));
  if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay));
}

export async function recordPasswordFailure(limiter: RateLimiter, username: string, ip: string) {
  await Promise.all([
    limiter.record(LOGIN_FAILURES_PER_ACCOUNT_IP, accountAtAddress(username, ip)),
    limiter.record(LOGIN_FAILURES_PER_ACCOUNT_HOURLY, username),
  ]);
}

/** A right password from this address: its own failures on the account are forgiven (others' are not). */
export async function clearPasswordFailures(limiter: RateLimiter, username: string, ip: string) {
  await limiter.reset(LOGIN_FAILURES_PER_ACCOUNT_IP, accountAtAddress(username, ip));
}

/** Counts a password re-check of a signed-in member: 429 past REAUTH_PER_ACCOUNT_IP. */
export async function consumeReauthentication(limiter: RateLimiter, username: string, ip: string) {
  await limiter.consume(REAUTH_PER_ACCOUNT_IP, accountAtAddress(username, ip));
}
