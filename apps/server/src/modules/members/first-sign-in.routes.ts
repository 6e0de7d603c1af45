import { errorResponseSchema, firstSignInSchema, firstSignInUpdateSchema, MSG } from '@certitude/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '../../plugins/auth.js';

const members = {
  preValidation: async (request: Parameters<typeof requireUser>[0]) => {
    requireUser(request, MSG.unauthorized);
  },
};

/** The first sign-in's questions, asked once per member (docs/api.md#first-sign-in). */
export const firstSignInRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/user/first-sign-in',
    {
      ...members,
      schema: {
        tags: ['members'],
        summary: 'Whether the first sign-in’s questions (what you hold, then rating it) are still to be asked',
        response: { 200: firstSignInSchema, 401: errorResponseSchema },
      },
    },
    async (request) => app.services.firstSignIn.state(requireUser(request)),
  );

  app.put(
    '/api/user/first-sign-in',
    {
      ...members,
      schema: {
        tags: ['members'],
        summary: 'Record that you answered (DONE) or skipped (SKIPPED) the first sign-in’s questions',
        body: firstSignInUpdateSchema,
        response: { 200: firstSignInSchema, 400: errorResponseSchema, 401: errorResponseSchema },
      },
    },
    async (request) => app.services.firstSignIn.record(requireUser(request), request.body.outcome),
  );
};
