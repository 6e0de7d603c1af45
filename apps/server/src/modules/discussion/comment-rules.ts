import { MSG } from '@certitude/shared';
import { forbidden, notFound, type HttpError } from '../../lib/errors.js';
import type { findComment } from './comment.repository.js';

// The comment rules the service applies before it writes: what content is refused beyond the shared rule, and how
// a comment is put to the policy and refused by it.

/**
 * Text that trimming leaves non-empty yet shows nothing (zero-width, control and filler characters only) has
 * no visible character: that is the case of the rule's 'Comment must be at least 1 character' (docs/product.md#comments).
 */
const INVISIBLE_ONLY = /^[\p{Cc}\p{Cf}\p{Z}\u115F\u1160\u2800\u3164\uFFA0]+$/u;

/** The server's checks beyond the shared rule, on content the schema has already trimmed and checked. */
export function contentError(content: string): string | null {
  // PostgreSQL cannot store NUL in text; refused here so it is a 400, not a driver error.
  if (content.includes('\u0000')) return MSG.commentInvalidCharacters;
  if (INVISIBLE_ONLY.test(content)) return MSG.commentTooShort;
  return null;
}

type FoundComment = NonNullable<Awaited<ReturnType<typeof findComment>>>;

/** The policy's subject (packages/shared/src/policy.ts): a comment removed by a moderator is deleted too. */
export const commentSubject = (c: FoundComment) => ({
  username: c.username,
  deleted: Boolean(c.deletedAt || c.removedAt),
  hidden: c.hiddenAt !== null,
});

/**
 * What the policy's refusal answers: 404 for a comment that is gone or waits hidden for a moderator's decision (there
 * is nothing to change), 403 with `message` for someone else's.
 */
export function refusal(c: FoundComment, message: string): HttpError {
  const { deleted, hidden } = commentSubject(c);
  return deleted || hidden ? notFound(MSG.commentNotFound) : forbidden(message);
}
