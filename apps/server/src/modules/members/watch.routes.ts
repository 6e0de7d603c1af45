import { errorResponseSchema, idOrSlugParamSchema, MSG, watchStatusSchema } from '@certitude/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../plugins/auth.js';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 404: errorResponseSchema };
const members = {
  preValidation: async (request: Parameters<typeof requireUser>[0]) => {
    requireUser(request, MSG.mustLoginToWatch);
  },
};

/** Watching a certification (docs/api.md#members): its new comments and applied revisions become notifications. */
export const watchRoutes: FastifyPluginAsyncZod = async (app) => {
  app.put(
    '/api/certification/:id/watch',
    {
      ...members,
      schema: {
        tags: ['members'],
        summary: 'Watch a certification: be told of its new comments and applied revisions',
        params: idOrSlugParamSchema,
        response: { 204: z.null().describe('Watching'), ...errors },
      },
    },
    async (request, reply) => {
      await app.services.watches.watch(request.params.id, requireUser(request));
      return reply.code(204).send(null);
    },
  );

  app.delete(
    '/api/certification/:id/watch',
    {
      ...members,
      schema: {
        tags: ['members'],
        summary: 'Stop watching a certification',
        params: idOrSlugParamSchema,
        response: { 204: z.null().describe('Not watching'), ...errors },
      },
    },
    async (request, reply) => {
      await app.services.watches.unwatch(request.params.id, requireUser(request));
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/api/certification/:id/watch',
    {
      ...members,
      schema: {
        tags: ['members'],
        summary: 'Whether you watch a certification',
        params: idOrSlugParamSchema,
        response: { 200: watchStatusSchema, ...errors },
      },
    },
    async (request) => ({ watching: await app.services.watches.watching(request.params.id, requireUser(request)) }),
  );
};
