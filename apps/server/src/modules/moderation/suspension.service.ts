import {
  can,
  MSG,
  suspendedMessage,
  type AdminUser,
  type SuspendRequest,
  type SuspensionState,
} from '@certitude/shared';
import type { Database, Executor } from '../../db/client.js';
import type { ChangeAnnouncer } from '../../lib/changes.js';
import type { Clock } from '../../lib/clock.js';
import { badRequest, conflict, forbidden, HttpError, notFound } from '../../lib/errors.js';
import type { Viewer } from '../../plugins/auth.js';
import { revokeUserRefreshTokens, type UserRow } from '../accounts/member-account.service.js';
import { presentUser } from '../accounts/user.presenter.js';
import { appendModerationEntry } from './moderation-log.repository.js';
import { presentSuspension } from './suspension.presenter.js';
import {
  findActiveAdmins,
  findSuspensionHistory,
  findSuspensionInForce,
  findSuspensionsInForce,
  insertSuspension,
  liftSuspensionsInForce,
  type SuspensionRecord,
} from './suspension.repository.js';
import { lockAdmins, lockUser } from './user-admin.repository.js';

/** How other modules' queries leave out suspended members: in force at `now` (docs/architecture.md#module-boundaries). */
export { suspendedAt } from './suspension.repository.js';

const DAY_MS = 24 * 3_600_000;

export interface SuspensionDeps {
  db: Database;
  now: Clock;
  /** Told of a `member` change after a suspension or a lift committed: the member's profile is shown or not. */
  changes: ChangeAnnouncer;
}

/** The 403 of a sign-in of a suspended member: the shared sentence, with the reason and the end apart. */
function suspendedError(row: Pick<SuspensionRecord, 'reason' | 'endsAt'>): HttpError {
  const endsAt = row.endsAt?.toISOString() ?? null;
  return new HttpError(403, suspendedMessage(row.reason, endsAt), {}, { reason: row.reason, endsAt });
}

/**
 * Suspensions of accounts (docs/product.md#suspensions, decision 27). A moderator suspends members (USER), an admin
 * anybody but the last admin not suspended; nobody their own account or the system account. The rule of who may is
 * the shared policy's `user:suspend`; the server adds the last admin. A suspension is in force while it is not lifted
 * and its end is ahead of the clock, so it ends by itself at its end with nothing to run.
 */
export class SuspensionService {
  constructor(private readonly deps: SuspensionDeps) {}

  now(): Date {
    return this.deps.now();
  }

  /** The suspension in force of an account, if any. */
  inForce(userId: number, db: Executor = this.deps.db): Promise<SuspensionRecord | undefined> {
    return findSuspensionInForce(db, userId, this.deps.now());
  }

  /** Refuses a sign-in (or a session's renewal) of a suspended account with the 403 that says why and until when. */
  async assertNotSuspended(userId: number, db: Executor = this.deps.db): Promise<void> {
    const current = await this.inForce(userId, db);
    if (current) throw suspendedError(current);
  }

  /**
   * Suspends the account for `days` (left out: until lifted). A suspension in force is ended by the new one; every
   * session of the member ends in the same transaction, and the action is on the record with its reason.
   */
  async suspend(id: number, input: SuspendRequest, viewer: Viewer): Promise<SuspensionState> {
    const now = this.deps.now();
    const state = await this.deps.db.transaction(async (tx) => {
      // Admins first, then the member: the order every suspension and role change takes, so two never wait in a circle.
      const admins = await lockAdmins(tx);
      const target = await this.target(tx, id, viewer);
      if (target.role === 'ADMIN') {
        const others = (await findActiveAdmins(tx, admins, now)).filter((a) => a !== target.id);
        if (others.length === 0) throw badRequest(MSG.lastAdminSuspend);
      }
      await liftSuspensionsInForce(tx, id, now, viewer.id);
      const endsAt = input.days === undefined ? null : new Date(now.getTime() + input.days * DAY_MS);
      await insertSuspension(tx, { userId: id, moderatorId: viewer.id, reason: input.reason, endsAt, createdAt: now });
      await revokeUserRefreshTokens(tx, id, now);
      await appendModerationEntry(tx, {
        moderatorId: viewer.id,
        moderatorUsername: viewer.username,
        action: 'SUSPEND_USER',
        itemType: 'user',
        itemId: id,
        itemLabel: target.username,
        reason: input.reason,
      });
      return this.stateOf(tx, target, now);
    });
    this.deps.changes.announce({ kind: 'member' });
    return state;
  }

  /** Lifts the suspension in force: 409 when there is none (never suspended, lifted, or past its end). */
  async lift(id: number, viewer: Viewer): Promise<SuspensionState> {
    const now = this.deps.now();
    const state = await this.deps.db.transaction(async (tx) => {
      const target = await this.target(tx, id, viewer);
      if ((await liftSuspensionsInForce(tx, id, now, viewer.id)) === 0) throw conflict(MSG.notSuspended);
      await appendModerationEntry(tx, {
        moderatorId: viewer.id,
        moderatorUsername: viewer.username,
        action: 'LIFT_SUSPENSION',
        itemType: 'user',
        itemId: id,
        itemLabel: target.username,
        reason: null,
      });
      return this.stateOf(tx, target, now);
    });
    this.deps.changes.announce({ kind: 'member' });
    return state;
  }

  /** The account's suspension in force and its history, newest first (moderators and admins). */
  async history(id: number): Promise<SuspensionState> {
    const target = await lockUserOrFail(this.deps.db, id, false);
    return this.stateOf(this.deps.db, target, this.deps.now());
  }

  /** The admin panel's members with their suspension in force. */
  async withSuspensions(rows: UserRow[]): Promise<AdminUser[]> {
    const now = this.deps.now();
    const current = await findSuspensionsInForce(
      this.deps.db,
      rows.map((r) => r.id),
      now,
    );
    return rows.map((row) => {
      const suspension = current.get(row.id);
      return { ...presentUser(row), suspension: suspension ? presentSuspension(suspension, now) : null };
    });
  }

  /** The account acted on, locked; 404 unknown, 400 the system account, 403 what the policy refuses. */
  private async target(tx: Executor, id: number, viewer: Viewer): Promise<UserRow> {
    const target = await lockUserOrFail(tx, id, true);
    if (target.isSystem) throw badRequest(MSG.cannotSuspendSystem);
    if (!can(viewer, 'user:suspend', { username: target.username, role: target.role })) {
      throw forbidden(target.username === viewer.username ? MSG.cannotSuspendSelf : MSG.moderatorSuspendsMembersOnly);
    }
    return target;
  }

  private async stateOf(db: Executor, target: UserRow, now: Date): Promise<SuspensionState> {
    const history = (await findSuspensionHistory(db, target.id)).map((row) => presentSuspension(row, now));
    return {
      userId: target.id,
      username: target.username,
      current: history.find((s) => s.active) ?? null,
      history,
    };
  }
}

async function lockUserOrFail(db: Executor, id: number, lock: boolean): Promise<UserRow> {
  const target = await lockUser(db, id, lock);
  if (!target) throw notFound(MSG.userNotFound);
  return target;
}
