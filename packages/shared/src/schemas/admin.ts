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
  /** Members' proposed revisions of certifications (docs/api.md#revisions). */
  revisions: z.number().int(),
  /** Items with open flags (docs/product.md#flags), and voting-ring signals not dismissed. */
  flags: z.number().int().optional(),
  total: z.number().int(),
});
export type PendingCounts = z.infer<typeof pendingCountsSchema>;

/** A resource awaiting review names its certification, so the moderator sees what it is for. */
export const pendingResourceSchema = resourceSchema.extend({
  certificationName: z.string(),
  certificationSlug: z.string(),
});
export type PendingResource = z.infer<typeof pendingResourceSchema>;

export const pendingItemsSchema = z.object({
  certifications: z.array(certificationSchema),
  resources: z.array(pendingResourceSchema),
  revisions: z.array(revisionSchema),
});

export const rejectRequestSchema = z.object({
  reason: text({ error: 'A reason is required' })
    .trim()
    .min(1, 'A reason is required')
    .max(REASON_MAX, `The reason must be at most ${REASON_MAX} characters`),
});

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
