import { errorResponseSchema, moderationLogQuerySchema, publicModerationEntrySchema } from '@certitude/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { nextPageUrl } from '../../lib/paging.js';

/** The public moderation log (docs/api.md#moderation): anyone reads it. */
export const moderationLogRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/moderation-log',
    {
      schema: {
        tags: ['admin'],
        summary:
          'What the moderators did, newest first, a page at a time: action, moderator, target and reason; never an ' +
          'email address or a removed comment’s words, nor the title of a rejected submission or of a certification ' +
          'or resource that is not public (moderators and admins signed in read those titles)',
        querystring: moderationLogQuerySchema,
        response: { 200: z.array(publicModerationEntrySchema), 400: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const { entries, nextCursor } = await app.services.moderation.publicLog(request.query, request.viewer);
      if (nextCursor !== null) reply.header('link', `<${nextPageUrl(request.url, String(nextCursor))}>; rel="next"`);
      return entries;
    },
  );
};
