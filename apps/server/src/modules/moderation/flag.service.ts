import {
  FLAG_GOOD_STANDING_DAYS,
  FLAG_HIDE_THRESHOLD,
  FLAG_HIDES_PER_FLAGGER_PER_DAY,
  FLAG_REASONS,
  MSG,
  type AdminFlags,
  type CreateFlagRequest,
  type FlagCreated,
  type FlaggedItem,
  type FlagReason,
  type ResolveFlagsRequest,
  type ResolveFlagsResponse,
} from '@certitude/shared';
import { eq } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.js';
import { users } from '../../db/schema/index.js';
import type { ChangeAnnouncer } from '../../lib/changes.js';
import type { Clock } from '../../lib/clock.js';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.js';
import type { RateLimiter } from '../../lib/rate-limiter.js';
import type { Viewer } from '../../plugins/auth.js';
import { FLAGS_DAILY, inFirstWeek, NEW_ACCOUNT_FLAGS_DAILY } from '../catalogue/catalogue-limits.js';
import { bumpDiscussionVersion } from '../discussion/comment.service.js';
import { contentHiddenEvent, contentRemovedEvent } from '../members/notification-events.js';
import { notifyMember } from '../members/notification.service.js';
import { findFlagTarget, hideTarget, removeTarget, restoreTarget, type FlagTarget } from './flag-target.repository.js';
import {
  countFlaggedItems,
  countGoodStandingFlaggers,
  deleteHold,
  findOpenFlags,
  hasFlagged,
  insertFlag,
  insertHold,
  resolveOpenFlags,
} from './flag.repository.js';
import { appendModerationEntry } from './moderation-log.repository.js';
import { presentSuspension } from './suspension.presenter.js';
import { findSuspensionsInForce } from './suspension.repository.js';
import { countOpenRingSignals, findOpenRingSignals } from './voting-ring.repository.js';

export interface FlagDeps {
  db: Database;
  now: Clock;
  rateLimiter?: RateLimiter;
  /** Wakes the outbox worker once an author's notification (and its email) has committed. */
  kickMail: () => void;
  /**
   * Told of a `catalogue` change after a commit that hid, restored or removed an item: a catalogue item's status, a
   * comment's count and a review are shown by the catalogue (docs/architecture.md#caches).
   */
  changes: ChangeAnnouncer;
}

/** The moderation log's label of an item: a catalogue item's name, the author of a comment or review (never its words). */
const labelOf = (target: FlagTarget) =>
  target.type === 'certification' || target.type === 'resource' ? target.title : target.author;

/** A comment hidden, put back or removed changes its certification's discussion, in the same transaction. */
async function discussionChanged(tx: Executor, target: FlagTarget): Promise<void> {
  if (target.type === 'comment') await bumpDiscussionVersion(tx, target.certificationId);
}

/**
 * Members' flags (docs/product.md#flags, decision 30): one per member and item, ever. Flags from FLAG_HIDE_THRESHOLD
 * members in good standing hide the item pending review, in the transaction of the flag that reached it; a moderator
 * then dismisses the flags (the item comes back) or removes the item (its author is told why).
 */
export class FlagService {
  constructor(private readonly deps: FlagDeps) {}

  async flag(input: CreateFlagRequest, viewer: Viewer): Promise<FlagCreated> {
    const type = input.targetType;
    const id = input.targetId;
    const [account] = await this.deps.db
      .select({ emailVerified: users.emailVerified })
      .from(users)
      .where(eq(users.id, viewer.id));
    if (!account?.emailVerified) throw forbidden(MSG.flagNeedsVerifiedEmail);
    const before = await findFlagTarget(this.deps.db, type, id);
    if (!before?.visible) throw notFound(MSG.flagTargetNotFound);
    if (before.authorId === viewer.id) throw badRequest(MSG.flagOwnItem);
    // Before the first week's count: a refused flag is not counted (docs/decisions/0029-new-account-limits.md).
    if (await hasFlagged(this.deps.db, type, id, viewer.id)) throw conflict(MSG.flagAlreadyFiled);
    const now = this.deps.now();
    // An account's first week: few flags a day (docs/decisions/0029-new-account-limits.md).
    if (inFirstWeek(viewer.createdAt, now))
      await this.deps.rateLimiter?.consume(NEW_ACCOUNT_FLAGS_DAILY, `user:${viewer.id}`);
    // Every account: a daily number of flags (docs/product.md#flags).
    await this.deps.rateLimiter?.consume(FLAGS_DAILY, `user:${viewer.id}`);
    const note = input.note?.trim() ? input.note.trim() : null;
    const result = await this.deps.db.transaction(async (tx) => {
      // The item's row is locked: flags on one item take turns, so the one that reaches the threshold sees all others.
      const target = await findFlagTarget(tx, type, id, true);
      if (!target?.visible) throw notFound(MSG.flagTargetNotFound);
      const flagId = await insertFlag(tx, {
        targetType: type,
        targetId: id,
        userId: viewer.id,
        reason: input.reason,
        note,
        // By the app's clock, as the account's age is: a flag counts only if its account was out of its first week
        // when it filed it (countGoodStandingFlaggers).
        createdAt: now,
      });
      if (flagId === undefined) throw conflict(MSG.flagAlreadyFiled);
      const hidden = !target.hidden && (await this.reachesThreshold(tx, target, now));
      if (hidden) await this.hide(tx, target, now);
      return { id: flagId, hidden };
    });
    if (result.hidden) {
      this.deps.changes.announce({ kind: 'catalogue' });
      this.deps.kickMail();
    }
    return { id: result.id, targetType: type, targetId: id, hidden: result.hidden };
  }

  private async reachesThreshold(tx: Executor, target: FlagTarget, now: Date): Promise<boolean> {
    const n = await countGoodStandingFlaggers(tx, target.type, target.id, now, {
      days: FLAG_GOOD_STANDING_DAYS,
      hidesPerDay: FLAG_HIDES_PER_FLAGGER_PER_DAY,
    });
    return n >= FLAG_HIDE_THRESHOLD;
  }

  private async hide(tx: Executor, target: FlagTarget, now: Date): Promise<void> {
    if (!(await insertHold(tx, target.type, target.id))) return;
    await hideTarget(tx, target, now);
    await discussionChanged(tx, target);
    await appendModerationEntry(tx, {
      moderatorId: null,
      moderatorUsername: null,
      action: 'HIDE_FLAGGED',
      itemType: target.type,
      itemId: target.id,
      itemLabel: labelOf(target),
      certificationId: target.type === 'certification' ? null : target.certificationId,
      reason: null,
      // The clock its flags were filed by: each flagger's hides of the day are counted from these entries.
      createdAt: now,
    });
    if (target.authorId !== null) await notifyMember(tx, target.authorId, contentHiddenEvent(target, now));
  }

  /** DISMISS: the flags close and a hidden item comes back; REMOVE: the item goes and its author is told the reason. */
  async resolve(input: ResolveFlagsRequest, viewer: Viewer): Promise<ResolveFlagsResponse> {
    const type = input.targetType;
    const id = input.targetId;
    const reason = input.reason.trim();
    const now = this.deps.now();
    const resolved = await this.deps.db.transaction(async (tx) => {
      const target = await findFlagTarget(tx, type, id, true);
      if (!target) throw notFound(MSG.noOpenFlags);
      const closed = await resolveOpenFlags(tx, type, id, input.action, viewer.id, now);
      if (closed === 0) throw notFound(MSG.noOpenFlags);
      const held = await deleteHold(tx, type, id);
      const entry = {
        moderatorId: viewer.id,
        moderatorUsername: viewer.username,
        itemType: type,
        itemId: id,
        itemLabel: labelOf(target),
        certificationId: type === 'certification' ? null : target.certificationId,
        reason,
      };
      if (input.action === 'DISMISS') {
        if (held) {
          await restoreTarget(tx, target);
          await discussionChanged(tx, target);
        }
        await appendModerationEntry(tx, { ...entry, action: 'DISMISS_FLAGS' });
        return closed;
      }
      await removeTarget(tx, target, now, { moderatorId: viewer.id, reason });
      await discussionChanged(tx, target);
      await appendModerationEntry(tx, { ...entry, action: 'REMOVE_FLAGGED' });
      if (target.authorId !== null && target.authorId !== viewer.id) {
        await notifyMember(tx, target.authorId, contentRemovedEvent(target, reason));
      }
      return closed;
    });
    this.deps.changes.announce({ kind: 'catalogue' });
    this.deps.kickMail();
    return { resolved };
  }

  /**
   * The Flags tab: open flags grouped by item, most flagged first, then the most recently flagged; each with its
   * author's role and suspension in force, so that the tab offers 'Suspend author' where the policy allows it.
   */
  async list(): Promise<AdminFlags> {
    const now = this.deps.now();
    const rows = await findOpenFlags(this.deps.db);
    const groups = new Map<string, typeof rows>();
    for (const row of rows) {
      const key = `${row.targetType}:${row.targetId}`;
      const group = groups.get(key);
      if (group) group.push(row);
      else groups.set(key, [row]);
    }
    const items: FlaggedItem[] = [];
    for (const group of groups.values()) {
      const first = group[0]!;
      const target = await findFlagTarget(this.deps.db, first.targetType, first.targetId);
      const counts = new Map<FlagReason, number>();
      for (const f of group) counts.set(f.reason, (counts.get(f.reason) ?? 0) + 1);
      items.push({
        targetType: first.targetType,
        targetId: first.targetId,
        title: target?.title ?? '',
        link: target?.link ?? null,
        excerpt: target?.excerpt ?? '',
        author: target?.author ?? null,
        authorId: target?.authorId ?? null,
        authorRole: target?.authorRole ?? null,
        authorSuspension: null,
        hidden: target?.hidden ?? false,
        count: group.length,
        reasons: FLAG_REASONS.filter((r) => counts.has(r)).map((r) => ({ reason: r, count: counts.get(r)! })),
        notes: group.filter((f) => f.note).map((f) => ({ username: f.username, note: f.note! })),
        firstFlaggedAt: first.createdAt.toISOString(),
        lastFlaggedAt: group.at(-1)!.createdAt.toISOString(),
      });
    }
    items.sort((a, b) => b.count - a.count || b.lastFlaggedAt.localeCompare(a.lastFlaggedAt));
    const authorIds = [...new Set(items.flatMap((i) => (i.authorId === null ? [] : [i.authorId])))];
    const suspended = await findSuspensionsInForce(this.deps.db, authorIds, now);
    for (const item of items) {
      const suspension = item.authorId === null ? undefined : suspended.get(item.authorId);
      if (suspension) item.authorSuspension = presentSuspension(suspension, now);
    }
    return { items, rings: await findOpenRingSignals(this.deps.db) };
  }

  /** The pending badge's part: items with open flags, and voting-ring signals not dismissed. */
  async pendingCount(): Promise<number> {
    const [items, rings] = await Promise.all([countFlaggedItems(this.deps.db), countOpenRingSignals(this.deps.db)]);
    return items + rings;
  }
}
