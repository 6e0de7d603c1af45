import {
  adminFlagsSchema,
  createFlagRequestSchema,
  dismissVotingRingResponseSchema,
  errorResponseSchema,
  flagCreatedSchema,
  idParamSchema,
  MSG,
  resolveFlagsRequestSchema,
  resolveFlagsResponseSchema,
} from '@certitude/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireModerator, requireUser } from '../../plugins/auth.js';

const error = errorResponseSchema;
const moderators = {
  preValidation: async (request: Parameters<typeof requireModerator>[0]) => {
    requireModerator(request);
  },
};

/** Members' flags and the moderators' Flags tab (docs/api.md#flags, docs/product.md#flags). */
export const flagRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/flags',
    {
      preValidation: async (request) => {
        requireUser(request, MSG.mustLoginToFlag);
      },
      schema: {
        tags: ['flags'],
        summary: 'Flag a certification, resource, comment or review for the moderators',
        body: createFlagRequestSchema,
        response: { 201: flagCreatedSchema, 400: error, 401: error, 403: error, 404: error, 409: error, 429: error },
      },
    },
    async (request, reply) => {
      const created = await app.services.flags.flag(request.body, requireUser(request));
      return reply.code(201).send(created);
    },
  );

  app.get(
    '/api/admin/flags',
    {
      ...moderators,
      schema: {
        tags: ['admin'],
        summary: 'Open flags grouped by item, most flagged first, and the voting-ring signals',
        response: { 200: adminFlagsSchema, 401: error, 403: error },
      },
    },
    async () => app.services.flags.list(),
  );

  app.post(
    '/api/admin/flags/resolve',
    {
      ...moderators,
      schema: {
        tags: ['admin'],
        summary: 'Dismiss the open flags of an item, or remove the item and tell its author why',
        body: resolveFlagsRequestSchema,
        response: { 200: resolveFlagsResponseSchema, 400: error, 401: error, 403: error, 404: error },
      },
    },
    async (request) => app.services.flags.resolve(request.body, requireModerator(request)),
  );

  app.post(
    '/api/admin/voting-rings/:id/dismiss',
    {
      ...moderators,
      schema: {
        tags: ['admin'],
        summary: 'Dismiss a voting-ring signal (no vote changes)',
        params: idParamSchema,
        response: { 200: dismissVotingRingResponseSchema, 400: error, 401: error, 403: error, 404: error },
      },
    },
    async (request) => {
      await app.services.votingRings.dismiss(request.params.id);
      return { id: request.params.id, dismissed: true as const };
    },
  );
};
