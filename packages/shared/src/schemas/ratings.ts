import { z } from './zod.js';
import { RATING_OUTCOMES } from '../catalogue-enums.js';
import { EXAM_YEAR_MIN, RATING_MAX, RATING_MIN, REVIEW_MAX, STUDY_HOURS_MAX } from '../catalogue-limits.js';
import { MSG } from '../text/messages.js';
import { isDangerousContent } from '../rules.js';
import { text } from './text.js';
import { certificationSchema } from './catalogue.js';

const score = (label: string) =>
  z
    .number({ error: `${label} must be a whole number from ${RATING_MIN} to ${RATING_MAX}` })
    .int(`${label} must be a whole number from ${RATING_MIN} to ${RATING_MAX}`)
    .min(RATING_MIN, `${label} must be a whole number from ${RATING_MIN} to ${RATING_MAX}`)
    .max(RATING_MAX, `${label} must be a whole number from ${RATING_MIN} to ${RATING_MAX}`);

export const ratingOutcomeSchema = z.enum(RATING_OUTCOMES, {
  error: `The outcome must be one of ${RATING_OUTCOMES.join(', ')}`,
});

/** PUT /api/certification/{id}/rating (docs/api.md#ratings-and-comparison). `examYear` is checked against the current year. */
export const ratingRequestSchema = z.object({
  difficulty: score('Difficulty'),
  value: score('Value'),
  recognition: score('Recognition'),
  studyHours: z
    .number({ error: 'Study hours must be a number' })
    .int('Study hours must be a whole number')
    .min(0, 'Study hours cannot be negative')
    .max(STUDY_HOURS_MAX, `Study hours must be at most ${STUDY_HOURS_MAX}`)
    .nullish(),
  outcome: ratingOutcomeSchema.nullish(),
  examYear: z
    .number({ error: 'The exam year must be a year' })
    .int('The exam year must be a year')
    .min(EXAM_YEAR_MIN, `The exam year must be ${EXAM_YEAR_MIN} or later`)
    .refine((y) => y <= new Date().getUTCFullYear(), 'The exam year cannot be in the future')
    .nullish(),
  review: text({ error: 'The review must be text' })
    .trim()
    .max(REVIEW_MAX, `The review must be at most ${REVIEW_MAX} characters`)
    .refine((v) => !isDangerousContent(v), MSG.reviewDangerous)
    .nullish()
    .transform((v) => (v ? v : null)),
});
export type RatingRequest = z.input<typeof ratingRequestSchema>;

export const ratingSchema = z.object({
  difficulty: z.number().int(),
  value: z.number().int(),
  recognition: z.number().int(),
  studyHours: z.number().int().nullable(),
  outcome: ratingOutcomeSchema.nullable(),
  examYear: z.number().int().nullable(),
  review: z.string().nullable(),
  /**
   * The member's own review as others see it (docs/product.md#flags): 'hidden' pending review after flags, 'removed'
   * by a moderator; the review text is still sent to its author. Absent or null: shown.
   */
  reviewState: z.enum(['hidden', 'removed']).nullable().optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Rating = z.infer<typeof ratingSchema>;

const criterionSchema = z.object({
  /** null below RATINGS_FOR_MEANS ratings. */
  mean: z.number().nullable(),
  /** How many gave 1, 2, 3, 4 and 5. */
  distribution: z.array(z.number().int()).length(5),
});

export const ratingSummarySchema = z.object({
  count: z.number().int(),
  /** How many of the counted ratings are by verified holders (docs/api.md#verified-holders). */
  verifiedHolders: z.number().int(),
  difficulty: criterionSchema,
  value: criterionSchema,
  recognition: criterionSchema,
  studyHours: z.object({
    median: z.number().nullable(),
    p25: z.number().nullable(),
    p75: z.number().nullable(),
    count: z.number().int(),
  }),
  outcomes: z.object(
    Object.fromEntries(RATING_OUTCOMES.map((o) => [o, z.number().int()])) as Record<
      (typeof RATING_OUTCOMES)[number],
      z.ZodNumber
    >,
  ),
});
export type RatingSummary = z.infer<typeof ratingSummarySchema>;

export const reviewSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  difficulty: z.number().int(),
  value: z.number().int(),
  recognition: z.number().int(),
  studyHours: z.number().int().nullable(),
  outcome: ratingOutcomeSchema.nullable(),
  examYear: z.number().int().nullable(),
  review: z.string().nullable(),
  createdAt: z.string(),
  /** The rater holds a verified Open Badge of the certification. */
  verifiedHolder: z.boolean(),
});
export type Review = z.infer<typeof reviewSchema>;

/**
 * GET/PUT /api/user/rating-privacy: whether others see the exam outcome and study hours of the member's ratings.
 * Off by default; the summary of a certification counts them either way.
 */
export const ratingPrivacySchema = z.object({
  showOutcome: z.boolean().describe('true: your reviews show your exam outcome and study hours to everyone'),
});
export type RatingPrivacy = z.infer<typeof ratingPrivacySchema>;
export const ratingPrivacyUpdateSchema = z.strictObject({
  showOutcome: z.boolean({ error: 'showOutcome must be true or false' }),
});

export const ratingsPageSchema = z.object({ summary: ratingSummarySchema, reviews: z.array(reviewSchema) });
export type RatingsPage = z.infer<typeof ratingsPageSchema>;

/** GET /api/compare?c=: two to four certifications by id or slug, comma-separated. */
export const compareQuerySchema = z.object({
  c: text({ error: 'Name two to four certifications to compare: ?c=first,second' })
    .transform((v) =>
      v
        .split(',')
        .map((p) => p.trim().toLowerCase())
        .filter(Boolean),
    )
    .refine((list) => list.length >= 2, 'Name at least two certifications to compare')
    .refine((list) => list.length <= 4, 'At most four certifications can be compared at once')
    .refine((list) => new Set(list).size === list.length, 'Each certification can be compared only once'),
});

export const comparisonSchema = z.object({
  certifications: z.array(certificationSchema.extend({ ratings: ratingSummarySchema })),
});
export type Comparison = z.infer<typeof comparisonSchema>;
