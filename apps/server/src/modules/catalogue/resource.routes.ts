import {
  createResourceRequestSchema,
  errorResponseSchema,
  idOrSlugParamSchema,
  MSG,
  resourceSchema,
} from '@certitude/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../lib/errors.js';
import { requireUser } from '../../plugins/auth.js';

export const resourceRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/resource/certification/:id',
    {
      schema: {
        tags: ['resources'],
        summary: 'The approved learning resources of a certification',
        params: idOrSlugParamSchema,
        response: { 200: z.array(resourceSchema), 400: errorResponseSchema, 404: errorResponseSchema },
      },
    },
    async (request) => {
      const list = await app.services.resources.listForCertification(request.params.id, request.viewer);
      if (!list) throw notFound(MSG.certificationNotFound);
      return list;
    },
  );

  app.post(
    '/api/resource',
    {
      schema: {
        tags: ['resources'],
        summary: 'Submit a learning resource for review',
        body: createResourceRequestSchema,
        response: {
          201: resourceSchema,
          400: errorResponseSchema,
          401: errorResponseSchema,
          404: errorResponseSchema,
          429: errorResponseSchema,
        },
      },
      preValidation: async (request) => {
        requireUser(request, MSG.mustLoginToSubmitResource);
      },
    },
    async (request, reply) => {
      const resource = await app.services.resources.create(request.body, requireUser(request));
      return reply.code(201).send(resource);
    },
  );
};
