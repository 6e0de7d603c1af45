import { PRODUCT_NAME, REVIEW_TURNAROUND } from '@certitude/shared';
import type { OutgoingMail } from '../outbox.repository.js';
import { renderMail } from './layout.js';

interface ReviewedSubmission {
  to: string;
  username: string;
  /** 'certification' or 'resource' */
  kind: string;
  label: string;
}

export function submissionApprovedMail(r: ReviewedSubmission & { url: string }): OutgoingMail {
  return renderMail({
    to: r.to,
    kind: 'submission-approved',
    subject: `Your ${r.kind} "${r.label}" was approved`,
    greeting: `Hello ${r.username},`,
    paragraphs: [
      `Thank you for your submission. A moderator approved the ${r.kind} "${r.label}": it is now visible to everyone on ${PRODUCT_NAME}.`,
    ],
    action: { label: 'See it on the site', url: r.url },
  });
}

export function submissionRejectedMail(r: ReviewedSubmission & { reason: string }): OutgoingMail {
  return renderMail({
    to: r.to,
    kind: 'submission-rejected',
    subject: `Your ${r.kind} "${r.label}" was not approved`,
    greeting: `Hello ${r.username},`,
    paragraphs: [
      `Thank you for your submission. A moderator reviewed the ${r.kind} "${r.label}" and did not approve it.`,
      `Reason: ${r.reason}`,
      `You are welcome to submit it again with the changes; reviews take ${REVIEW_TURNAROUND}.`,
    ],
  });
}
