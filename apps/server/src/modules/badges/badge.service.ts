import { fillText, MSG, type BadgeFailureReason, type BadgeRequest, type MemberBadge } from '@certitude/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.js';
import type { ChangeAnnouncer } from '../../lib/changes.js';
import type { Clock } from '../../lib/clock.js';
import { limitRule, type RateLimiter } from '../../lib/rate-limiter.js';
import { conflict, HttpError, notFound } from '../../lib/errors.js';
import type { Viewer } from '../../plugins/auth.js';
import { bumpDiscussionVersion } from '../discussion/comment.service.js';
import { notifyMember } from '../members/notification.service.js';
import { saveTrackerEntry } from '../members/tracker.service.js';
import { keepCommonNextCounts } from '../paths/path.service.js';
import {
  deleteBadge,
  findBadges,
  findBadgesToCheck,
  findCertificationByBadgeClass,
  findEntryVisibility,
  findVerifiedAddresses,
  insertBadge,
  setBadgeStatus,
} from './badge.repository.js';
import { BadgeRejected, BadgeVerifier } from './badge-verifier.js';
import type { FetchLimits } from './safe-fetch.js';
import { presentBadge } from './badge.presenter.js';

const DAY_MS = 24 * 3600_000;

/**
 * Each badge added makes the server fetch a few documents elsewhere: 20 attempts an hour per member keep a member
 * from using it to load other sites (a refused badge counts too).
 */
const BADGE_CHECKS = limitRule('badge-hour', 20, 3600, MSG.badgeTooManyChecks);

const REASON_TEXT: Record<BadgeFailureReason, string> = {
  RECIPIENT_MISMATCH: MSG.badgeRecipientMismatch,
  REVOKED: MSG.badgeRevoked,
  EXPIRED: MSG.badgeExpired,
  UNKNOWN_BADGE: MSG.badgeUnknown,
  BAD_SIGNATURE: MSG.badgeBadSignature,
  UNREACHABLE: MSG.badgeUnreachable,
  NOT_A_BADGE: MSG.badgeNotABadge,
};

/** 422 `{ error, reason, message }` (docs/api.md#verified-holders). */
const refused = (reason: BadgeFailureReason) => new HttpError(422, REASON_TEXT[reason], {}, { reason });

export interface BadgeServiceDeps {
  db: Database;
  rateLimiter: RateLimiter;
  changes: ChangeAnnouncer;
  now: Clock;
  log: Pick<FastifyBaseLogger, 'warn'>;
  fetchLimits: FetchLimits;
  kickMail: () => void;
}

/**
 * Verified holders (docs/product.md#verified-holders): a member proves a certification with an Open Badge, which
 * marks the tracker entry held and their ratings "Verified holder"; a daily check takes the marks back from a badge
 * that no longer verifies. Each badge is verified against its issuer, not stored as the member claims it.
 */
export class BadgeService {
  private readonly verifier: BadgeVerifier;

  constructor(private readonly deps: BadgeServiceDeps) {
    this.verifier = new BadgeVerifier(deps.fetchLimits);
  }

  private async verify(input: BadgeRequest, userId: number) {
    const addresses = await findVerifiedAddresses(this.deps.db, userId);
    try {
      const badge = await this.verifier.verify(input, addresses, this.deps.now());
      const cert = await findCertificationByBadgeClass(this.deps.db, badge.badgeClass);
      if (!cert) throw new BadgeRejected('UNKNOWN_BADGE', `no certification names ${badge.badgeClass}`);
      return { badge, cert };
    } catch (err) {
      if (err instanceof BadgeRejected) throw refused(err.reason);
      throw err;
    }
  }

  /** Verifies and adds the badge, and marks the certification held in the member's tracker with its dates. */
  async add(input: BadgeRequest, viewer: Viewer): Promise<MemberBadge> {
    await this.deps.rateLimiter.consume(BADGE_CHECKS, `user:${viewer.id}`);
    const { badge, cert } = await this.verify(input, viewer.id);
    const now = this.deps.now();
    const today = now.toISOString().slice(0, 10);
    // The tracker keeps an earned day not after today and an expiry after it (its check constraint).
    const earnedOn = badge.issuedOn > today ? today : badge.issuedOn;
    const expiresOn = badge.expiresOn && badge.expiresOn > earnedOn ? badge.expiresOn : null;
    const { result: id } = await this.deps.db.transaction((tx) =>
      keepCommonNextCounts(tx, viewer.id, now, async () => {
        const inserted = await insertBadge(tx, {
          userId: viewer.id,
          certificationId: cert.id,
          badgeKey: badge.badgeKey,
          sourceUrl: input.url ?? null,
          credential:
            input.credential === undefined
              ? null
              : typeof input.credential === 'string'
                ? input.credential
                : JSON.stringify(input.credential),
          format: badge.format,
          badgeClass: badge.badgeClass,
          issuerName: badge.issuer.name.slice(0, 300),
          issuerUrl: badge.issuer.url,
          issuedOn: badge.issuedOn,
          expiresOn: badge.expiresOn,
          status: 'VERIFIED',
          verifiedAt: now,
          checkedAt: now,
        });
        if (inserted === undefined) throw conflict(MSG.badgeAlreadyAdded);
        // The member's comments on it are marked: the discussion's kept copies are no longer used.
        await bumpDiscussionVersion(tx, cert.id);
        const isPublic = (await findEntryVisibility(tx, viewer.id, cert.id)) ?? false;
        await saveTrackerEntry(tx, viewer.id, cert.id, {
          status: 'HELD',
          earnedOn,
          expiresOn,
          // A badge's own expiry stands; without one, the entry follows the certification's validity.
          expirySetByMember: expiresOn !== null,
          targetDate: null,
          isPublic,
        });
        return inserted;
      }),
    );
    // The ratings' marks and counts, and maybe the members' common next steps, changed.
    this.deps.changes.announce({ kind: 'catalogue' });
    const [row] = await findBadges(this.deps.db, { id });
    return presentBadge(row!);
  }

  async list(viewer: Viewer): Promise<MemberBadge[]> {
    return (await findBadges(this.deps.db, { userId: viewer.id })).map(presentBadge);
  }

  /** The verified badges a profile shows. */
  async publicBadges(userId: number): Promise<MemberBadge[]> {
    return (await findBadges(this.deps.db, { userId, verifiedOnly: true })).map(presentBadge);
  }

  /** Takes the badge away (the tracker entry stays, unverified); someone else's badge is not found. */
  async remove(id: number, viewer: Viewer): Promise<void> {
    const removed = await this.deps.db.transaction(async (tx) => {
      const certificationId = await deleteBadge(tx, viewer.id, id);
      if (certificationId !== undefined) await bumpDiscussionVersion(tx, certificationId);
      return certificationId !== undefined;
    });
    if (!removed) throw notFound(MSG.badgeNotFound);
    this.deps.changes.announce({ kind: 'catalogue' });
  }

  /**
   * The daily check: every badge not checked for a day verified again (the members' jobs call it at each of their
   * runs, on every instance; a badge checked by one is not checked again by another that day). One that no longer verifies is REVOKED (its issuer says so) or
   * UNVERIFIED (any other failure, which the next check may clear), loses its marks, and its member is told once.
   * Returns how many badges changed status.
   */
  async recheckAll(now: Date = this.deps.now()): Promise<number> {
    let changed = 0;
    let told = false;
    for (const badge of await findBadgesToCheck(this.deps.db, new Date(now.getTime() - DAY_MS + 60_000))) {
      const input: BadgeRequest =
        badge.sourceUrl !== null ? { url: badge.sourceUrl } : { credential: badge.credential ?? '' };
      let status: 'VERIFIED' | 'REVOKED' | 'UNVERIFIED' = 'VERIFIED';
      try {
        const addresses = await findVerifiedAddresses(this.deps.db, badge.userId);
        const verified = await this.verifier.verify(input, addresses, now);
        const cert = await findCertificationByBadgeClass(this.deps.db, verified.badgeClass);
        if (cert?.id !== badge.certification.id) status = 'UNVERIFIED';
      } catch (err) {
        if (!(err instanceof BadgeRejected)) {
          this.deps.log.warn({ err, badge: badge.id }, 'badge check failed');
          continue;
        }
        status = err.reason === 'REVOKED' ? 'REVOKED' : 'UNVERIFIED';
      }
      await this.deps.db.transaction(async (tx) => {
        await setBadgeStatus(tx, badge.id, status, now);
        if ((badge.status === 'VERIFIED') !== (status === 'VERIFIED')) {
          await bumpDiscussionVersion(tx, badge.certification.id);
        }
        if (badge.status === 'VERIFIED' && status !== 'VERIFIED') {
          told =
            (await notifyMember(tx, badge.userId, {
              kind: 'CERTIFICATION_EXPIRING',
              text: fillText(MSG.badgeNoLongerVerifies, {
                certification: badge.certification.name,
                status: status.toLowerCase(),
              }),
              link: `/certification/${badge.certification.slug}`,
              eventKey: `badge:${badge.id}:${status}:${now.toISOString().slice(0, 10)}`,
            })) || told;
        }
      });
      if (status !== badge.status) changed++;
    }
    if (changed) this.deps.changes.announce({ kind: 'catalogue' });
    if (told) this.deps.kickMail();
    return changed;
  }
}
