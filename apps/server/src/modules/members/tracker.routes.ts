import {
  errorResponseSchema,
  idOrSlugParamSchema,
  MSG,
  publicProfileSchema,
  trackerEntryRequestSchema,
  trackerEntrySchema,
  usernameParamSchema,
} from '@certitude/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../plugins/auth.js';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 404: errorResponseSchema };
/** Signed-out first: a visitor is told to log in, whatever the body held. */
const members = {
  preValidation: async (request: Parameters<typeof requireUser>[0]) => {
    requireUser(request, MSG.mustLoginToTrack);
  },
};

/** "My certifications" and public profiles (docs/api.md#members). */
export const trackerRoutes: FastifyPluginAsyncZod = async (app) => {
  app.put(
    '/api/user/certifications/:id',
    {
      ...members,
      schema: {
        tags: ['members'],
        summary: 'Add or change a certification in your list: held, studying or planned',
        params: idOrSlugParamSchema,
        body: trackerEntryRequestSchema,
        response: { 200: trackerEntrySchema, ...errors },
      },
    },
    async (request) => app.services.tracker.save(request.params.id, request.body, requireUser(request)),
  );

  app.delete(
    '/api/user/certifications/:id',
    {
      ...members,
      schema: {
        tags: ['members'],
        summary: 'Take a certification out of your list, whether it was there or not',
        params: idOrSlugParamSchema,
        response: { 204: z.null().describe('Not in your list (any more, or never was)'), ...errors },
      },
    },
    async (request, reply) => {
      await app.services.tracker.remove(request.params.id, requireUser(request));
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/api/user/certifications',
    {
      ...members,
      schema: {
        tags: ['members'],
        summary: 'Your certifications, what needs attention first (held ones expiring soonest)',
        response: { 200: z.array(trackerEntrySchema), 401: errorResponseSchema },
      },
    },
    async (request) => app.services.tracker.list(requireUser(request)),
  );

  app.get(
    '/api/users/:username',
    {
      schema: {
        tags: ['members'],
        summary: 'A member’s public profile: public held certifications, rating and comment counts, join date',
        params: usernameParamSchema,
        response: { 200: publicProfileSchema, 404: errorResponseSchema },
      },
    },
    async (request) => app.services.tracker.profile(request.params.username),
  );
};
