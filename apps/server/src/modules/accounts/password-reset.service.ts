import { MSG, PASSWORD_RESET_TTL_HOURS } from '@certitude/shared';
import { badRequest } from '../../lib/errors.js';
import { enqueueMail } from '../../mail/outbox.repository.js';
import { passwordChangedMail, resetPasswordMail } from '../../mail/templates/account-mails.js';
import type { AccountContext } from './account-context.js';
import { FORGOT_PER_EMAIL, FORGOT_PER_IP, TOKEN_FAILURES_PER_IP } from './account-limits.js';
import { findEmailToken, insertEmailToken, useEmailTokens, type EmailTokenRow } from './email-token.repository.js';
import { hashPassword } from './password.js';
import { revokeUserRefreshTokens } from './refresh-token.repository.js';
import { hashToken, newSecretToken, sameHash } from './secret-token.js';
import { findUserByEmail, findUserById, updateUser } from './user.repository.js';
import type { Executor } from '../../db/client.js';

const TTL_MS = PASSWORD_RESET_TTL_HOURS * 3_600_000;

const sameAddress = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** Forgotten passwords: a one-hour, single-use link to the account's address; a reset ends every session. */
export class PasswordResetService {
  constructor(private readonly ctx: AccountContext) {}

  /** The same answer whether or not the address has an account. */
  async requestReset(email: string, ip: string): Promise<{ message: string }> {
    await this.ctx.rateLimiter.consume(FORGOT_PER_IP, ip);
    await this.ctx.rateLimiter.consume(FORGOT_PER_EMAIL, email);
    const user = await findUserByEmail(this.ctx.db, email);
    if (user && !user.isSystem) {
      this.ctx.defer(async () => {
        const { token, hash } = newSecretToken();
        await this.ctx.db.transaction(async (tx) => {
          await insertEmailToken(tx, {
            userId: user.id,
            purpose: 'RESET_PASSWORD',
            tokenHash: hash,
            email: user.email,
            expiresAt: new Date(Date.now() + TTL_MS),
          });
          await enqueueMail(
            tx,
            resetPasswordMail({ to: user.email, username: user.username, publicUrl: this.ctx.config.publicUrl, token }),
          );
        });
        this.ctx.mail.kick();
      });
    }
    return { message: MSG.resetLinkSent };
  }

  async validate(token: string | undefined, ip: string): Promise<{ valid: true }> {
    await this.ctx.rateLimiter.check(TOKEN_FAILURES_PER_IP, ip);
    if (!token || !(await this.usableToken(this.ctx.db, token))) return this.reject(ip);
    return { valid: true };
  }

  async reset(input: { token: string; password: string }, ip: string): Promise<{ message: string }> {
    await this.ctx.rateLimiter.check(TOKEN_FAILURES_PER_IP, ip);
    // A cheap look first, so that a wrong token costs no hashing.
    if (!(await this.usableToken(this.ctx.db, input.token))) return this.reject(ip);
    const passwordHash = await hashPassword(input.password);
    const now = new Date();
    const user = await this.ctx.db.transaction(async (tx) => {
      const row = await this.usableToken(tx, input.token, true);
      if (!row) return undefined;
      const owner = await findUserById(tx, row.userId);
      if (!owner || owner.isSystem || !sameAddress(owner.email, row.email)) return undefined;
      // The link reached the account's mailbox: that also proves the address.
      await updateUser(tx, owner.id, { passwordHash, emailVerified: true });
      await useEmailTokens(tx, owner.id, 'RESET_PASSWORD', now);
      await revokeUserRefreshTokens(tx, owner.id, now);
      await enqueueMail(tx, passwordChangedMail({ to: owner.email, username: owner.username, how: 'reset' }));
      return owner;
    });
    if (!user) return this.reject(ip);
    this.ctx.sessions.announceEnded();
    this.ctx.mail.kick();
    return { message: MSG.passwordResetDone };
  }

  /**
   * An open, unexpired link whose address is still the account's: a link mailed to an address the account has
   * since left must not reset it (the email change also uses such links up).
   */
  private async usableToken(db: Executor, token: string, lock = false): Promise<EmailTokenRow | undefined> {
    const tokenHash = hashToken(token);
    const row = await findEmailToken(db, 'RESET_PASSWORD', tokenHash, { lock });
    if (!row || !sameHash(row.tokenHash, tokenHash) || row.usedAt || row.expiresAt <= new Date()) return undefined;
    const owner = await findUserById(db, row.userId);
    if (!owner || !sameAddress(owner.email, row.email)) return undefined;
    return row;
  }

  private async reject(ip: string): Promise<never> {
    await this.ctx.rateLimiter.record(TOKEN_FAILURES_PER_IP, ip);
    throw badRequest(MSG.resetInvalidToken);
  }
}
