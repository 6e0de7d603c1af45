import { z } from './zod.js';
import { CERT_LEVELS, CERTIFICATION_SORTS, LIFECYCLES } from '../catalogue-enums.js';
import { DOMAIN_SLUGS } from '../domains.js';
import { RESOURCE_TYPES, SUBMISSION_STATUSES, VOTE_ITEM_TYPES } from '../enums.js';
import { CERT_CODE_MAX, DESCRIPTION_MAX, LIST_PAGE_MAX, NAME_MAX, SEARCH_QUERY_MAX, VENDOR_MAX } from '../limits.js';
import { EXAM_COST_MAX_USD } from '../catalogue-limits.js';
import { MSG } from '../text/messages.js';
import { httpUrlSchema, idOrSlugSchema, idSchema, pageLimitSchema } from './common.js';
import { certificationFactsShape } from './facts.js';

export { httpUrlSchema };
import { text } from './text.js';

export const submissionStatusSchema = z.enum(SUBMISSION_STATUSES);
export const resourceTypeSchema = z.enum(RESOURCE_TYPES, {
  error: `The type must be one of ${RESOURCE_TYPES.join(', ')}`,
});
export const voteItemTypeSchema = z.enum(VOTE_ITEM_TYPES, { error: 'Votes are for a certification or a resource' });

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
  /**
   * Set for the submitter and moderators while members' flags hide this certification (PENDING) until a moderator
   * decides (docs/product.md#flags); the submitter's changes wait for review meanwhile.
   */
  hiddenByFlags: z.boolean().optional(),
  ...certificationFactsShape,
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

/** Search text: at most SEARCH_QUERY_MAX characters; control characters are spaces (docs/product.md#search). */
const searchText = () =>
  text()
    .trim()
    .max(SEARCH_QUERY_MAX, MSG.searchTooLong)
    // A NUL is refused like in every other text (400): PostgreSQL text cannot hold one, and it is what separates
    // the fields searched. The other control characters are spaces to a search.
    // eslint-disable-next-line no-control-regex
    .transform((v) => v.replace(/[\u0000-\u001f\u007f]+/g, ' ').trim());

/** GET /api/search?q=: the ranked, typo-tolerant search of the approved catalogue. */
export const rankedSearchQuerySchema = z.object({
  q: searchText()
    .optional()
    .describe(
      'Words to look for in the name, exam code, vendor, description, previous exam codes and domain names. ' +
        'Ranked: an exact exam code first, then full-text matches, then names that are close in spelling (typos). ' +
        'At most 50 results; empty or absent: none.',
    ),
});

/** GET /api/certification: the list with the home page's search, filters, an order and paging. */
export const certificationListQuerySchema = z.object({
  q: searchText()
    .optional()
    .describe(
      "The home page's search: certifications whose name, vendor, exam code, description, a previous exam code " +
        "or a domain's name holds this text, any case, exactly as the home page matches it. Unranked: the list keeps " +
        'its sort. Combines with the filters and paging. Empty: no search.',
    ),
  contains: searchText()
    .optional()
    .describe('The same search as q, under the name the home page of a large catalogue first used; q wins.'),
  sort: z
    .enum(CERTIFICATION_SORTS, { error: `The sort must be one of ${CERTIFICATION_SORTS.join(', ')}` })
    .optional()
    .describe(
      'best: Wilson lower bound of the votes; top: up minus down; new: newest first; trending: recent votes, ' +
        'ratings and comments with a time decay; hardest, easiest, value: by the rating means (unrated last); ' +
        'rated: most ratings; name: by vendor and name',
    ),
  vendor: text().trim().min(1).max(VENDOR_MAX).optional().describe('Only this vendor (any case)'),
  domain: text()
    .optional()
    .transform((v, ctx) => listOf(v, DOMAIN_SLUGS, 'domain', ctx))
    .describe('One or more domain slugs, comma-separated: certifications in any of them'),
  level: text()
    .optional()
    .transform((v, ctx) => listOf(v, CERT_LEVELS, 'level', ctx))
    .describe('One or more levels, comma-separated'),
  maxCostUsd: z.coerce
    .number({ error: 'maxCostUsd must be a number of US dollars' })
    .min(0, 'maxCostUsd cannot be negative')
    .max(EXAM_COST_MAX_USD)
    .optional()
    .describe('Only certifications whose exam is known to cost at most this much'),
  lifecycle: text()
    .optional()
    .transform((v, ctx) => listOf(v, LIFECYCLES, 'lifecycle', ctx))
    .describe(
      'One or more of ACTIVE, RETIRING, RETIRED; with any other filter or paging it defaults to ACTIVE,RETIRING',
    ),
  limit: pageLimitSchema(LIST_PAGE_MAX).optional(),
  cursor: text()
    .regex(/^\d{1,6}$/, 'That cursor is not one this list gave out')
    .optional()
    .describe('The `cursor` of the Link header of the previous page'),
});

/** A comma-separated query value, each part one of `allowed`; an unknown part is a 400 that names it. */
function listOf<T extends string>(
  value: string | undefined,
  allowed: readonly T[],
  name: string,
  ctx: { addIssue: (issue: { code: 'custom'; message: string }) => void },
): T[] | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  const parts = value.split(',').map((p) => p.trim());
  const unknown = parts.filter((p) => !(allowed as readonly string[]).includes(p));
  if (unknown.length) {
    ctx.addIssue({ code: 'custom', message: `Unknown ${name} ${unknown.join(', ')}: use ${allowed.join(', ')}` });
    return undefined;
  }
  return [...new Set(parts as T[])];
}
export type CertificationListQuery = z.infer<typeof certificationListQuerySchema>;

export const voteParamsSchema = z.object({ type: voteItemTypeSchema, id: idOrSlugSchema });

export const statsSchema = z.object({
  certifications: z.number().int(),
  vendors: z.number().int(),
  resources: z.number().int(),
  members: z.number().int(),
});
export type Stats = z.infer<typeof statsSchema>;
