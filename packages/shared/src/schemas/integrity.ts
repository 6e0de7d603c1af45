import { z } from './zod.js';
import { REASON_MAX } from '../limits.js';
import { idCursorSchema, pageLimitSchema } from './common.js';
import { text } from './text.js';
import { userSchema } from './user.js';

/** The longest suspension with an end date; longer ones are "until lifted" (`days` left out). */
export const SUSPENSION_DAYS_MAX = 3650;
export const MODERATION_LOG_PAGE_SIZE = 50;
export const MODERATION_LOG_PAGE_MAX = 100;

/** POST /api/admin/users/{id}/suspend: `days` left out suspends until a moderator lifts it. */
export const suspendRequestSchema = z.object({
  days: z
    .number({ error: 'The number of days must be a whole number' })
    .int('The number of days must be a whole number')
    .min(1, 'The number of days must be at least 1')
    .max(SUSPENSION_DAYS_MAX, `The number of days must be at most ${SUSPENSION_DAYS_MAX}`)
    .optional(),
  reason: text({ error: 'A reason is required' })
    .trim()
    .min(1, 'A reason is required')
    .max(REASON_MAX, `The reason must be at most ${REASON_MAX} characters`),
});
export type SuspendRequest = z.input<typeof suspendRequestSchema>;

/** POST /api/admin/users/{id}/reverse-votes (docs/product.md#reversing-votes): the reason goes on the public log. */
export const reverseVotesRequestSchema = z.object({
  reason: text({ error: 'A reason is required' })
    .trim()
    .min(1, 'A reason is required')
    .max(REASON_MAX, `The reason must be at most ${REASON_MAX} characters`),
});
export type ReverseVotesRequest = z.input<typeof reverseVotesRequestSchema>;

/** The answer of a reversal: how many votes of the account were removed (certifications and resources). */
export const reverseVotesResponseSchema = z.object({ reversed: z.number().int().min(0) });
export type ReverseVotesResponse = z.infer<typeof reverseVotesResponseSchema>;

/** One suspension of an account, as the admin panel lists them (newest first). */
export const suspensionSchema = z.object({
  id: z.number().int(),
  reason: z.string(),
  /** Null: until lifted. */
  endsAt: z.string().nullable(),
  createdAt: z.string(),
  /** Who suspended; null once that account is gone. */
  moderator: z.string().nullable(),
  /** When it was lifted by hand; null while in force or once it ran out by itself. */
  liftedAt: z.string().nullable(),
  liftedBy: z.string().nullable(),
  /** In force now: not lifted and not past its end. */
  active: z.boolean(),
});
export type Suspension = z.infer<typeof suspensionSchema>;

/** The answer of suspend and lift: the account's suspension in force (null after a lift) and its history. */
export const suspensionStateSchema = z.object({
  userId: z.number().int(),
  username: z.string(),
  current: suspensionSchema.nullable(),
  history: z.array(suspensionSchema),
});
export type SuspensionState = z.infer<typeof suspensionStateSchema>;

/**
 * The body of a refused sign-in of a suspended member (403): the message says why and until when; `endsAt` null is
 * "until lifted".
 */
export const suspendedErrorSchema = z.object({
  message: z.string(),
  reason: z.string(),
  endsAt: z.string().nullable(),
});
export type SuspendedError = z.infer<typeof suspendedErrorSchema>;

/**
 * One entry of the public moderation log (GET /api/moderation-log): never an email address, a private note or the
 * content of a removed item. `targetLink` is a path on this site, null when the target has no public page (a
 * rejected submission, an account).
 */
export const publicModerationEntrySchema = z.object({
  id: z.number().int(),
  action: z.string(),
  moderator: z.string().nullable(),
  targetType: z.string(),
  targetTitle: z.string().nullable(),
  targetLink: z.string().nullable(),
  reason: z.string().nullable(),
  createdAt: z.string(),
});
export type PublicModerationEntry = z.infer<typeof publicModerationEntrySchema>;

/** GET /api/moderation-log?limit=&cursor= (the cursor is the id of the last entry of the previous page). */
export const moderationLogQuerySchema = z.object({
  limit: pageLimitSchema(MODERATION_LOG_PAGE_MAX).default(MODERATION_LOG_PAGE_SIZE),
  cursor: idCursorSchema,
});
export type ModerationLogQuery = z.infer<typeof moderationLogQuerySchema>;

export interface ModerationLogPage {
  entries: PublicModerationEntry[];
  /** The cursor of the next page; null on the last. */
  nextCursor: number | null;
}

/**
 * A member as the admin panel's Members tab lists them (GET /api/admin/users): the User with the suspension in force,
 * null when there is none (the server always sends it).
 */
export const adminUserSchema = userSchema.extend({ suspension: suspensionSchema.nullable().optional() });
export type AdminUser = z.infer<typeof adminUserSchema>;
