import { z } from './zod.js';
import { RESOURCE_TYPES, SUBMISSION_STATUSES, VOTE_ITEM_TYPES } from '../enums.js';
import { CERT_CODE_MAX, DESCRIPTION_MAX, NAME_MAX, SEARCH_QUERY_MAX, URL_MAX, VENDOR_MAX } from '../limits.js';
import { MSG } from '../messages.js';
import { idOrSlugSchema, idSchema } from './common.js';
import { text } from './text.js';

export const submissionStatusSchema = z.enum(SUBMISSION_STATUSES);
export const resourceTypeSchema = z.enum(RESOURCE_TYPES, {
  error: `The type must be one of ${RESOURCE_TYPES.join(', ')}`,
});
export const voteItemTypeSchema = z.enum(VOTE_ITEM_TYPES, { error: 'Votes are for a certification or a resource' });

/** An absolute http(s) address; other schemes (javascript:, data:) are refused. */
export const httpUrlSchema = text({ error: MSG.urlRequired })
  .trim()
  .min(1, MSG.urlRequired)
  .max(URL_MAX, MSG.urlInvalid)
  .refine((v) => {
    try {
      const u = new URL(v);
      return u.protocol === 'https:' || u.protocol === 'http:';
    } catch {
      return false;
    }
  }, MSG.urlInvalid);

const required = (message: string, max: number) =>
  text({ error: message }).trim().min(1, message).max(max, `Must be at most ${max} characters`);

export const certificationSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  certCode: z.string(),
  vendor: z.string(),
  description: z.string(),
  url: z.string(),
  submittedById: z.string().nullable(),
  upvoteCount: z.number().int(),
  downvoteCount: z.number().int(),
  status: submissionStatusSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
  /**
   * Set for the submitter and moderators when a member's edit of this approved certification waits for review;
   * in the review queue, marks an edit (with the proposed values) rather than a new submission.
   */
  pendingEdit: z.boolean().optional(),
});
export type Certification = z.infer<typeof certificationSchema>;

export const createCertificationRequestSchema = z.object({
  name: required(MSG.certNameRequired, NAME_MAX),
  certCode: required(MSG.certCodeRequired, CERT_CODE_MAX),
  vendor: required(MSG.vendorRequired, VENDOR_MAX),
  description: required(MSG.descriptionRequired, DESCRIPTION_MAX),
  url: httpUrlSchema,
  /** Sent by the web client; the server takes the submitter from the token and ignores it (docs/api.md#statuses). */
  submittedById: z.unknown().optional(),
});
export type CreateCertificationRequest = z.infer<typeof createCertificationRequestSchema>;

const optionalUrl = z
  .union([z.literal(''), httpUrlSchema])
  .optional()
  .transform((v) => (v === undefined ? undefined : v));

export const updateCertificationRequestSchema = z.object({
  name: required(MSG.certNameRequired, NAME_MAX),
  certCode: required(MSG.certCodeRequired, CERT_CODE_MAX),
  vendor: required(MSG.vendorRequired, VENDOR_MAX),
  description: text().trim().max(DESCRIPTION_MAX).optional(),
  url: optionalUrl,
});
export type UpdateCertificationRequest = z.infer<typeof updateCertificationRequestSchema>;

export const resourceSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  url: z.string(),
  type: resourceTypeSchema,
  paid: z.boolean(),
  upvoteCount: z.number().int(),
  downvoteCount: z.number().int(),
  certificationId: z.number().int(),
  submittedById: z.string().nullable(),
  status: submissionStatusSchema,
  createdAt: z.string(),
});
export type Resource = z.infer<typeof resourceSchema>;

export const createResourceRequestSchema = z.object({
  name: required(MSG.resourceNameRequired, NAME_MAX),
  description: required(MSG.descriptionRequired, DESCRIPTION_MAX),
  url: httpUrlSchema,
  type: resourceTypeSchema.default('course'),
  isPaid: z.boolean().optional().default(false),
  certificationId: z.union([idSchema, idOrSlugSchema], {
    error: 'certificationId must be the id or slug of a certification',
  }),
  submittedById: z.unknown().optional(),
});
export type CreateResourceRequest = z.input<typeof createResourceRequestSchema>;

export const voteStatusSchema = z.object({
  hasVoted: z.boolean(),
  isUpvote: z.boolean(),
  upvoteCount: z.number().int(),
  downvoteCount: z.number().int(),
});
export type VoteStatus = z.infer<typeof voteStatusSchema>;

/** GET /api/certification?q=: ranked, typo-tolerant search of the approved catalogue. */
export const certificationListQuerySchema = z.object({
  q: z
    .string()
    .trim()
    .max(SEARCH_QUERY_MAX, `The search must be at most ${SEARCH_QUERY_MAX} characters`)
    // Control characters (a NUL byte above all, which PostgreSQL text cannot hold) are spaces to a search.
    // eslint-disable-next-line no-control-regex
    .transform((v) => v.replace(/[\u0000-\u001f\u007f]+/g, ' ').trim())
    .optional()
    .describe(
      'Words to look for in the name, exam code, vendor and description. Ranked: an exact exam code first, then ' +
        'full-text matches, then names that are close in spelling (typos). At most 50 results. Empty or absent: the ' +
        'whole approved catalogue.',
    ),
});
export type CertificationListQuery = z.infer<typeof certificationListQuerySchema>;

export const voteParamsSchema = z.object({ type: voteItemTypeSchema, id: idOrSlugSchema });

export const statsSchema = z.object({
  certifications: z.number().int(),
  vendors: z.number().int(),
  resources: z.number().int(),
  members: z.number().int(),
});
export type Stats = z.infer<typeof statsSchema>;
