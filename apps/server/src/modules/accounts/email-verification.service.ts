import { EMAIL_VERIFICATION_TTL_HOURS, MSG } from '@certitude/shared';
import type { Executor } from '../../db/client.js';
import { badRequest } from '../../lib/errors.js';
import { verifyEmailMail } from '../../mail/templates/account-mails.js';
import { enqueueMail } from '../../mail/outbox.repository.js';
import type { AccountContext } from './account-context.js';
import { RESEND_PER_EMAIL, RESEND_PER_IP, TOKEN_FAILURES_PER_IP } from './account-limits.js';
import { findEmailToken, insertEmailToken, markEmailTokenUsed } from './email-token.repository.js';
import { hashToken, newSecretToken, sameHash } from './secret-token.js';
import { findUserByEmail, findUserById, updateUser, type UserRow } from './user.repository.js';

const TTL_MS = EMAIL_VERIFICATION_TTL_HOURS * 3_600_000;

/** The 400 of the verify call carries `success: false` (docs/api.md#errors). */
const failed = (message: string) => badRequest(message, { success: false });

const sameAddress = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

export class EmailVerificationService {
  constructor(private readonly ctx: AccountContext) {}

  /**
   * Queues a verification link for `email` in the caller's transaction. The token names the address it
   * confirms, so a link sent before an email change cannot verify the address that replaced it.
   */
  async queueLink(tx: Executor, user: Pick<UserRow, 'id' | 'username'>, email: string) {
    const { token, hash } = newSecretToken();
    await insertEmailToken(tx, {
      userId: user.id,
      purpose: 'VERIFY_EMAIL',
      tokenHash: hash,
      email,
      expiresAt: new Date(Date.now() + TTL_MS),
    });
    await enqueueMail(
      tx,
      verifyEmailMail({ to: email, username: user.username, publicUrl: this.ctx.config.publicUrl, token }),
    );
  }

  async verify(token: string | undefined, ip: string): Promise<{ success: true; message: string }> {
    if (!token) throw failed(MSG.noVerificationToken);
    await this.ctx.rateLimiter.check(TOKEN_FAILURES_PER_IP, ip);
    const tokenHash = hashToken(token);
    const now = new Date();
    const verified = await this.ctx.db.transaction(async (tx) => {
      const row = await findEmailToken(tx, 'VERIFY_EMAIL', tokenHash, { lock: true });
      if (!row || !sameHash(row.tokenHash, tokenHash) || row.usedAt || row.expiresAt <= now) return false;
      const user = await findUserById(tx, row.userId);
      if (!user || !sameAddress(user.email, row.email)) return false;
      await markEmailTokenUsed(tx, row.id, now);
      await updateUser(tx, user.id, { emailVerified: true });
      return true;
    });
    if (!verified) {
      await this.ctx.rateLimiter.record(TOKEN_FAILURES_PER_IP, ip);
      throw failed(MSG.verificationFailed);
    }
    return { success: true, message: MSG.emailVerifiedDone };
  }

  /** The same answer whether or not the address has an account waiting for verification. */
  async resend(email: string, ip: string): Promise<{ message: string }> {
    await this.ctx.rateLimiter.consume(RESEND_PER_IP, ip);
    await this.ctx.rateLimiter.consume(RESEND_PER_EMAIL, email);
    const user = await findUserByEmail(this.ctx.db, email);
    if (user && !user.isSystem && !user.emailVerified) {
      this.ctx.defer(async () => {
        await this.ctx.db.transaction((tx) => this.queueLink(tx, user, user.email));
        this.ctx.mail.kick();
      });
    }
    return { message: MSG.verificationLinkSent };
  }
}
