import {
  EMAIL_KIND_LABELS,
  EMAIL_KIND_OF_NOTIFICATION,
  type EmailKind,
  type NotificationKind,
} from '@certitude/shared';
import { inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { notifications } from '../../db/schema/index.js';
import { enqueueMails } from '../../mail/outbox.repository.js';
import type { NoticeContent } from '../../mail/templates/layout.js';
import { notificationMail } from '../../mail/templates/member-mails.js';
import { findMailRecipients } from './email-settings.repository.js';
import type { NotificationEvent } from './notification-events.js';
import type { UnsubscribeTokens } from './unsubscribe-token.js';

/** What a member's email needs beyond the database: the site's address and the signer of unsubscribe links. */
export interface MemberMailContext {
  publicUrl: string;
  tokens: UnsubscribeTokens;
}

/*
 * Notifications are written by the services of other areas, in their transactions, through
 * notification.repository.ts, which has no configuration of its own: the app hands over this context when it builds
 * its services (members.services.ts). Every app instance of a process is built from the same configuration (the
 * tests' instances too), so one context per process is enough.
 */
let context: MemberMailContext | undefined;

export function setMemberMailContext(next: MemberMailContext): void {
  context = next;
}

/** The one-click link that turns `kind` off for the member (POST, RFC 8058) and shows the page that does (GET). */
export function unsubscribeUrl(ctx: MemberMailContext, userId: number, kind: EmailKind, email: string): string {
  return `${ctx.publicUrl}/unsubscribe?token=${ctx.tokens.sign(userId, kind, email)}`;
}

/** The name of each notification kind's email, for logs, file names and tests. */
const MAIL_KIND: Record<NotificationKind, string> = {
  COMMENT_REPLY: 'comment-reply',
  SUBMISSION_APPROVED: 'submission-approved',
  SUBMISSION_REJECTED: 'submission-rejected',
  REVISION_DECIDED: 'revision-decided',
  WATCHED_ACTIVITY: 'watched-activity',
  CERTIFICATION_EXPIRING: 'certification-expiring',
  CONTENT_HIDDEN: 'content-hidden',
  CONTENT_REMOVED: 'content-removed',
};

const ACTION_LABEL: Record<NotificationKind, string> = {
  COMMENT_REPLY: 'Read the reply',
  SUBMISSION_APPROVED: 'See it on the site',
  SUBMISSION_REJECTED: 'See it on the site',
  REVISION_DECIDED: 'See the history',
  WATCHED_ACTIVITY: 'See what is new',
  CERTIFICATION_EXPIRING: 'See the certification',
  CONTENT_HIDDEN: 'See where it was',
  CONTENT_REMOVED: 'See where it was',
};

const SUBJECT_MAX = 150;

/** The email of an event that says no more than its notification: the sentence, and a link to its page. */
function plainNotice(event: NotificationEvent): NoticeContent {
  const subject = event.text.length > SUBJECT_MAX ? `${event.text.slice(0, SUBJECT_MAX - 1)}…` : event.text;
  return {
    kind: MAIL_KIND[event.kind],
    subject: subject.replace(/\s+/g, ' '),
    paragraphs: [event.text],
    actionLabel: ACTION_LABEL[event.kind],
  };
}

/**
 * Mails the members just told of `event` (the notifications `told` were inserted in this transaction) who want that
 * kind of email now, in the same transaction: the notification and its email are kept or lost together. Marks
 * those notifications as emailed, so that a digest never lists them again.
 */
export async function mailNotified(
  db: Executor,
  event: NotificationEvent,
  told: { id: number; userId: number }[],
): Promise<void> {
  const ctx = context;
  if (!ctx || !told.length) return;
  const kind = EMAIL_KIND_OF_NOTIFICATION[event.kind];
  const notice = event.notice ?? plainNotice(event);
  const url = `${ctx.publicUrl}${event.link}`;
  // Members watching a popular certification can be many: a few hundred addresses per statement.
  for (let at = 0; at < told.length; at += 200) {
    const slice = told.slice(at, at + 200);
    const recipients = await findMailRecipients(
      db,
      slice.map((t) => t.userId),
      kind,
      event.alwaysMail === true,
    );
    if (!recipients.length) continue;
    await enqueueMails(
      db,
      recipients.map((r) =>
        notificationMail({
          to: r.email,
          username: r.username,
          notice,
          url,
          unsubscribe: { url: unsubscribeUrl(ctx, r.id, kind, r.email), label: EMAIL_KIND_LABELS[kind] },
        }),
      ),
    );
    const mailed = new Set(recipients.map((r) => r.id));
    const ids = slice.filter((t) => mailed.has(t.userId)).map((t) => t.id);
    await db
      .update(notifications)
      .set({ emailedAt: sql`now()` })
      .where(inArray(notifications.id, ids));
  }
}
