import {
  COMMENT_MAX_DEPTH,
  commentListQuerySchema,
  createCommentRequestSchema,
  errorResponseSchema,
  idOrSlugParamSchema,
  idParamSchema,
  REASON_MAX,
  text,
  updateCommentRequestSchema,
  type Comment,
} from '@certitude/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendPrecompressedJson } from '../../lib/precompressed.js';
import { badRequest } from '../../lib/errors.js';
import { nextPageUrl } from '../../lib/paging.js';
import { requireUser } from '../../plugins/auth.js';

/**
 * The Comment of docs/api.md#shapes, unrolled to the depth limit: replies go at most three levels below a comment,
 * so the document needs no self-reference (which the OpenAPI generator cannot name) and shows the limit.
 */
function commentWithReplies(levelsBelow: number): z.ZodType<Comment> {
  return z.object({
    id: z.number().int(),
    content: z.string().describe('Markdown; empty when deleted'),
    username: z.string().describe('The author; empty when deleted'),
    createdAt: z.string(),
    updatedAt: z.string(),
    isEdited: z.boolean(),
    deleted: z.boolean().describe('A deleted comment stays only while it has replies'),
    verifiedHolder: z
      .boolean()
      .optional()
      .describe('true: the author holds a verified Open Badge of the certification; absent otherwise'),
    replies: levelsBelow > 0 ? z.array(commentWithReplies(levelsBelow - 1)) : z.array(z.never()).max(0),
  });
}
const commentSchema = commentWithReplies(COMMENT_MAX_DEPTH);

const reasonSchema = text({ error: 'The reason must be text' })
  .trim()
  .max(REASON_MAX, `The reason must be at most ${REASON_MAX} characters`)
  .optional()
  .describe('Why a moderator removed the comment; kept in the moderation log');

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  429: errorResponseSchema,
};

/** Signed-out first: a visitor is told to sign in (401), whatever the path or the body held. */
const members = {
  preValidation: async (request: Parameters<typeof requireUser>[0]) => {
    requireUser(request);
  },
};

export const commentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/certification/:id/comments',
    {
      schema: {
        tags: ['discussion'],
        summary: 'The discussion of a certification as a tree: whole, or one page of top-level threads',
        params: idOrSlugParamSchema,
        querystring: commentListQuerySchema,
        response: {
          200: z
            .array(commentSchema)
            .describe('With `limit`: X-Total-Count gives the top-level threads and Link the next page'),
          400: errorResponseSchema,
          404: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const { limit, cursor, sort } = request.query;
      if (limit !== undefined) {
        const page = await app.services.comments.discussionPage(request.params.id, request.viewer, {
          limit,
          cursor,
          sort,
        });
        reply.header('x-total-count', String(page.total));
        if (page.nextCursor) reply.header('link', `<${nextPageUrl(request.url, page.nextCursor)}>; rel="next"`);
        return sendPrecompressedJson(request, reply, page.body);
      }
      if (cursor !== undefined) throw badRequest('A cursor goes with a limit');
      if (sort !== 'oldest') return app.services.comments.discussion(request.params.id, request.viewer, sort);
      // Serialized and compressed once per version of the discussion: checking 5,000 comments against the
      // schema, or compressing them, on every answer would cost more than reading them.
      return sendPrecompressedJson(
        request,
        reply,
        await app.services.comments.discussionBody(request.params.id, request.viewer),
      );
    },
  );

  app.post(
    '/api/certification/:id/comments',
    {
      ...members,
      schema: {
        tags: ['discussion'],
        summary: 'Comment on a certification, or reply to a comment of depth 0, 1 or 2',
        security: [{ bearerAuth: [] }],
        params: idOrSlugParamSchema,
        body: createCommentRequestSchema,
        response: { 201: commentSchema, ...errors },
      },
    },
    async (request, reply) => {
      const viewer = requireUser(request);
      const comment = await app.services.comments.postComment(request.params.id, viewer, request.body);
      return reply.code(201).send(comment);
    },
  );

  app.put(
    '/api/comments/:id',
    {
      ...members,
      schema: {
        tags: ['discussion'],
        summary: 'Edit your own comment; it is marked as edited',
        security: [{ bearerAuth: [] }],
        params: idParamSchema,
        body: updateCommentRequestSchema,
        response: { 200: commentSchema, ...errors },
      },
    },
    async (request) => {
      const viewer = requireUser(request);
      return app.services.comments.editComment(request.params.id, viewer, request.body.content);
    },
  );

  app.delete(
    '/api/comments/:id',
    {
      ...members,
      schema: {
        tags: ['discussion'],
        summary: 'Delete your own comment, or (moderators and admins) remove anyone’s with an optional reason',
        description:
          'A comment with replies stays in the tree as `deleted: true` with empty content; one without replies disappears. ' +
          'A moderator may give the reason as `?reason=` or as a JSON body `{ "reason": "…" }`.',
        security: [{ bearerAuth: [] }],
        params: idParamSchema,
        querystring: z.object({ reason: reasonSchema }),
        body: z.object({ reason: reasonSchema }).nullish(),
        response: { 204: z.null().describe('Deleted'), ...errors },
      },
    },
    async (request, reply) => {
      const viewer = requireUser(request);
      const reason = request.body?.reason || request.query.reason || undefined;
      await app.services.comments.deleteComment(request.params.id, viewer, reason);
      return reply.code(204).send(null);
    },
  );
};
