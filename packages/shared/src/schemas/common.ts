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
import { URL_MAX } from '../limits.js';
import { MSG } from '../text/messages.js';

export { SLUG_PATTERN };

/** Ids are PostgreSQL `serial`s: a larger number names nothing, and must not reach a query (it would fail there). */
export const ID_MAX = 2_147_483_647;
const ID_TOO_LARGE = 'The id is too large';

/** A positive integer id in a body. */
export const idSchema = z.number().int().positive().max(ID_MAX, ID_TOO_LARGE);

/** `limit` of a paged list: a whole number from 1 to `max` (the caller adds its default, or makes it optional). */
export const pageLimitSchema = (max: number) =>
  z.coerce
    .number({ error: 'The limit must be a whole number' })
    .int('The limit must be a whole number')
    .min(1, 'The limit must be at least 1')
    .max(max, `The limit must be at most ${max}`);

const BAD_CURSOR = 'That cursor is not one this list gave out';

/** `cursor` of a list paged by id: the id of the last item of the previous page. */
export const idCursorSchema = z.coerce
  .number({ error: BAD_CURSOR })
  .int(BAD_CURSOR)
  .positive(BAD_CURSOR)
  .max(ID_MAX, BAD_CURSOR)
  .optional();

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
