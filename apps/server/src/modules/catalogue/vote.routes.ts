import { errorResponseSchema, MSG, voteParamsSchema, voteStatusSchema } from '@certitude/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { badRequest } from '../../lib/errors.js';
import { requireUser } from '../../plugins/auth.js';
import type { VoteDirection } from './vote.service.js';

/** Resources have no slug: only certifications are named by one. */
function checkItemId(params: { type: string; id: string }) {
  if (params.type === 'resource' && !/^\d+$/.test(params.id)) throw badRequest(MSG.resourceIdNumeric);
}

export const voteRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/vote/:type/:id/status',
    {
      schema: {
        tags: ['votes'],
        summary: "The viewer's vote on an item and its counts",
        params: voteParamsSchema,
        response: { 200: voteStatusSchema, 400: errorResponseSchema, 404: errorResponseSchema },
      },
    },
    async (request) => {
      checkItemId(request.params);
      return app.services.votes.status(request.params.type, request.params.id, request.viewer);
    },
  );

  for (const direction of ['upvote', 'downvote'] as const satisfies VoteDirection[]) {
    app.post(
      `/api/vote/:type/:id/${direction}`,
      {
        schema: {
          tags: ['votes'],
          summary: `${direction === 'upvote' ? 'Upvote' : 'Downvote'}: again removes the vote, the other switches it`,
          params: voteParamsSchema,
          response: {
            200: voteStatusSchema,
            400: errorResponseSchema,
            401: errorResponseSchema,
            404: errorResponseSchema,
            429: errorResponseSchema,
          },
        },
        preValidation: async (request) => {
          requireUser(request, MSG.loginToVote);
        },
      },
      async (request) => {
        checkItemId(request.params);
        return app.services.votes.vote(request.params.type, request.params.id, direction, requireUser(request));
      },
    );
  }
};
