import { PRODUCT_NAME, REVIEW_TURNAROUND } from '@certitude/shared';
import type { NoticeContent } from './layout.js';

/*
 * What the emails of moderators' decisions say. They leave as the email of the decision's notification
 * (members/member-mail.ts), which addresses them, links them to the notification's page and adds the unsubscribe
 * link, when the member's "decisions" emails are on.
 */

interface ReviewedSubmission {
  /** 'certification' or 'resource' */
  kind: string;
  label: string;
}

export function submissionApprovedNotice(r: ReviewedSubmission): NoticeContent {
  return {
    kind: 'submission-approved',
    subject: `Your ${r.kind} "${r.label}" was approved`,
    paragraphs: [
      `Thank you for your submission. A moderator approved the ${r.kind} "${r.label}": it is now visible to everyone on ${PRODUCT_NAME}.`,
    ],
    actionLabel: 'See it on the site',
  };
}

export function submissionRejectedNotice(r: ReviewedSubmission & { reason: string }): NoticeContent {
  return {
    kind: 'submission-rejected',
    subject: `Your ${r.kind} "${r.label}" was not approved`,
    paragraphs: [
      `Thank you for your submission. A moderator reviewed the ${r.kind} "${r.label}" and did not approve it.`,
      `Reason: ${r.reason}`,
      `You are welcome to submit it again with the changes; reviews take ${REVIEW_TURNAROUND}.`,
    ],
  };
}

/** A member's suggested edit of a certification was decided (docs/product.md#certification-facts). */
export function revisionDecidedNotice(r: {
  certification: string;
  applied: boolean;
  reason: string | null;
}): NoticeContent {
  const paragraphs = r.applied
    ? [
        `Thank you for your suggested edit of "${r.certification}". A moderator applied it: everyone on ${PRODUCT_NAME} now sees the new facts, and the history shows your change.`,
      ]
    : [
        `Thank you for your suggested edit of "${r.certification}". A moderator reviewed it and did not apply it.`,
        `Reason: ${r.reason ?? 'none given'}`,
      ];
  if (r.applied && r.reason) paragraphs.push(`Moderator's note: ${r.reason}`);
  return {
    kind: 'revision-decided',
    subject: r.applied
      ? `Your edit of "${r.certification}" was applied`
      : `Your edit of "${r.certification}" was not applied`,
    paragraphs,
    actionLabel: 'See the history',
  };
}
