import { fillText, formatDay, MEMBER_EMAIL_TEXT, NOTIFICATION_TEXT, type NotificationKind } from '@certitude/shared';
import {
  revisionDecidedNotice,
  submissionApprovedNotice,
  submissionRejectedNotice,
} from '../../mail/templates/moderation-mails.js';
import type { NoticeContent } from '../../mail/templates/layout.js';

/*
 * The notifications each event gives (docs/product.md#notifications): kind, sentence, link and the key of the
 * event. Events that tell several members for different reasons share one key, so each member hears once.
 */

/** What one event tells: the kind, the sentence, where it leads, and the key naming the event. */
export interface NotificationEvent {
  kind: NotificationKind;
  text: string;
  link: string;
  /** `comment:12`, `revision:7`, `certification:3:decided`: one notification per member and key. */
  eventKey: string;
  /** What its email says, when it says more than the sentence (decisions); otherwise the sentence and the link. */
  notice?: NoticeContent;
  /**
   * Mailed to a verified address whatever the member's email settings say (a removal by a moderator,
   * docs/product.md#flags: the author must learn the reason); the unsubscribe footer is kept all the same.
   */
  alwaysMail?: boolean;
}

interface CertificationNamed {
  slug: string;
  name: string;
}

const certificationPage = (c: CertificationNamed) => `/certification/${c.slug}`;

/** A new comment: the parent's author hears of a reply, watchers of activity; one key for both. */
export function commentEvents(comment: { id: number }, certification: CertificationNamed, author: string) {
  const base = { link: `${certificationPage(certification)}#comment-${comment.id}`, eventKey: `comment:${comment.id}` };
  const values = { username: author, certification: certification.name };
  return {
    reply: { ...base, kind: 'COMMENT_REPLY', text: fillText(NOTIFICATION_TEXT.commentReply, values) },
    watched: { ...base, kind: 'WATCHED_ACTIVITY', text: fillText(NOTIFICATION_TEXT.watchedComment, values) },
  } satisfies Record<string, NotificationEvent>;
}

/** A decision on a submitted certification or resource, for its submitter. */
export function submissionDecidedEvent(submission: {
  kind: 'certification' | 'resource';
  id: number;
  label: string;
  /** The certification the submission is (or belongs to). */
  certificationId: number;
  reason: string | null;
}): NotificationEvent {
  const approved = submission.reason === null;
  const values = { kind: submission.kind, label: submission.label, reason: submission.reason ?? '' };
  return {
    kind: approved ? 'SUBMISSION_APPROVED' : 'SUBMISSION_REJECTED',
    text: fillText(approved ? NOTIFICATION_TEXT.submissionApproved : NOTIFICATION_TEXT.submissionRejected, values),
    link: `/certification/${submission.certificationId}`,
    eventKey: `${submission.kind}:${submission.id}:decided`,
    notice:
      submission.reason === null
        ? submissionApprovedNotice(submission)
        : submissionRejectedNotice({ ...submission, reason: submission.reason }),
  };
}

/** A decided revision, for its author; the same key as the watchers' news of it when applied. */
export function revisionDecidedEvent(
  revisionId: number,
  certification: CertificationNamed,
  applied: boolean,
  reason: string | null,
): NotificationEvent {
  const values = { certification: certification.name, reason: reason ?? '' };
  return {
    kind: 'REVISION_DECIDED',
    text: fillText(applied ? NOTIFICATION_TEXT.revisionApplied : NOTIFICATION_TEXT.revisionRejected, values),
    link: `${certificationPage(certification)}/history`,
    eventKey: `revision:${revisionId}`,
    notice: revisionDecidedNotice({ certification: certification.name, applied, reason }),
  };
}

/** An applied revision, for the certification's watchers. */
export function watchedRevisionEvent(
  revisionId: number,
  certification: CertificationNamed,
  actor: string,
  summary: string,
): NotificationEvent {
  return {
    kind: 'WATCHED_ACTIVITY',
    text: fillText(NOTIFICATION_TEXT.watchedRevision, { username: actor, certification: certification.name, summary }),
    link: `${certificationPage(certification)}/history`,
    eventKey: `revision:${revisionId}`,
  };
}

/**
 * A held certification expires soon (docs/product.md#expiry-reminders). The key names the entry, its expiry day and
 * the reminder's threshold, so each threshold is told once per entry and a new expiry day arms them again.
 */
export function expiryReminderEvent(
  entry: { id: number; expiresOn: string; threshold: number; daysLeft: number },
  certification: CertificationNamed,
): NotificationEvent {
  const template =
    entry.daysLeft === 0
      ? MEMBER_EMAIL_TEXT.expiringToday
      : entry.daysLeft === 1
        ? MEMBER_EMAIL_TEXT.expiringTomorrow
        : MEMBER_EMAIL_TEXT.expiringInDays;
  const values = { certification: certification.name, days: String(entry.daysLeft), date: formatDay(entry.expiresOn) };
  return {
    kind: 'CERTIFICATION_EXPIRING',
    text: fillText(template, values),
    link: certificationPage(certification),
    // The same key as the reminders' query looks for (expiry-reminders.ts).
    eventKey: `expiry:${entry.id}:${entry.expiresOn}:${entry.threshold}`,
  };
}

/** How a flagged item is named to its author (docs/product.md#flags). */
function flaggedItemName(target: { type: string; title: string }): string {
  switch (target.type) {
    case 'comment':
      return `comment on ${target.title}`;
    case 'rating':
      return `review of ${target.title}`;
    default:
      return `${target.type} ${target.title}`;
  }
}

/** The author's item was hidden pending review by members' flags. */
export function contentHiddenEvent(
  target: { type: string; id: number; title: string; link: string | null },
  at: Date,
): NotificationEvent {
  return {
    kind: 'CONTENT_HIDDEN',
    text: fillText(NOTIFICATION_TEXT.contentHidden, { item: flaggedItemName(target) }),
    link: target.link ?? '/',
    eventKey: `flag:${target.type}:${target.id}:hidden:${at.getTime()}`,
  };
}

/** A moderator removed the author's item through its flags, with the reason; mailed whatever the settings say. */
export function contentRemovedEvent(
  target: { type: string; id: number; title: string; link: string | null },
  reason: string,
): NotificationEvent {
  return {
    kind: 'CONTENT_REMOVED',
    text: fillText(NOTIFICATION_TEXT.contentRemoved, { item: flaggedItemName(target), reason }),
    link: target.link ?? '/',
    eventKey: `flag:${target.type}:${target.id}:removed`,
    alwaysMail: true,
  };
}
