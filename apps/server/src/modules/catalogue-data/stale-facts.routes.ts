import { errorResponseSchema, staleFactsSchema } from '@certitude/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireModerator } from '../../plugins/auth.js';
import { findStaleFacts } from './stale-facts.js';

/** GET /api/admin/stale-facts (docs/api.md#moderation): what to check again first. */
export const staleFactsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/stale-facts',
    {
      preValidation: async (request) => {
        requireModerator(request);
      },
      schema: {
        tags: ['admin'],
        summary: 'Certifications whose facts were never checked, or over a year ago, oldest first',
        response: { 200: staleFactsSchema, 401: errorResponseSchema, 403: errorResponseSchema },
      },
    },
    async () => findStaleFacts(app.database.db, new Date()),
  );
};
