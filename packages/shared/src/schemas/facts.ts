import { z } from './zod.js';
import {
  CERT_LEVELS,
  EXAM_DELIVERIES,
  EXAM_FORMATS,
  LIFECYCLES,
  PREREQUISITE_KINDS,
  SOURCE_KINDS,
} from '../catalogue-enums.js';
import { DOMAIN_SLUGS } from '../domains.js';
import { CERT_CODE_MAX, DESCRIPTION_MAX, NAME_MAX, REASON_MAX, VENDOR_MAX } from '../limits.js';
import {
  EXAM_COST_MAX_USD,
  EXAM_DURATION_MAX_MINUTES,
  EXAM_QUESTIONS_MAX,
  FACT_TEXT_MAX,
  PASSING_SCORE_MAX,
  PREREQUISITES_MAX,
  PREVIOUS_CODES_MAX,
  REVISION_SUMMARY_MAX,
  VALIDITY_MONTHS_MAX,
  ALIASES_MAX,
  ALIAS_MAX,
  BADGE_CLASSES_MAX,
} from '../catalogue-limits.js';
import { MSG } from '../text/messages.js';
import { httpUrlSchema, idOrSlugSchema } from './common.js';
import { text } from './text.js';

export const certLevelSchema = z.enum(CERT_LEVELS, { error: `The level must be one of ${CERT_LEVELS.join(', ')}` });
export const lifecycleSchema = z.enum(LIFECYCLES, { error: `The lifecycle must be one of ${LIFECYCLES.join(', ')}` });
export const domainSlugSchema = z.enum(DOMAIN_SLUGS, { error: `The domain must be one of ${DOMAIN_SLUGS.join(', ')}` });
export const prerequisiteKindSchema = z.enum(PREREQUISITE_KINDS, { error: 'The kind must be REQUIRED or RECOMMENDED' });

/** A link to another certification, as answers show it. */
export const certificationRefSchema = z.object({ id: z.number().int(), slug: z.string(), name: z.string() });
export type CertificationRef = z.infer<typeof certificationRefSchema>;

export const examFactsSchema = z.object({
  costUsd: z.number().nullable(),
  durationMinutes: z.number().int().nullable(),
  questionCount: z.number().int().nullable(),
  questionCountMax: z.number().int().nullable(),
  passingScore: z.string().nullable(),
  formats: z.array(z.string()),
  delivery: z.array(z.string()),
});
export type ExamFacts = z.infer<typeof examFactsSchema>;

/** The facts every certification answer carries (each `null` where not known). */
export const certificationFactsShape = {
  level: certLevelSchema.nullable(),
  domains: z.array(z.string()),
  exam: examFactsSchema,
  validityMonths: z.number().int().nullable(),
  renewal: z.string().nullable(),
  prerequisites: z.array(z.object({ certification: certificationRefSchema, kind: prerequisiteKindSchema })),
  prerequisiteNotes: z.string().nullable(),
  lifecycle: lifecycleSchema,
  retiresOn: z.string().nullable(),
  supersededBy: certificationRefSchema.nullable(),
  previousCodes: z.array(z.string()),
  factsVerifiedAt: z.string().nullable(),
  factsSource: z.string().nullable(),
  /** Where each fact was read (docs/api.md#facts-filters-and-revisions): `fields` names the facts a source supports. */
  sources: z.array(
    z.object({
      url: z.string(),
      kind: z.enum(SOURCE_KINDS),
      retrievedOn: z.string(),
      fields: z.array(z.string()),
    }),
  ),
  aliases: z.array(z.string()),
  badgeClasses: z.array(z.string()),
  /** How many revisions have been applied: a proposal names the one it was made against (`baseRevision`). */
  revision: z.number().int(),
  // What the community says (docs/api.md#ratings-and-comparison): means are null below RATINGS_FOR_MEANS ratings.
  ratingCount: z.number().int(),
  difficulty: z.number().nullable(),
  value: z.number().nullable(),
  recognition: z.number().nullable(),
  commentCount: z.number().int(),
  /** The lower bound of the 95% Wilson interval of the share of up votes (0 without votes). */
  score: z.number(),
};

export const isoDay = z
  .string({ error: 'Dates are written YYYY-MM-DD' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Dates are written YYYY-MM-DD')
  .refine(
    (v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v),
    {
      message: 'That date does not exist',
    },
  );

const optionalText = (max: number) =>
  text()
    .trim()
    .max(max, `Must be at most ${max} characters`)
    .nullable()
    .transform((v) => (v === '' ? null : v));

const wholeInRange = (label: string, max: number) =>
  z
    .number({ error: `${label} must be a number` })
    .int(`${label} must be a whole number`)
    .min(0, `${label} cannot be negative`)
    .max(max, `${label} must be at most ${max}`)
    .nullable();

/** Each exam fact as input takes it, without a default: an import's `exam` names only the facts its source states. */
export const examFactShape = {
  costUsd: z
    .number({ error: 'The cost must be a number of US dollars' })
    .min(0, 'The cost cannot be negative')
    .max(EXAM_COST_MAX_USD, `The cost must be at most ${EXAM_COST_MAX_USD}`)
    .nullable(),
  durationMinutes: wholeInRange('The length in minutes', EXAM_DURATION_MAX_MINUTES),
  questionCount: wholeInRange('The number of questions', EXAM_QUESTIONS_MAX),
  /** The high end when the vendor states a range (50-60): then `questionCount` is the low end. */
  questionCountMax: wholeInRange('The most questions', EXAM_QUESTIONS_MAX),
  passingScore: optionalText(PASSING_SCORE_MAX),
  formats: z.array(z.enum(EXAM_FORMATS, { error: `Formats are ${EXAM_FORMATS.join(', ')}` })).max(EXAM_FORMATS.length),
  delivery: z
    .array(z.enum(EXAM_DELIVERIES, { error: `Delivery is ${EXAM_DELIVERIES.join(', ')}` }))
    .max(EXAM_DELIVERIES.length),
};

export const examFactsInputSchema = z
  .object({
    costUsd: examFactShape.costUsd.default(null),
    durationMinutes: examFactShape.durationMinutes.default(null),
    questionCount: examFactShape.questionCount.default(null),
    questionCountMax: examFactShape.questionCountMax.default(null),
    passingScore: examFactShape.passingScore.default(null),
    formats: examFactShape.formats.default([]),
    delivery: examFactShape.delivery.default([]),
  })
  .strict();

/**
 * Each field a revision may change, with the check of the value it would take (docs/api.md#facts-filters-and-revisions): one place for
 * revisions, the operator import and the catalogue's data files. Links name a certification by id or slug; domains
 * by slug.
 */
export const revisionFieldShape = {
  name: text({ error: MSG.certNameRequired }).trim().min(1, MSG.certNameRequired).max(NAME_MAX),
  certCode: text({ error: MSG.certCodeRequired }).trim().min(1, MSG.certCodeRequired).max(CERT_CODE_MAX),
  vendor: text({ error: MSG.vendorRequired }).trim().min(1, MSG.vendorRequired).max(VENDOR_MAX),
  description: text({ error: MSG.descriptionRequired }).trim().min(1, MSG.descriptionRequired).max(DESCRIPTION_MAX),
  url: httpUrlSchema,
  level: certLevelSchema.nullable(),
  domains: z.array(domainSlugSchema).max(DOMAIN_SLUGS.length),
  exam: examFactsInputSchema,
  validityMonths: z
    .number({ error: 'The validity must be a number of months' })
    .int('The validity must be a whole number of months')
    .min(1, 'The validity must be at least 1 month')
    .max(VALIDITY_MONTHS_MAX, `The validity must be at most ${VALIDITY_MONTHS_MAX} months`)
    .nullable(),
  renewal: optionalText(FACT_TEXT_MAX),
  prerequisites: z
    .array(
      z.object({
        certification: z.union([z.number().int().positive(), idOrSlugSchema]),
        kind: prerequisiteKindSchema,
      }),
    )
    .max(PREREQUISITES_MAX, `At most ${PREREQUISITES_MAX} prerequisites`),
  prerequisiteNotes: optionalText(FACT_TEXT_MAX),
  lifecycle: lifecycleSchema,
  retiresOn: isoDay.nullable(),
  // null (no successor) sits in the number branch: OpenAPI 3.0 has no null type of its own.
  supersededBy: z.union([z.number().int().positive().nullable(), idOrSlugSchema]),
  previousCodes: z
    .array(text().trim().min(1, 'An exam code cannot be empty').max(CERT_CODE_MAX))
    .max(PREVIOUS_CODES_MAX, `At most ${PREVIOUS_CODES_MAX} previous codes`),
  factsVerifiedAt: isoDay.nullable(),
  factsSource: httpUrlSchema.nullable(),
  aliases: z
    .array(
      text()
        .trim()
        .min(1, 'An alias cannot be empty')
        .max(ALIAS_MAX, `An alias must be at most ${ALIAS_MAX} characters`),
    )
    .max(ALIASES_MAX, `At most ${ALIASES_MAX} aliases`),
  badgeClasses: z.array(httpUrlSchema).max(BADGE_CLASSES_MAX, `At most ${BADGE_CLASSES_MAX} badge classes`),
};

/** The fields a revision may change; an unknown field is refused by name. */

export const revisionChangesSchema = z.object(revisionFieldShape).partial().strict();
export type RevisionChanges = z.infer<typeof revisionChangesSchema>;
export type RevisionField = keyof RevisionChanges;
export const REVISION_FIELDS = Object.keys(revisionChangesSchema.shape) as RevisionField[];

export const createRevisionRequestSchema = z.object({
  changes: revisionChangesSchema.refine((c) => Object.keys(c).length > 0, 'Change at least one field'),
  summary: text({ error: 'Say in a few words what you changed and why' })
    .trim()
    .min(1, 'Say in a few words what you changed and why')
    .max(REVISION_SUMMARY_MAX, `The summary must be at most ${REVISION_SUMMARY_MAX} characters`),
  /** The certification's `revision` when the form was opened: a later change makes the proposal stale (409). */
  baseRevision: z.number().int().min(0).optional(),
  /** Where the new values were read: added to the certification's `sources` when the revision is applied. */
  source: z
    .object({
      url: httpUrlSchema,
      kind: z.enum(SOURCE_KINDS, { error: 'The kind must be VENDOR or THIRD_PARTY' }),
      retrievedOn: isoDay,
    })
    .strict()
    .optional(),
});
export type CreateRevisionRequest = z.input<typeof createRevisionRequestSchema>;

export const REVISION_STATUSES = ['PENDING', 'APPLIED', 'REJECTED'] as const;

export const revisionSchema = z.object({
  id: z.number().int(),
  certification: certificationRefSchema,
  author: z.string().nullable(),
  summary: z.string(),
  changes: z.array(z.object({ field: z.string(), before: z.unknown(), after: z.unknown() })),
  status: z.enum(REVISION_STATUSES),
  reason: z.string().nullable(),
  /** The revision this one reverted, if it is a revert. */
  revertOf: z.number().int().nullable(),
  /** Where the change was read, when the revision says. */
  source: z.object({ url: z.string(), kind: z.enum(SOURCE_KINDS), retrievedOn: z.string() }).nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
  /**
   * The username of who decided it: the moderator who approved or rejected it, the author of a change applied at
   * once, the system account for the catalogue's imports; null while pending or once that account is deleted.
   */
  decidedBy: z.string().nullable().optional(),
  /**
   * Set on a rejected revision when the viewer is not a moderator or admin: the decision and its reason are public,
   * what was proposed is not (`summary` is empty and `changes` lists nothing), since a rejected proposal may carry a
   * phishing address or someone's personal data.
   */
  withheld: z.literal(true).optional(),
});
export type Revision = z.infer<typeof revisionSchema>;

export const decideRevisionRequestSchema = z.object({
  reason: text().trim().max(REASON_MAX, `The reason must be at most ${REASON_MAX} characters`).optional(),
});

export const domainSchema = z.object({ slug: z.string(), name: z.string(), certificationCount: z.number().int() });
export type Domain = z.infer<typeof domainSchema>;
