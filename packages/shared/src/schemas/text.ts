import { MSG } from '../text/messages.js';
import { z } from './zod.js';

/**
 * No NUL character (U+0000): PostgreSQL text cannot hold one, so a NUL that reached a query failed it (500).
 * Other control characters are stored as given (PostgreSQL takes them) and rendered as text.
 */
// eslint-disable-next-line no-control-regex
export const NO_NUL_PATTERN = /^[^\u0000]*$/;

/**
 * The one string schema of every text a request carries (bodies, queries, paths): `z.string` that refuses a
 * NUL with a readable 400. Request schemas start from `text(...)` rather than `z.string(...)`.
 */
export function text(params?: Parameters<typeof z.string>[0]) {
  return z.string(params).regex(NO_NUL_PATTERN, { error: MSG.textHasNul, abort: true });
}
