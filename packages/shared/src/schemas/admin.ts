import { z } from './zod.js';
import { MODERATION_ACTIONS } from '../enums.js';
import { REASON_MAX } from '../limits.js';
import { certificationSchema, resourceSchema } from './catalogue.js';
import { revisionSchema } from './facts.js';
import { text } from './text.js';
import { roleSchema } from './user.js';

export const pendingCountsSchema = z.object({
  certifications: z.number().int(),
  resources: z.number().int(),
  /** Members' proposed revisions of certifications (docs/api.md#facts-filters-and-revisions). */
  revisions: z.number().int(),
  /** Items with open flags (docs/product.md#flags), and voting-ring signals not dismissed. */
  flags: z.number().int().optional(),
  total: z.number().int(),
});
export type PendingCounts = z.infer<typeof pendingCountsSchema>;

/** The longest `version` a review call accepts: the queue hands out 43 characters. */
const QUEUE_VERSION_MAX = 100;

const queueVersion = z
  .string()
  .describe(
    'What the moderator saw: a fingerprint of the item as the queue showed it. Send it back with approve or reject: ' +
      'when the item changed since, the call answers 409 and decides nothing.',
  );

/** A certification in the review queue: a new submission, one members' flags hid, or an edit of a published one. */
export const pendingCertificationSchema = certificationSchema.extend({ version: queueVersion });
export type PendingCertification = z.infer<typeof pendingCertificationSchema>;

/** A resource awaiting review names its certification, so the moderator sees what it is for. */
export const pendingResourceSchema = resourceSchema.extend({
  certificationName: z.string(),
  certificationSlug: z.string(),
  /** Set when members' flags hid this (published) resource until a moderator decides (docs/product.md#flags). */
  hiddenByFlags: z.boolean().optional(),
  version: queueVersion,
});
export type PendingResource = z.infer<typeof pendingResourceSchema>;

export const pendingItemsSchema = z.object({
  certifications: z.array(pendingCertificationSchema),
  resources: z.array(pendingResourceSchema),
  revisions: z.array(revisionSchema),
});

const versionField = text({ error: 'The version must be text' })
  .max(QUEUE_VERSION_MAX, `The version must be at most ${QUEUE_VERSION_MAX} characters`)
  .optional()
  .describe('The `version` the review queue showed; when the item changed since, 409 and nothing is decided');

/** POST /api/admin/{certification|resource}/{id}/approve: the body is optional. */
export const approveRequestSchema = z.object({ version: versionField });
export type ApproveRequest = z.input<typeof approveRequestSchema>;

export const rejectRequestSchema = z.object({
  reason: text({ error: 'A reason is required' })
    .trim()
    .min(1, 'A reason is required')
    .max(REASON_MAX, `The reason must be at most ${REASON_MAX} characters`),
});

/** POST /api/admin/{certification|resource}/{id}/reject: the reason, and the version the queue showed. */
export const rejectSubmissionRequestSchema = rejectRequestSchema.extend({ version: versionField });
export type RejectSubmissionRequest = z.input<typeof rejectSubmissionRequestSchema>;

export const changeRoleRequestSchema = z.object({ role: roleSchema });
export const userSearchQuerySchema = z.object({ q: text().max(100).optional() });

export const moderationEntrySchema = z.object({
  id: z.number().int(),
  action: z.enum(MODERATION_ACTIONS),
  moderator: z.string().nullable(),
  itemType: z.string(),
  itemId: z.number().int(),
  itemLabel: z.string().nullable(),
  reason: z.string().nullable(),
  createdAt: z.string(),
});
export type ModerationEntry = z.infer<typeof moderationEntrySchema>;
