import { z } from './zod.js';
import { MSG } from '../text/messages.js';
import { httpUrlSchema } from './common.js';

/** Why a badge was not accepted (docs/api.md#verified-holders): the `reason` of a 422. */
export const BADGE_FAILURE_REASONS = [
  'RECIPIENT_MISMATCH',
  'REVOKED',
  'EXPIRED',
  'UNKNOWN_BADGE',
  'BAD_SIGNATURE',
  'UNREACHABLE',
  'NOT_A_BADGE',
] as const;
export type BadgeFailureReason = (typeof BADGE_FAILURE_REASONS)[number];

/** A badge's standing: VERIFIED when added and at each daily check it passes; the others lose the marks. */
export const BADGE_STATUSES = ['VERIFIED', 'REVOKED', 'UNVERIFIED'] as const;
export type BadgeStatus = (typeof BADGE_STATUSES)[number];

/** The longest credential accepted inline (a compact JWT or its JSON), well under the 1 MB of a fetched one. */
export const BADGE_CREDENTIAL_MAX = 100_000;

/** POST /api/user/badges: the address of a hosted or signed badge, or an Open Badges 3.0 credential. */
export const badgeRequestSchema = z
  .object({
    url: httpUrlSchema.optional(),
    credential: z
      .union([z.string().trim().min(1).max(BADGE_CREDENTIAL_MAX), z.record(z.string(), z.unknown())])
      .optional(),
  })
  .refine((v) => (v.url === undefined) !== (v.credential === undefined), MSG.badgeInputRequired);
export type BadgeRequest = z.infer<typeof badgeRequestSchema>;

export const memberBadgeSchema = z.object({
  id: z.number().int(),
  certification: z.object({ id: z.number().int(), slug: z.string(), name: z.string() }),
  issuer: z.object({ name: z.string(), url: z.string().nullable() }),
  issuedOn: z.string(),
  expiresOn: z.string().nullable(),
  status: z.enum(BADGE_STATUSES),
  verifiedAt: z.string().nullable(),
});
export type MemberBadge = z.infer<typeof memberBadgeSchema>;

/**
 * The first sign-in's questions (docs/product.md#first-sign-in): asked once per member, after their first sign-in,
 * until answered (DONE) or skipped (SKIPPED).
 */
export const FIRST_SIGN_IN_OUTCOMES = ['DONE', 'SKIPPED'] as const;
export type FirstSignInOutcome = (typeof FIRST_SIGN_IN_OUTCOMES)[number];

export const firstSignInUpdateSchema = z.object({
  outcome: z.enum(FIRST_SIGN_IN_OUTCOMES, { error: 'The outcome must be DONE or SKIPPED' }),
});
export type FirstSignInUpdate = z.infer<typeof firstSignInUpdateSchema>;

export const firstSignInSchema = z.object({
  pending: z.boolean().describe('The questions are still to be asked: neither answered nor skipped'),
  outcome: z.enum(FIRST_SIGN_IN_OUTCOMES).nullable(),
  at: z.string().nullable().describe('When they were answered or skipped'),
});
export type FirstSignIn = z.infer<typeof firstSignInSchema>;
