import { MSG, type User } from '@certitude/shared';
import { badRequest, unauthorized } from '../../lib/errors.js';
import { enqueueMail } from '../../mail/outbox.repository.js';
import { emailChangedMail, emailInUseMail, passwordChangedMail } from '../../mail/templates/account-mails.js';
import type { Viewer } from '../../plugins/auth.js';
import type { AccountContext } from './account-context.js';
import {
  checkPasswordFailures,
  clearPasswordFailures,
  consumeReauthentication,
  recordPasswordFailure,
} from './account-limits.js';
import { revokeOpenEmailTokens } from './email-token.repository.js';
import type { EmailVerificationService } from './email-verification.service.js';
import { hashPassword, verifyPassword } from './password.js';
import { revokeUserRefreshTokens } from './refresh-token.repository.js';
import { presentUser } from './user.presenter.js';
import { uniqueViolation } from '../../db/unique-violation.js';
import { findUserByEmail, findUserById, updateUser, type UserRow } from './user.repository.js';

/** The signed-in member's own account: profile, password, email. */
export class UserService {
  constructor(
    private readonly ctx: AccountContext,
    private readonly verification: EmailVerificationService,
  ) {}

  async profile(viewer: Viewer): Promise<User> {
    return presentUser(await this.load(viewer));
  }

  /** Keeps the session that asked (`sessionId`) and signs out every other one. */
  async changePassword(
    viewer: Viewer,
    input: { currentPassword: string; newPassword: string },
    sessionId: string | undefined,
    ip: string,
  ): Promise<{ message: string }> {
    const user = await this.reauthenticate(viewer, input.currentPassword, MSG.currentPasswordIncorrect, ip);
    const passwordHash = await hashPassword(input.newPassword);
    await this.ctx.db.transaction(async (tx) => {
      const now = new Date();
      await updateUser(tx, user.id, { passwordHash });
      await revokeUserRefreshTokens(tx, user.id, now, sessionId);
      // Reset links mailed before the change would undo it; verification links of the current address stay.
      await revokeOpenEmailTokens(tx, user.id, ['RESET_PASSWORD'], now);
      await revokeOpenEmailTokens(tx, user.id, ['VERIFY_EMAIL'], now, user.email);
      await enqueueMail(tx, passwordChangedMail({ to: user.email, username: user.username, how: 'changed' }));
    });
    this.ctx.sessions.announceEnded();
    this.ctx.mail.kick();
    return { message: MSG.passwordChanged };
  }

  /**
   * The new address replaces the old one at once and is marked unverified until its link is opened; the member
   * keeps signing in meanwhile (a mistyped address must not lock them out), and the profile offers to send the link
   * again. The old address is told, so that its owner notices a change they did not make. Every link mailed before the change
   * is used up. An address that belongs to another account gets the same answer (the account as it would be),
   * and its owner a notice instead: the call tells no one which addresses have accounts (decision 0014).
   */
  async changeEmail(viewer: Viewer, input: { newEmail: string; password: string }, ip: string): Promise<User> {
    const user = await this.reauthenticate(viewer, input.password, MSG.passwordIncorrect, ip);
    if (user.email.toLowerCase() === input.newEmail.toLowerCase()) throw badRequest(MSG.emailUnchanged);
    const asIfChanged = () => presentUser({ ...user, email: input.newEmail, emailVerified: false });
    const owner = await findUserByEmail(this.ctx.db, input.newEmail);
    if (owner) return this.addressTaken(owner, asIfChanged);
    let updated: UserRow | undefined;
    try {
      updated = await this.ctx.db.transaction(async (tx) => {
        const now = new Date();
        // The account stays proven (it signs in) while the new address waits for its link.
        const row = await updateUser(tx, user.id, {
          email: input.newEmail,
          emailVerified: false,
          accountVerified: user.accountVerified || user.emailVerified,
        });
        await revokeOpenEmailTokens(tx, user.id, ['RESET_PASSWORD', 'VERIFY_EMAIL'], now);
        await enqueueMail(tx, emailChangedMail({ to: user.email, username: user.username, newEmail: input.newEmail }));
        await this.verification.queueLink(tx, user, input.newEmail);
        return row;
      });
    } catch (err) {
      if (uniqueViolation(err) === undefined) throw err;
      // Another account took the address meanwhile.
      const racer = await findUserByEmail(this.ctx.db, input.newEmail);
      if (racer) return this.addressTaken(racer, asIfChanged);
      throw err;
    }
    this.ctx.mail.kick();
    return presentUser(updated ?? user);
  }

  private async addressTaken(owner: UserRow, answer: () => User): Promise<User> {
    if (!owner.isSystem) {
      this.ctx.defer(async () => {
        await enqueueMail(this.ctx.db, emailInUseMail({ to: owner.email, username: owner.username }));
        this.ctx.mail.kick();
      });
    }
    return answer();
  }

  private async load(viewer: Viewer): Promise<UserRow> {
    const user = await findUserById(this.ctx.db, viewer.id);
    if (!user || user.isSystem) throw unauthorized(MSG.sessionInvalid);
    return user;
  }

  /**
   * The password again: a stolen access token is not enough. Every re-check counts against the account at this
   * address (each costs a hash), and failures count like a login's: refused here, slowed down elsewhere.
   */
  private async reauthenticate(viewer: Viewer, password: string, wrongMessage: string, ip: string): Promise<UserRow> {
    const user = await this.load(viewer);
    const limiter = this.ctx.rateLimiter;
    await consumeReauthentication(limiter, user.username, ip);
    await checkPasswordFailures(limiter, user.username, ip);
    if (!user.passwordHash) throw badRequest(MSG.noPasswordSet);
    if (!(await verifyPassword(user.passwordHash, password))) {
      await recordPasswordFailure(limiter, user.username, ip);
      throw unauthorized(wrongMessage);
    }
    await clearPasswordFailures(limiter, user.username, ip);
    return user;
  }
}
