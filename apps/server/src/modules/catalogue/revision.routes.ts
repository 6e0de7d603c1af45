import {
  createRevisionRequestSchema,
  decideRevisionRequestSchema,
  errorResponseSchema,
  idOrSlugParamSchema,
  idParamSchema,
  MSG,
  rejectRequestSchema,
  revisionSchema,
} from '@certitude/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../lib/errors.js';
import { requireModerator, requireUser } from '../../plugins/auth.js';

const denied = { 401: errorResponseSchema, 403: errorResponseSchema };
const decided = { 400: errorResponseSchema, ...denied, 404: errorResponseSchema, 409: errorResponseSchema };
const moderators = {
  preValidation: async (request: Parameters<typeof requireModerator>[0]) => {
    requireModerator(request);
  },
};

/** The public edit history of certifications (docs/api.md#facts-filters-and-revisions). */
export const revisionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/certification/:id/revisions',
    {
      schema: {
        tags: ['revisions'],
        summary: 'Propose a change of a certification (applied at once for moderators and a pending item’s submitter)',
        params: idOrSlugParamSchema,
        body: createRevisionRequestSchema,
        response: { 201: revisionSchema, ...decided, 429: errorResponseSchema },
      },
      // Signed-out first: a visitor is told to log in, whatever the form held.
      preValidation: async (request) => {
        requireUser(request, MSG.mustLoginToSuggestEdit);
      },
    },
    async (request, reply) => {
      const revision = await app.services.revisions.propose(request.params.id, request.body, requireUser(request));
      return reply.code(201).send(revision);
    },
  );

  app.get(
    '/api/certification/:id/revisions',
    {
      schema: {
        tags: ['revisions'],
        summary: 'A certification’s history, newest first (pending ones only to their author and moderators)',
        params: idOrSlugParamSchema,
        response: { 200: z.array(revisionSchema), 400: errorResponseSchema, 404: errorResponseSchema },
      },
    },
    async (request) => {
      const revisions = await app.services.revisions.list(request.params.id, request.viewer);
      if (!revisions) throw notFound(MSG.certificationNotFound);
      return revisions;
    },
  );

  app.post(
    '/api/admin/revision/:id/approve',
    {
      ...moderators,
      schema: {
        tags: ['admin'],
        summary: 'Apply a proposed revision',
        params: idParamSchema,
        body: decideRevisionRequestSchema.nullish(),
        response: { 200: revisionSchema, ...decided },
      },
    },
    async (request) =>
      app.services.revisions.approve(request.params.id, request.body?.reason, requireModerator(request)),
  );

  app.post(
    '/api/admin/revision/:id/reject',
    {
      ...moderators,
      schema: {
        tags: ['admin'],
        summary: 'Turn down a proposed revision, with the reason its author is shown',
        params: idParamSchema,
        body: rejectRequestSchema,
        response: { 200: revisionSchema, ...decided },
      },
    },
    async (request) => app.services.revisions.reject(request.params.id, request.body.reason, requireModerator(request)),
  );

  app.post(
    '/api/admin/revision/:id/revert',
    {
      ...moderators,
      schema: {
        tags: ['admin'],
        summary: 'Undo an applied revision with a new one that restores the values before it',
        params: idParamSchema,
        response: { 201: revisionSchema, ...decided },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await app.services.revisions.revert(request.params.id, requireModerator(request))),
  );
};
