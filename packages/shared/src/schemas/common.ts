import { z } from './zod.js';

/** The error body of every failed call (docs/api.md#errors). */
export const errorResponseSchema = z.object({
  statusCode: z.number().int(),
  error: z.string(),
  message: z.string(),
});
export type ErrorResponse = z.infer<typeof errorResponseSchema>;

export const messageResponseSchema = z.object({ message: z.string() });

import { SLUG_PATTERN } from '../rules.js';
import { text } from './text.js';

export { SLUG_PATTERN };

/** Ids are PostgreSQL `serial`s: a larger number names nothing, and must not reach a query (it would fail there). */
export const ID_MAX = 2_147_483_647;
const ID_TOO_LARGE = 'The id is too large';

/** A positive integer id in a body. */
export const idSchema = z.number().int().positive().max(ID_MAX, ID_TOO_LARGE);

/** A positive integer id in a path. */
export const idParamSchema = z.object({
  id: z.coerce
    .number({ error: 'The id must be a positive whole number' })
    .int('The id must be a positive whole number')
    .positive('The id must be a positive whole number')
    .max(ID_MAX, ID_TOO_LARGE),
});

/** A certification path segment: its numeric id or its lowercase slug. */
export const idOrSlugSchema = text()
  .min(1)
  .max(200)
  .refine((v) => /^\d{1,10}$/.test(v) || SLUG_PATTERN.test(v), {
    message: 'The certification must be given by its numeric id or its slug',
  })
  .refine((v) => !/^\d+$/.test(v) || Number(v) <= ID_MAX, ID_TOO_LARGE);
export const idOrSlugParamSchema = z.object({ id: idOrSlugSchema });

export const isoDate = z.string();
