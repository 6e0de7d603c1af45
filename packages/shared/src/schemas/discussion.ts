import { z } from './zod.js';
import { COMMENT_MAX, COMMENT_PAGE_MAX } from '../limits.js';
import { commentContentError } from '../rules.js';
import { MSG } from '../text/messages.js';
import { idSchema, pageLimitSchema } from './common.js';
import { text } from './text.js';

// Not `text()`: the comment rule refuses NUL itself, with the product's own sentence (commentInvalidCharacters).
export const commentContentSchema = z
  .string({ error: MSG.commentEmpty })
  .max(COMMENT_MAX * 2, MSG.commentTooLong)
  .superRefine((v, ctx) => {
    const error = commentContentError(v);
    if (error) ctx.addIssue({ code: 'custom', message: error });
  })
  .transform((v) => v.trim());

export const createCommentRequestSchema = z.object({
  content: commentContentSchema,
  parentCommentId: idSchema.nullish(),
});
export const updateCommentRequestSchema = z.object({ content: commentContentSchema });

export interface Comment {
  id: number;
  content: string;
  username: string;
  createdAt: string;
  updatedAt: string;
  isEdited: boolean;
  deleted: boolean;
  /**
   * Removed by a moderator through a flag: `content` is "[removed by a moderator]" (REMOVED_BY_MODERATOR_TEXT) and the
   * comment keeps its place in the thread (docs/product.md#flags).
   */
  removed?: boolean;
  /** Hidden pending review by members' flags: `content` is "[hidden pending review]" until a moderator decides. */
  hidden?: boolean;
  /** The author holds a verified Open Badge of the certification (docs/product.md#verified-holders); absent otherwise. */
  verifiedHolder?: boolean;
  replies: Comment[];
}

export const commentSchema: z.ZodType<Comment> = z.lazy(() =>
  z.object({
    id: z.number().int(),
    content: z.string(),
    username: z.string(),
    createdAt: z.string(),
    updatedAt: z.string(),
    isEdited: z.boolean(),
    deleted: z.boolean(),
    removed: z.boolean().optional(),
    hidden: z.boolean().optional(),
    verifiedHolder: z.boolean().optional(),
    replies: z.array(commentSchema),
  }),
);

export const COMMENT_SORTS = ['oldest', 'newest', 'best'] as const;
export type CommentSort = (typeof COMMENT_SORTS)[number];

/** GET /api/certification/{id}/comments: with `limit`, one page of top-level threads (docs/api.md#discussion). */
export const commentListQuerySchema = z.object({
  limit: pageLimitSchema(COMMENT_PAGE_MAX)
    .optional()
    .describe('Top-level threads per page, each with all its replies; without it, the whole tree'),
  cursor: text()
    .max(500, 'That cursor is not one this discussion gave out')
    .optional()
    .describe('The `cursor` of the Link header of the previous page'),
  sort: z
    .enum(COMMENT_SORTS, { error: `The sort must be one of ${COMMENT_SORTS.join(', ')}` })
    .default('oldest')
    .describe('oldest (the default), newest, or best: the threads with the most replies first'),
});
