import { z } from 'zod';

/** The error body of every failed call (spec/API.md, Conventions). */
export const errorResponseSchema = z.object({
  statusCode: z.number().int(),
  error: z.string(),
  message: z.string(),
});
export type ErrorResponse = z.infer<typeof errorResponseSchema>;

export const messageResponseSchema = z.object({ message: z.string() });

import { SLUG_PATTERN } from '../rules.js';

export { SLUG_PATTERN };

/** A positive integer id in a path. */
export const idParamSchema = z.object({
  id: z.coerce
    .number({ error: 'The id must be a positive whole number' })
    .int('The id must be a positive whole number')
    .positive('The id must be a positive whole number')
    .max(2_147_483_647, 'The id is too large'),
});

/** A certification path segment: its numeric id or its lowercase slug. */
export const idOrSlugSchema = z
  .string()
  .min(1)
  .max(200)
  .refine((v) => /^\d{1,10}$/.test(v) || SLUG_PATTERN.test(v), {
    message: 'The certification must be given by its numeric id or its slug',
  });
export const idOrSlugParamSchema = z.object({ id: idOrSlugSchema });

export const isoDate = z.string();
