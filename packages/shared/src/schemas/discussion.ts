import { z } from './zod.js';
import { COMMENT_MAX } from '../limits.js';
import { commentContentError } from '../rules.js';
import { MSG } from '../messages.js';
import { idSchema } from './common.js';

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
    replies: z.array(commentSchema),
  }),
);
