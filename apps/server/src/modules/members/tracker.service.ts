import {
  followedExpiry,
  MSG,
  USERNAME_MAX,
  type PublicProfile,
  type TrackerEntry,
  type TrackerEntryRequest,
  type UnavailableProfile,
  validityOf,
} from '@certitude/shared';
import type { Database } from '../../db/client.js';
import type { ChangeAnnouncer } from '../../lib/changes.js';
import type { Clock } from '../../lib/clock.js';
import { notFound } from '../../lib/errors.js';
import type { Viewer } from '../../plugins/auth.js';
import { certificationToTakePartIn } from '../catalogue/certification-access.js';
import { keepCommonNextCounts } from '../paths/path.service.js';
import { findBadges } from '../badges/badge-holders.service.js';
import { presentBadge } from '../badges/badge.presenter.js';
import {
  countContributions,
  deleteTrackerEntry,
  findProfileUser,
  findPublicAhead,
  findPublicHeld,
  findTrackerEntries,
  saveTrackerEntry,
  type TrackerEntryRow,
} from './tracker.repository.js';

/**
 * How other modules write a member's tracker entry, and make the held entries follow a certification's new
 * validity, in their own transaction (docs/architecture.md#module-boundaries).
 */
export { followValidity, saveTrackerEntry } from './tracker.repository.js';

/** A certification as member pages name it, with what is known of its validity. */
function presentCertification({ validityMonths, factsVerifiedAt, ...cert }: TrackerEntryRow['certification']) {
  return { ...cert, validity: validityOf({ validityMonths, factsVerifiedAt }) };
}

function presentEntry(row: TrackerEntryRow): TrackerEntry {
  return {
    certification: presentCertification(row.certification),
    status: row.status,
    earnedOn: row.earnedOn,
    expiresOn: row.expiresOn,
    expirySetByMember: row.expirySetByMember,
    targetDate: row.targetDate,
    public: row.isPublic,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * "My certifications" and the public profile (docs/product.md#members). The number of entries is bounded by the
 * catalogue (one per certification), so writes have no rate limit of their own. Every write moves the members'
 * common next steps in its transaction (docs/product.md#paths); when one is shown or hidden by it, a `catalogue`
 * change is announced after the commit (the paths and certification pages show them).
 */
export class TrackerService {
  constructor(
    private readonly db: Database,
    private readonly changes: ChangeAnnouncer,
    private readonly now: Clock,
  ) {}

  /**
   * Saves the member's entry, replacing the one they had. A held certification's expiry, when not given, follows
   * the certification's validity: the day it was earned plus the validity (none while the validity is not known or
   * unlimited), worked out again whenever an applied revision changes the validity (`followValidity`).
   */
  async save(idOrSlug: string, input: TrackerEntryRequest, viewer: Viewer): Promise<TrackerEntry> {
    const cert = await certificationToTakePartIn(this.db, idOrSlug, viewer);
    const held = input.status === 'HELD';
    const earnedOn = held ? (input.earnedOn ?? null) : null;
    const expirySetByMember = held && Boolean(input.expiresOn);
    const expiresOn = !held
      ? null
      : expirySetByMember
        ? input.expiresOn!
        : followedExpiry(earnedOn, cert.validityMonths);
    const values = {
      status: input.status,
      earnedOn,
      expiresOn,
      expirySetByMember,
      targetDate: held ? null : (input.targetDate ?? null),
      isPublic: input.public ?? false,
    };
    const { changedShown } = await this.db.transaction((tx) =>
      keepCommonNextCounts(tx, viewer.id, this.now(), () => saveTrackerEntry(tx, viewer.id, cert.id, values)),
    );
    if (changedShown) this.changes.announce({ kind: 'catalogue' });
    const [row] = await findTrackerEntries(this.db, viewer.id, cert.id);
    return presentEntry(row!);
  }

  /**
   * Takes the certification out of the member's list, whether it was there or not (as Unwatch does): a second
   * click, or a retry after a lost answer, is not an error. An unknown certification still is.
   */
  async remove(idOrSlug: string, viewer: Viewer): Promise<void> {
    const cert = await certificationToTakePartIn(this.db, idOrSlug, viewer);
    const { changedShown } = await this.db.transaction((tx) =>
      keepCommonNextCounts(tx, viewer.id, this.now(), () => deleteTrackerEntry(tx, viewer.id, cert.id)),
    );
    if (changedShown) this.changes.announce({ kind: 'catalogue' });
  }

  /** The member's own entries, what needs attention first. */
  async list(viewer: Viewer): Promise<TrackerEntry[]> {
    return (await findTrackerEntries(this.db, viewer.id)).map(presentEntry);
  }

  /**
   * What anyone may see of a member: public held, studying and planned certifications and counts, never an email address. A suspended
   * member's profile is not shown: 404 with its own message (docs/api.md#members).
   */
  async profile(username: string): Promise<PublicProfile> {
    const profile = await this.profileOrUnavailable(username);
    if (!profile) throw notFound(MSG.memberNotFound);
    if ('unavailable' in profile) throw notFound(MSG.memberSuspended);
    return profile;
  }

  /** What /u/{username} shows: the profile, only the name of a suspended account, or null for nobody. */
  async profileOrUnavailable(username: string): Promise<PublicProfile | UnavailableProfile | null> {
    // A name no account can have is nobody (and must not reach the query: PostgreSQL refuses NUL in text).
    if (username.length > USERNAME_MAX || username.includes('\u0000')) return null;
    const user = await findProfileUser(this.db, username, this.now());
    if (!user) return null;
    if (user.suspended) return { username: user.username, unavailable: 'suspended' };
    const [held, ahead, counts, badges] = await Promise.all([
      findPublicHeld(this.db, user.id),
      findPublicAhead(this.db, user.id),
      countContributions(this.db, user.id),
      findBadges(this.db, { userId: user.id, verifiedOnly: true }),
    ]);
    return {
      username: user.username,
      joinedAt: user.createdAt.toISOString(),
      held: held.map((row) => ({ ...row, certification: presentCertification(row.certification) })),
      ahead: ahead.map((row) => ({ ...row, certification: presentCertification(row.certification) })),
      ...counts,
      badges: badges.map(presentBadge),
    };
  }
}
