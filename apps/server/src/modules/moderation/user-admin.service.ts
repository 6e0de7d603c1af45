import { MSG, type AdminUser, type Role, type User } from '@certitude/shared';
import type { Database } from '../../db/client.js';
import { badRequest, forbidden, notFound } from '../../lib/errors.js';
import type { Viewer } from '../../plugins/auth.js';
import { presentUser } from '../accounts/user.presenter.js';
import { findUserById, updateUserRole } from '../accounts/member-account.service.js';
import { appendModerationEntry } from './moderation-log.repository.js';
import type { SuspensionService } from './suspension.service.js';
import { lockAdmins, searchUsers } from './user-admin.repository.js';

/** Members and their roles, for admins (docs/api.md#moderation). */
export class UserAdminService {
  constructor(
    private readonly db: Database,
    private readonly suspensions: SuspensionService,
  ) {}

  /** With each member's suspension in force (docs/api.md#moderation). */
  async search(q: string | undefined): Promise<AdminUser[]> {
    return this.suspensions.withSuspensions(await searchUsers(this.db, q));
  }

  /** Nobody changes their own role, and the last admin stays an admin; every change is on the record. */
  async changeRole(id: number, role: Role, viewer: Viewer): Promise<User> {
    if (id === viewer.id) throw forbidden(MSG.cannotChangeOwnRole);
    return this.db.transaction(async (tx) => {
      const admins = await lockAdmins(tx);
      const target = await findUserById(tx, id);
      if (!target) throw notFound(MSG.userNotFound);
      if (target.isSystem) throw badRequest(MSG.systemAccountRole);
      if (target.role === role) return presentUser(target);
      if (target.role === 'ADMIN' && admins.length <= 1) throw badRequest(MSG.lastAdmin);
      const updated = await updateUserRole(tx, id, role);
      await appendModerationEntry(tx, {
        moderatorId: viewer.id,
        moderatorUsername: viewer.username,
        action: 'CHANGE_ROLE',
        itemType: 'user',
        itemId: id,
        itemLabel: target.username,
        reason: `${target.role} -> ${role}`,
      });
      return presentUser(updated!);
    });
  }
}
