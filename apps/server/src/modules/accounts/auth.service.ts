import { randomBytes } from 'node:crypto';
import { MSG, type AuthResponse, type LoginRequest, type RegisterRequest } from '@certitude/shared';
import { conflict, forbidden, unauthorized } from '../../lib/errors.js';
import type { AccountContext } from './account-context.js';
import {
  checkPasswordFailures,
  clearPasswordFailures,
  LOGIN_ATTEMPTS_PER_IP,
  LOGIN_FAILURES_PER_IP,
  recordPasswordFailure,
  REGISTER_PER_EMAIL,
  REGISTER_PER_IP,
} from './account-limits.js';
import type { EmailVerificationService } from './email-verification.service.js';
import { hashPassword, verifyPassword } from './password.js';
import { uniqueViolation } from '../../db/unique-violation.js';
import { findUserByEmail, findUserByUsername, insertUser } from './user.repository.js';

let dummyHash: Promise<string> | undefined;

/**
 * A hash of a password nobody knows, made once per process with the real cost: an unknown username is
 * checked against it, so that it takes as long to be refused as a wrong password.
 */
function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword(randomBytes(24).toString('base64url'));
  return dummyHash;
}

export class AuthService {
  constructor(
    private readonly ctx: AccountContext,
    private readonly verification: EmailVerificationService,
  ) {}

  async register(input: RegisterRequest, ip: string): Promise<{ message: string }> {
    await this.ctx.rateLimiter.consume(REGISTER_PER_IP, ip);
    await this.ctx.rateLimiter.consume(REGISTER_PER_EMAIL, input.email);
    // The contract answers 409 for a taken name or address (docs/api.md#accounts); checked before hashing, so a refusal costs little.
    if (await findUserByUsername(this.ctx.db, input.username)) throw conflict(MSG.usernameTaken);
    if (await findUserByEmail(this.ctx.db, input.email)) throw conflict(MSG.emailTaken);
    const passwordHash = await hashPassword(input.password);
    try {
      await this.ctx.db.transaction(async (tx) => {
        const user = await insertUser(tx, {
          username: input.username,
          email: input.email,
          passwordHash,
          role: 'USER',
          emailVerified: false,
        });
        await this.verification.queueLink(tx, user, user.email);
      });
    } catch (err) {
      // Two registrations racing for one name or address: the unique index decides.
      if (uniqueViolation(err) === undefined) throw err;
      const nameTaken = await findUserByUsername(this.ctx.db, input.username);
      throw conflict(nameTaken ? MSG.usernameTaken : MSG.emailTaken);
    }
    this.ctx.mail.kick();
    return { message: MSG.registered };
  }

  /**
   * One answer, and about one duration, for an unknown name, a system or password-less account and a
   * wrong password. Only a correct password learns that the address is still unverified.
   */
  async login(input: LoginRequest, ip: string): Promise<AuthResponse> {
    const limiter = this.ctx.rateLimiter;
    await limiter.consume(LOGIN_ATTEMPTS_PER_IP, ip);
    await limiter.check(LOGIN_FAILURES_PER_IP, ip);
    await checkPasswordFailures(limiter, input.username, ip);
    const found = await findUserByUsername(this.ctx.db, input.username);
    const user = found && !found.isSystem && found.passwordHash ? found : undefined;
    const valid = await verifyPassword(user?.passwordHash ?? (await dummyPasswordHash()), input.password);
    if (!user || !valid) {
      await Promise.all([
        limiter.record(LOGIN_FAILURES_PER_IP, ip),
        recordPasswordFailure(limiter, input.username, ip),
      ]);
      throw unauthorized(MSG.loginInvalid);
    }
    await clearPasswordFailures(limiter, input.username, ip);
    // Only an account that never proved any address is held back: one that moved to a new address (not proven yet,
    // perhaps mistyped) still signs in, and its profile offers to send the link again.
    if (!user.emailVerified && !user.accountVerified) throw forbidden(MSG.emailNotVerified);
    return this.ctx.sessions.start(user);
  }
}
