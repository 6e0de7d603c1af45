import type { NotificationKind } from './member-enums.js';

/*
 * Members' emails (docs/product.md#email-settings): which notifications also arrive by email, the daily digest,
 * one-click unsubscribe links and the expiry reminders. Read by the settings and unsubscribe pages and the server.
 */

/**
 * The kinds of email a member can turn on or off, each on its own: four follow the notifications, and `digest`
 * (our addition to the contract) sends one email a day of the unread notifications instead of one per event.
 */
export const EMAIL_KINDS = ['replies', 'decisions', 'watched', 'expiry', 'digest'] as const;
export type EmailKind = (typeof EMAIL_KINDS)[number];
/** The kinds that follow a notification: each notification kind belongs to one of them. */
export type NotificationEmailKind = Exclude<EmailKind, 'digest'>;

/** What an unsubscribe page says is being turned off, and the settings page names each switch. */
export const EMAIL_KIND_LABELS: Record<EmailKind, string> = {
  replies: 'Replies to your comments',
  decisions: 'Decisions on your submissions and suggested edits',
  watched: 'Activity on certifications you watch',
  expiry: 'Reminders before your certifications expire',
  digest: 'The daily digest of your unread notifications',
};

/** The email setting that decides whether a notification of each kind is also mailed. */
export const EMAIL_KIND_OF_NOTIFICATION: Record<NotificationKind, NotificationEmailKind> = {
  COMMENT_REPLY: 'replies',
  SUBMISSION_APPROVED: 'decisions',
  SUBMISSION_REJECTED: 'decisions',
  REVISION_DECIDED: 'decisions',
  WATCHED_ACTIVITY: 'watched',
  CERTIFICATION_EXPIRING: 'expiry',
  CONTENT_HIDDEN: 'decisions',
  /** Mailed whatever the settings say (docs/product.md#flags): the author must learn why; the footer still links. */
  CONTENT_REMOVED: 'decisions',
};

/** A member who never changed a setting: replies, decisions and expiry reminders by email; watched activity and the digest off. */
export const DEFAULT_EMAIL_SETTINGS: Readonly<Record<EmailKind, boolean>> = {
  replies: true,
  decisions: true,
  watched: false,
  expiry: true,
  digest: false,
};

/** The daily digest leaves with the first run of the job at or after this hour (UTC) each day. */
export const DIGEST_HOUR_UTC = 7;
/** At most this many notifications are listed in a digest; it says how many more the notifications page has. */
export const DIGEST_ITEMS_MAX = 50;

/** Days before a held certification's expiry when its reminder is due; each is sent once per entry and expiry day. */
export const EXPIRY_REMINDER_DAYS = [90, 30, 7] as const;

/** What GET /unsubscribe?token= shows: whose emails of which kind the link turns off, and whether they are on now. */
export interface UnsubscribeInfo {
  kind: EmailKind;
  username: string;
  subscribed: boolean;
}

/** Texts of the email settings, the unsubscribe answers and the expiry reminders (`{name}` filled by `fillText`). */
export const MEMBER_EMAIL_TEXT = {
  mustLoginForEmailSettings: 'You must be logged in to change your email settings',
  settingMustBeBoolean: '{name} must be true or false',
  settingsNotAnObject: 'The body must be { email: { replies, decisions, watched, expiry, digest } }',
  settingUnknown: 'Unknown email setting: {names}. The settings are replies, decisions, watched, expiry and digest',
  fieldUnknown: 'Unknown field: {names}. The body is { email: { replies, decisions, watched, expiry, digest } }',
  settingsEmpty: 'Name at least one email setting to change',
  unsubscribeInvalid: 'This unsubscribe link is not valid. Open your email settings on the site to change them.',
  unsubscribedTitle: 'Unsubscribed',
  unsubscribed: '{label}: these emails are turned off for {username}. You will not receive them any more.',
  unsubscribedAgain: 'You can turn them on again in your email settings at any time.',
  backToSite: 'Go to {site}',
  expiringInDays: 'Your {certification} certification expires in {days} days, on {date}',
  expiringTomorrow: 'Your {certification} certification expires tomorrow, on {date}',
  expiringToday: 'Your {certification} certification expires today, {date}',
} as const;
