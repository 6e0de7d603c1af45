import { MSG, type User } from '@certitude/shared';
import { badRequest, conflict, unauthorized } from '../../lib/errors.js';
import { enqueueMail } from '../../mail/outbox.repository.js';
import { emailChangedMail, passwordChangedMail } from '../../mail/templates/account-mails.js';
import type { Viewer } from '../../plugins/auth.js';
import type { AccountContext } from './account-context.js';
import { checkPasswordFailures, recordPasswordFailure } from './account-limits.js';
import type { EmailVerificationService } from './email-verification.service.js';
import { hashPassword, verifyPassword } from './password.js';
import { revokeUserRefreshTokens } from './refresh-token.repository.js';
import { presentUser } from './user.presenter.js';
import { findUserByEmail, findUserById, uniqueViolation, updateUser, type UserRow } from './user.repository.js';

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
  ): Promise<{ message: string }> {
    const user = await this.reauthenticate(viewer, input.currentPassword, MSG.currentPasswordIncorrect);
    const passwordHash = await hashPassword(input.newPassword);
    await this.ctx.db.transaction(async (tx) => {
      await updateUser(tx, user.id, { passwordHash });
      await revokeUserRefreshTokens(tx, user.id, new Date(), sessionId);
      await enqueueMail(tx, passwordChangedMail({ to: user.email, username: user.username, how: 'changed' }));
    });
    this.ctx.mail.kick();
    return { message: MSG.passwordChanged };
  }

  /**
   * The new address replaces the old one at once and must be verified before the next sign-in; the old
   * address is told, so that its owner notices a change they did not make.
   */
  async changeEmail(viewer: Viewer, input: { newEmail: string; password: string }): Promise<User> {
    const user = await this.reauthenticate(viewer, input.password, MSG.passwordIncorrect);
    if (user.email.toLowerCase() === input.newEmail.toLowerCase()) throw badRequest(MSG.emailUnchanged);
    if (await findUserByEmail(this.ctx.db, input.newEmail)) throw conflict(MSG.emailTaken);
    let updated: UserRow | undefined;
    try {
      updated = await this.ctx.db.transaction(async (tx) => {
        const row = await updateUser(tx, user.id, { email: input.newEmail, emailVerified: false });
        await enqueueMail(tx, emailChangedMail({ to: user.email, username: user.username, newEmail: input.newEmail }));
        await this.verification.queueLink(tx, user, input.newEmail);
        return row;
      });
    } catch (err) {
      if (uniqueViolation(err) !== undefined) throw conflict(MSG.emailTaken);
      throw err;
    }
    this.ctx.mail.kick();
    return presentUser(updated ?? user);
  }

  private async load(viewer: Viewer): Promise<UserRow> {
    const user = await findUserById(this.ctx.db, viewer.id);
    if (!user || user.isSystem) throw unauthorized(MSG.sessionInvalid);
    return user;
  }

  /** The password again, under the same failure limits as a login: a stolen access token is not enough. */
  private async reauthenticate(viewer: Viewer, password: string, wrongMessage: string): Promise<UserRow> {
    const user = await this.load(viewer);
    await checkPasswordFailures(this.ctx.rateLimiter, user.username);
    if (!user.passwordHash) throw badRequest(MSG.noPasswordSet);
    if (!(await verifyPassword(user.passwordHash, password))) {
      await recordPasswordFailure(this.ctx.rateLimiter, user.username);
      throw unauthorized(wrongMessage);
    }
    return user;
  }
}
