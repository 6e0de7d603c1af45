import { z } from './zod.js';
import { ROLES } from '../enums.js';
import { REASON_MAX } from '../limits.js';
import { idSchema } from './common.js';
import { suspensionSchema } from './integrity.js';
import { text } from './text.js';

/** What a member can flag (docs/product.md#flags). A rating is flagged for its review. */
export const FLAG_TARGET_TYPES = ['certification', 'resource', 'comment', 'rating'] as const;
export type FlagTargetType = (typeof FLAG_TARGET_TYPES)[number];

export const FLAG_REASONS = ['SPAM', 'INCORRECT', 'OFFENSIVE', 'DUPLICATE', 'OTHER'] as const;
export type FlagReason = (typeof FLAG_REASONS)[number];

/** The words the flag dialog and the Flags tab show for each reason. */
export const FLAG_REASON_LABELS: Record<FlagReason, string> = {
  SPAM: 'Spam or advertising',
  INCORRECT: 'Incorrect or out of date',
  OFFENSIVE: 'Offensive or abusive',
  DUPLICATE: 'Duplicate',
  OTHER: 'Something else',
};

/** Flags from this many distinct members in good standing hide an item until a moderator decides. */
export const FLAG_HIDE_THRESHOLD = 3;
/** Good standing: an account at least this old, with a verified email, not suspended. */
export const FLAG_GOOD_STANDING_DAYS = 7;
export const FLAG_NOTE_MAX = 500;

export const FLAG_ACTIONS = ['DISMISS', 'REMOVE'] as const;
export type FlagAction = (typeof FLAG_ACTIONS)[number];

/** What a comment removed through a flag shows in its place in the thread. */
export const REMOVED_BY_MODERATOR_TEXT = '[removed by a moderator]';
/** What a comment hidden by flags shows until a moderator decides. */
export const HIDDEN_PENDING_REVIEW_TEXT = '[hidden pending review]';

const targetTypeSchema = z.enum(FLAG_TARGET_TYPES, {
  error: 'The item type must be certification, resource, comment or rating',
});

/** POST /api/flags: a note is required with OTHER, optional otherwise. */
export const createFlagRequestSchema = z
  .object({
    targetType: targetTypeSchema,
    targetId: idSchema,
    reason: z.enum(FLAG_REASONS, { error: 'The reason must be SPAM, INCORRECT, OFFENSIVE, DUPLICATE or OTHER' }),
    note: text({ error: 'The note must be text' })
      .trim()
      .max(FLAG_NOTE_MAX, `The note must be at most ${FLAG_NOTE_MAX} characters`)
      .optional(),
  })
  .refine((f) => f.reason !== 'OTHER' || (f.note ?? '').length > 0, {
    message: 'Please say what is wrong in the note',
    path: ['note'],
  });
export type CreateFlagRequest = z.input<typeof createFlagRequestSchema>;

/** The answer of POST /api/flags (201). `hidden`: this flag was the one that hid the item pending review. */
export const flagCreatedSchema = z.object({
  id: z.number().int(),
  targetType: targetTypeSchema,
  targetId: z.number().int(),
  hidden: z.boolean(),
});
export type FlagCreated = z.infer<typeof flagCreatedSchema>;

/** One flagged item in the Flags tab (GET /api/admin/flags), with its open flags. */
export const flaggedItemSchema = z.object({
  targetType: targetTypeSchema,
  targetId: z.number().int(),
  /** What the item is: a certification's or resource's name, or the certification a comment or rating is on. */
  title: z.string(),
  /** A path of the site where the item is shown; null when it has none. */
  link: z.string().nullable(),
  /** The flagged text (a comment, a review, a description), cut to 300 characters. */
  excerpt: z.string(),
  /** The item's author; null when the account is gone. */
  author: z.string().nullable(),
  authorId: z.number().int().nullable(),
  /** The author's role, which says who may suspend them (`can(viewer, 'user:suspend', …)`); null when gone. */
  authorRole: z.enum(ROLES).nullable(),
  /** The author's suspension in force, null when there is none (or the account is gone). */
  authorSuspension: suspensionSchema.nullable(),
  /** Hidden pending review by the flags themselves. */
  hidden: z.boolean(),
  /** Open flags on the item. */
  count: z.number().int(),
  reasons: z.array(z.object({ reason: z.enum(FLAG_REASONS), count: z.number().int() })),
  /** The notes members wrote, oldest first. */
  notes: z.array(z.object({ username: z.string(), note: z.string() })),
  firstFlaggedAt: z.string(),
  lastFlaggedAt: z.string(),
});
export type FlaggedItem = z.infer<typeof flaggedItemSchema>;

/**
 * A certification whose votes in a 24-hour window came mostly from accounts younger than a week (the voting-ring
 * job, docs/product.md#voting-rings), with the accounts involved.
 */
export const votingRingSignalSchema = z.object({
  id: z.number().int(),
  certificationId: z.number().int(),
  certificationName: z.string(),
  link: z.string(),
  windowStart: z.string(),
  windowEnd: z.string(),
  votes: z.number().int(),
  newAccountVotes: z.number().int(),
  accounts: z.array(z.object({ id: z.number().int(), username: z.string(), createdAt: z.string() })),
  createdAt: z.string(),
});
export type VotingRingSignal = z.infer<typeof votingRingSignalSchema>;

/** GET /api/admin/flags: open flags grouped by item, most flagged first; the voting-ring signals beside them. */
export const adminFlagsSchema = z.object({
  items: z.array(flaggedItemSchema),
  rings: z.array(votingRingSignalSchema),
});
export type AdminFlags = z.infer<typeof adminFlagsSchema>;

/** POST /api/admin/flags/resolve: REMOVE hides the item and tells its author the reason. */
export const resolveFlagsRequestSchema = z.object({
  targetType: targetTypeSchema,
  targetId: idSchema,
  action: z.enum(FLAG_ACTIONS, { error: 'The action must be DISMISS or REMOVE' }),
  reason: text({ error: 'A reason is required' })
    .trim()
    .min(1, 'A reason is required')
    .max(REASON_MAX, `The reason must be at most ${REASON_MAX} characters`),
});
export type ResolveFlagsRequest = z.input<typeof resolveFlagsRequestSchema>;

/** The answer of a resolve: how many open flags it closed. */
export const resolveFlagsResponseSchema = z.object({ resolved: z.number().int() });
export type ResolveFlagsResponse = z.infer<typeof resolveFlagsResponseSchema>;

/** POST /api/admin/voting-rings/{id}/dismiss: the signal leaves the Flags tab; no vote changes. */
export const dismissVotingRingResponseSchema = z.object({ id: z.number().int(), dismissed: z.literal(true) });
export type DismissVotingRingResponse = z.infer<typeof dismissVotingRingResponseSchema>;
