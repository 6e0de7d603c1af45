import { PRODUCT_NAME } from '@certitude/shared';
import type { OutgoingMail } from '../outbox.repository.js';
import { renderMail, type NoticeContent } from './layout.js';

interface Recipient {
  to: string;
  username: string;
  /** The one-click link that turns this kind of email off, and what that kind is called. */
  unsubscribe: { url: string; label: string };
}

/** The email of one notification: what it says, and a link to the page it is about. */
export function notificationMail(r: Recipient & { notice: NoticeContent; url: string }): OutgoingMail {
  return renderMail({
    to: r.to,
    kind: r.notice.kind,
    subject: r.notice.subject,
    greeting: `Hello ${r.username},`,
    paragraphs: r.notice.paragraphs,
    ...(r.notice.actionLabel ? { action: { label: r.notice.actionLabel, url: r.url } } : {}),
    footer: `You receive this email because of your account on ${PRODUCT_NAME} and your email settings there.`,
    unsubscribe: r.unsubscribe,
  });
}

/** The daily digest: the member's unread notifications since the last one, each a link, newest last. */
export function digestMail(
  r: Recipient & {
    items: { text: string; url: string }[];
    /** Unread notifications beyond those listed. */
    more: number;
    /** The notifications page. */
    allUrl: string;
  },
): OutgoingMail {
  const total = r.items.length + r.more;
  const counted = total === 1 ? '1 unread notification' : `${total} unread notifications`;
  return renderMail({
    to: r.to,
    kind: 'daily-digest',
    subject: `Your ${PRODUCT_NAME} digest: ${counted}`,
    greeting: `Hello ${r.username},`,
    paragraphs: [
      `Here is what happened since your last digest: ${counted}.`,
      ...(r.more > 0 ? [`The first ${r.items.length} are below; the notifications page has them all.`] : []),
    ],
    items: r.items,
    action: { label: 'See your notifications', url: r.allUrl },
    footer: `You receive this digest once a day instead of one email per notification, as your email settings on ${PRODUCT_NAME} ask. Without the digest, the emails you keep on come one per event again.`,
    unsubscribe: r.unsubscribe,
  });
}
