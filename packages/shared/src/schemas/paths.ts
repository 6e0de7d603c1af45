import { z } from './zod.js';
import { PATH_EDGE_KINDS, NEXT_REASONS } from '../path-enums.js';
import { DOMAIN_SLUGS } from '../domains.js';
import { certLevelSchema, certificationRefSchema, lifecycleSchema } from './facts.js';

/** A domain's card on /paths (GET /api/paths). */
export const pathDomainSchema = z.object({
  domain: z.string(),
  name: z.string(),
  certificationCount: z.number().int(),
});
export type PathDomain = z.infer<typeof pathDomainSchema>;

/**
 * No length limit: a name of any length that is no domain is simply an unknown domain (404), and the service checks
 * the slug's form before any query (docs/api.md#paths).
 */
export const pathDomainParamSchema = z.object({
  domain: z.string().describe(`One of ${DOMAIN_SLUGS.join(', ')}`),
});

/** A certification on a domain's map: enough to draw and label its node and to colour it by vendor. */
export const pathCertificationSchema = certificationRefSchema.extend({
  certCode: z.string(),
  vendor: z.string(),
  lifecycle: lifecycleSchema,
});
export type PathCertification = z.infer<typeof pathCertificationSchema>;

export const pathNodeSchema = z.object({ certification: pathCertificationSchema, level: certLevelSchema.nullable() });
export type PathNode = z.infer<typeof pathNodeSchema>;

export const pathEdgeKindSchema = z.enum(PATH_EDGE_KINDS);

/**
 * "Take `from` before `to`", by certification id. REQUIRED and RECOMMENDED come from the catalogue's prerequisite
 * links (weight 1); COMMON_NEXT from members who earned `from` and later `to` (weight: how many members, never
 * below COMMON_NEXT_MIN_MEMBERS).
 */
export const pathEdgeSchema = z.object({
  from: z.number().int(),
  to: z.number().int(),
  kind: pathEdgeKindSchema,
  weight: z.number().int(),
});
export type PathEdge = z.infer<typeof pathEdgeSchema>;

export const pathMapSchema = z.object({ nodes: z.array(pathNodeSchema), edges: z.array(pathEdgeSchema) });
export type PathMap = z.infer<typeof pathMapSchema>;

/** One "what to take next" suggestion of GET /api/certification/{id}/next; `members` is set for COMMON_NEXT only. */
export const nextStepSchema = z.object({
  certification: certificationRefSchema,
  reason: z.enum(NEXT_REASONS),
  members: z.number().int().nullable(),
});
export type NextStep = z.infer<typeof nextStepSchema>;
