import {
  BADGE_FAILURE_REASONS,
  badgeRequestSchema,
  errorResponseSchema,
  idParamSchema,
  memberBadgeSchema,
  MSG,
} from '@certitude/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../plugins/auth.js';

const members = {
  preValidation: async (request: Parameters<typeof requireUser>[0]) => {
    requireUser(request, MSG.unauthorized);
  },
};

const refusedSchema = errorResponseSchema
  .extend({ reason: z.enum(BADGE_FAILURE_REASONS) })
  .describe('The badge does not verify: `reason` says why, the message says it to people');

/** Verified holders: a member's Open Badges (docs/api.md#verified-holders). */
export const badgeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/user/badges',
    {
      ...members,
      schema: {
        tags: ['members'],
        summary: 'Prove a certification with an Open Badge: its address, or a 3.0 credential',
        body: badgeRequestSchema,
        response: {
          201: memberBadgeSchema,
          400: errorResponseSchema,
          401: errorResponseSchema,
          409: errorResponseSchema,
          422: refusedSchema,
          429: errorResponseSchema,
        },
      },
    },
    async (request, reply) => reply.code(201).send(await app.services.badges.add(request.body, requireUser(request))),
  );

  app.get(
    '/api/user/badges',
    {
      ...members,
      schema: {
        tags: ['members'],
        summary: 'Your Open Badges, whatever their status',
        response: { 200: z.array(memberBadgeSchema), 401: errorResponseSchema },
      },
    },
    async (request) => app.services.badges.list(requireUser(request)),
  );

  app.delete(
    '/api/user/badges/:id',
    {
      ...members,
      schema: {
        tags: ['members'],
        summary: 'Take one of your badges away',
        params: idParamSchema,
        response: {
          204: z.null().describe('Taken away'),
          400: errorResponseSchema,
          401: errorResponseSchema,
          404: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      await app.services.badges.remove(request.params.id, requireUser(request));
      return reply.code(204).send(null);
    },
  );
};
