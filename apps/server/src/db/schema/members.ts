import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { certifications } from './catalogue.js';
import { users } from './users.js';

/**
 * A member's certifications (docs/product.md#members): held, being studied for, or planned; one entry per member
 * and certification, private unless the member makes it public.
 */
export const memberCertifications = pgTable(
  'member_certifications',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    certificationId: integer('certification_id')
      .notNull()
      .references(() => certifications.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['HELD', 'STUDYING', 'PLANNED'] }).notNull(),
    earnedOn: date('earned_on', { mode: 'string' }),
    expiresOn: date('expires_on', { mode: 'string' }),
    /**
     * The member gave the expiry. Otherwise it follows the certification's validity (earned plus the validity, none
     * while the validity is unknown or unlimited) and is worked out again when that validity changes.
     */
    expirySetByMember: boolean('expiry_set_by_member').notNull().default(false),
    targetDate: date('target_date', { mode: 'string' }),
    isPublic: boolean('is_public').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('member_certifications_user_certification_key').on(t.userId, t.certificationId),
    // Expiry reminders read held entries by expiry day.
    index('member_certifications_expires_idx')
      .on(t.expiresOn)
      .where(sql`${t.status} = 'HELD'`),
    check('member_certifications_status_check', sql`${t.status} in ('HELD', 'STUDYING', 'PLANNED')`),
    check(
      'member_certifications_dates_check',
      sql`(${t.status} = 'HELD' and ${t.earnedOn} is not null and ${t.targetDate} is null and (${t.expiresOn} is null or ${t.expiresOn} > ${t.earnedOn})) or (${t.status} <> 'HELD' and ${t.earnedOn} is null and ${t.expiresOn} is null)`,
    ),
  ],
);

/** Members watching a certification: told of its new comments and applied revisions. */
export const certificationWatches = pgTable(
  'certification_watches',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    certificationId: integer('certification_id')
      .notNull()
      .references(() => certifications.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.certificationId], name: 'certification_watches_pkey' }),
    index('certification_watches_certification_idx').on(t.certificationId),
  ],
);

/**
 * What a member is told (docs/product.md#notifications), written in the transaction of the event that causes it.
 * `event_key` names the event (`comment:12`, `revision:7`): unique per member, so one event tells each member once,
 * however many reasons they have to hear of it.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', {
      enum: [
        'COMMENT_REPLY',
        'SUBMISSION_APPROVED',
        'SUBMISSION_REJECTED',
        'REVISION_DECIDED',
        'WATCHED_ACTIVITY',
        'CERTIFICATION_EXPIRING',
        'CONTENT_HIDDEN',
        'CONTENT_REMOVED',
      ],
    }).notNull(),
    text: text('text').notNull(),
    link: text('link').notNull(),
    eventKey: text('event_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true, mode: 'date' }),
    /** When an email told the member of it: its own, or the daily digest that listed it (never listed twice). */
    emailedAt: timestamp('emailed_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    uniqueIndex('notifications_user_event_key').on(t.userId, t.eventKey),
    // The list, newest first, pages by id.
    index('notifications_user_id_idx').on(t.userId, t.id),
    // The unread count, read on every page a member opens.
    index('notifications_user_unread_idx')
      .on(t.userId)
      .where(sql`${t.readAt} is null`),
    check(
      'notifications_kind_check',
      sql`${t.kind} in ('COMMENT_REPLY', 'SUBMISSION_APPROVED', 'SUBMISSION_REJECTED', 'REVISION_DECIDED', 'WATCHED_ACTIVITY', 'CERTIFICATION_EXPIRING', 'CONTENT_HIDDEN', 'CONTENT_REMOVED')`,
    ),
  ],
);

/**
 * A member's email settings (docs/product.md#email-settings). No row: the defaults (DEFAULT_EMAIL_SETTINGS). The
 * row is written by the first change, from the settings page or an unsubscribe link.
 */
export const memberEmailSettings = pgTable(
  'member_email_settings',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    replies: boolean('replies').notNull().default(true),
    decisions: boolean('decisions').notNull().default(true),
    watched: boolean('watched').notNull().default(false),
    expiry: boolean('expiry').notNull().default(true),
    digest: boolean('digest').notNull().default(false),
    /** When the digest was last turned on: the first digest lists the notifications since then. */
    digestSince: timestamp('digest_since', { withTimezone: true, mode: 'date' }),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  // The daily digest job reads the members who chose it.
  (t) => [
    index('member_email_settings_digest_idx')
      .on(t.userId)
      .where(sql`${t.digest}`),
  ],
);

/**
 * One row per member and day the daily digest ran for them, sent or with nothing to send: inserted first in the
 * digest's transaction, so two instances (or a run after a restart) never send a member two digests on one day.
 * Rows older than a month are removed by the job.
 */
export const memberDigests = pgTable(
  'member_digests',
  {
    day: date('day', { mode: 'string' }).notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** How many notifications the digest listed; 0: nothing was unread, no email. */
    notificationCount: integer('notification_count').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.day, t.userId], name: 'member_digests_pkey' })],
);

/**
 * A member's Open Badges (docs/product.md#verified-holders): one per badge (its assertion or credential id), proving a
 * certification. What was verified is kept (`credential`, the signed token or null for a hosted assertion) so that the
 * daily check can verify it again.
 */
export const memberBadges = pgTable(
  'member_badges',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    certificationId: integer('certification_id')
      .notNull()
      .references(() => certifications.id, { onDelete: 'cascade' }),
    /** The assertion's or credential's id (a URL for hosted ones): one badge is added once per member. */
    badgeKey: text('badge_key').notNull(),
    /** What the member gave: a hosted or signed badge's address, or null for a credential given inline. */
    sourceUrl: text('source_url'),
    /** A signed assertion or a VC-JWT, verified again by the daily check; null for a hosted assertion. */
    credential: text('credential'),
    format: text('format', { enum: ['OB2_HOSTED', 'OB2_SIGNED', 'OB3_JWT'] }).notNull(),
    badgeClass: text('badge_class').notNull(),
    issuerName: text('issuer_name').notNull(),
    issuerUrl: text('issuer_url'),
    issuedOn: date('issued_on', { mode: 'string' }).notNull(),
    expiresOn: date('expires_on', { mode: 'string' }),
    status: text('status', { enum: ['VERIFIED', 'REVOKED', 'UNVERIFIED'] }).notNull(),
    verifiedAt: timestamp('verified_at', { withTimezone: true, mode: 'date' }),
    checkedAt: timestamp('checked_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('member_badges_user_key').on(t.userId, t.badgeKey),
    index('member_badges_certification_idx')
      .on(t.certificationId, t.userId)
      .where(sql`${t.status} = 'VERIFIED'`),
    check('member_badges_status_check', sql`${t.status} in ('VERIFIED', 'REVOKED', 'UNVERIFIED')`),
    check('member_badges_format_check', sql`${t.format} in ('OB2_HOSTED', 'OB2_SIGNED', 'OB3_JWT')`),
  ],
);
