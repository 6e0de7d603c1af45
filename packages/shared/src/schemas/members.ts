import { memberBadgeSchema } from './badges.js';
import { z } from './zod.js';
import {
  isIsoDay,
  latestEarnedDay,
  NOTIFICATION_KINDS,
  NOTIFICATION_READ_IDS_MAX,
  NOTIFICATIONS_PAGE_MAX,
  NOTIFICATIONS_PAGE_SIZE,
  TRACKER_DATE_MAX,
  TRACKER_DATE_MIN,
  TRACKER_STATUSES,
  VALIDITY_KINDS,
} from '../member-enums.js';
import { MEMBER_EMAIL_TEXT } from '../member-emails.js';
import { MSG } from '../text/messages.js';
import { fillText } from '../text/notifications.js';
import { idCursorSchema, idSchema, pageLimitSchema } from './common.js';
import { text } from './text.js';

/** A day written YYYY-MM-DD, between TRACKER_DATE_MIN and TRACKER_DATE_MAX. */
const day = text({ error: MSG.trackerDateInvalid }).refine(
  (v) => isIsoDay(v) && v >= TRACKER_DATE_MIN && v <= TRACKER_DATE_MAX,
  MSG.trackerDateInvalid,
);

export const trackerStatusSchema = z.enum(TRACKER_STATUSES, {
  error: `The status must be one of ${TRACKER_STATUSES.join(', ')}`,
});

/**
 * PUT /api/user/certifications/{id} (docs/api.md#members). The whole entry: a new one replaces the old. A HELD
 * entry has the day it was earned (not in the future) and may have an expiry after it (left out: the server
 * computes it from the certification's validity); STUDYING and PLANNED may have a target date instead.
 */
export const trackerEntryRequestSchema = z
  .object({
    status: trackerStatusSchema,
    earnedOn: day.nullish(),
    expiresOn: day.nullish(),
    targetDate: day.nullish(),
    public: z.boolean({ error: 'public must be true or false' }).optional(),
  })
  .superRefine((v, ctx) => {
    const problem = (message: string, path: string) => ctx.addIssue({ code: 'custom', message, path: [path] });
    if (v.status === 'HELD') {
      if (!v.earnedOn) problem(MSG.trackerEarnedRequired, 'earnedOn');
      else if (v.earnedOn > latestEarnedDay()) problem(MSG.trackerEarnedInFuture, 'earnedOn');
      else if (v.expiresOn && v.expiresOn <= v.earnedOn) problem(MSG.trackerExpiresBeforeEarned, 'expiresOn');
      if (v.targetDate) problem(MSG.trackerTargetOnlyWhenNotHeld, 'targetDate');
    } else if (v.earnedOn || v.expiresOn) {
      problem(MSG.trackerDatesOnlyWhenHeld, v.earnedOn ? 'earnedOn' : 'expiresOn');
    }
  });
export type TrackerEntryRequest = z.input<typeof trackerEntryRequestSchema>;

/** A certification as member pages name it. */
export const memberCertificationSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  vendor: z.string(),
  certCode: z.string(),
  /** Whether the certification lasts a number of months, has no end, or is not known yet (`validityOf`). */
  validity: z.enum(VALIDITY_KINDS),
});
export type MemberCertification = z.infer<typeof memberCertificationSchema>;

export const trackerEntrySchema = z.object({
  certification: memberCertificationSchema,
  status: trackerStatusSchema,
  earnedOn: z.string().nullable(),
  expiresOn: z.string().nullable(),
  /**
   * The member gave the expiry. When false it follows the certification's validity, and is worked out again when
   * an applied revision changes that validity.
   */
  expirySetByMember: z.boolean(),
  targetDate: z.string().nullable(),
  public: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TrackerEntry = z.infer<typeof trackerEntrySchema>;

/** GET /api/users/{username}: what anyone may see of a member; never an email address. */
export const publicProfileSchema = z.object({
  username: z.string(),
  joinedAt: z.string(),
  held: z.array(
    z.object({
      certification: memberCertificationSchema,
      earnedOn: z.string().nullable(),
      expiresOn: z.string().nullable(),
    }),
  ),
  /**
   * The member's public STUDYING and PLANNED entries (studying first, then by target day, none last): with `held`,
   * the plan /u/{username} shows (docs/decisions/0049-public-plan.md). An addition to the contract.
   */
  ahead: z.array(
    z.object({
      certification: memberCertificationSchema,
      status: z.enum(['STUDYING', 'PLANNED']),
      targetDate: z.string().nullable(),
    }),
  ),
  ratingCount: z.number().int(),
  commentCount: z.number().int(),
  /** The member's verified Open Badges (docs/api.md#verified-holders). */
  badges: z.array(memberBadgeSchema),
});
export type PublicProfile = z.infer<typeof publicProfileSchema>;

export const usernameParamSchema = z.object({ username: z.string() });

export const notificationKindSchema = z.enum(NOTIFICATION_KINDS);

export const notificationSchema = z.object({
  id: z.number().int(),
  kind: notificationKindSchema,
  text: z.string(),
  /** A path of the site, e.g. /certification/aws-saa#comment-12. */
  link: z.string(),
  createdAt: z.string(),
  readAt: z.string().nullable(),
});
export type Notification = z.infer<typeof notificationSchema>;

/** GET /api/notifications?unread=true&limit=&cursor= */
export const notificationsQuerySchema = z.object({
  unread: z
    .enum(['true', 'false'], { error: 'unread must be true or false' })
    .optional()
    .transform((v) => v === 'true'),
  limit: pageLimitSchema(NOTIFICATIONS_PAGE_MAX).default(NOTIFICATIONS_PAGE_SIZE),
  cursor: idCursorSchema,
});

export const unreadCountSchema = z.object({ count: z.number().int() });

/** POST /api/notifications/read: the ids named, or every one when `ids` is left out. */
export const markNotificationsReadSchema = z.object({
  ids: z
    .array(idSchema, { error: 'ids must be a list of notification ids' })
    .max(NOTIFICATION_READ_IDS_MAX, `At most ${NOTIFICATION_READ_IDS_MAX} ids at once`)
    .optional(),
});

export const watchStatusSchema = z.object({ watching: z.boolean() });
export type WatchStatus = z.infer<typeof watchStatusSchema>;

const emailFlag = (name: string) =>
  z.boolean({ error: fillText(MEMBER_EMAIL_TEXT.settingMustBeBoolean, { name: `email.${name}` }) }).optional();
/** Anything that is not an object gets the shape to send; unknown keys are named (`what` says of what). */
const settingsObjectError =
  (unknown: string) =>
  (issue: { code?: string; keys?: string[] }): string =>
    issue.code === 'unrecognized_keys'
      ? fillText(unknown, { names: (issue.keys ?? []).join(', ') })
      : MEMBER_EMAIL_TEXT.settingsNotAnObject;

/** GET and PUT /api/user/notification-settings answer the whole set (docs/api.md#members). */
export const emailSettingsSchema = z.object({
  email: z.object({
    replies: z.boolean(),
    decisions: z.boolean(),
    watched: z.boolean(),
    expiry: z.boolean(),
    /** One daily email of the unread notifications instead of one per event: our addition to the contract. */
    digest: z.boolean(),
  }),
});
export type EmailSettings = z.infer<typeof emailSettingsSchema>;

/**
 * PUT /api/user/notification-settings: a partial update. The settings named change and the others stay as they
 * are, so the whole object works too; at least one must be named, and an unknown name is refused.
 */
export const emailSettingsUpdateSchema = z.strictObject(
  {
    email: z
      .strictObject(
        {
          replies: emailFlag('replies'),
          decisions: emailFlag('decisions'),
          watched: emailFlag('watched'),
          expiry: emailFlag('expiry'),
          digest: emailFlag('digest'),
        },
        { error: settingsObjectError(MEMBER_EMAIL_TEXT.settingUnknown) },
      )
      .refine((v) => Object.values(v).some((flag) => flag !== undefined), {
        message: MEMBER_EMAIL_TEXT.settingsEmpty,
        // Only when the rest is valid: an unknown name is the one thing to say then.
        when: (payload) => payload.issues.length === 0,
      }),
  },
  { error: settingsObjectError(MEMBER_EMAIL_TEXT.fieldUnknown) },
);
export type EmailSettingsUpdate = z.input<typeof emailSettingsUpdateSchema>;

/** POST /unsubscribe?token=: the token of the link mailed to the member. */
export const unsubscribeQuerySchema = z.object({
  token: text({ error: MEMBER_EMAIL_TEXT.unsubscribeInvalid }),
});
