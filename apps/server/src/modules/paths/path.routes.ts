import {
  errorResponseSchema,
  idOrSlugParamSchema,
  MSG,
  nextStepSchema,
  pathDomainParamSchema,
  pathDomainSchema,
  pathMapSchema,
} from '@certitude/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../lib/errors.js';

/** Paths: the domains' maps and what to take next (docs/api.md#paths). Public reads, no caller needed. */
export const pathRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/paths',
    {
      schema: {
        tags: ['paths'],
        summary: 'The domains, each with the number of certifications on its map',
        response: { 200: z.array(pathDomainSchema) },
      },
    },
    async () => app.services.paths.list(),
  );

  app.get(
    '/api/paths/:domain',
    {
      schema: {
        tags: ['paths'],
        summary:
          'A domain’s map: its public certifications that are not retired, their prerequisites and the steps members commonly take next',
        params: pathDomainParamSchema,
        response: { 200: pathMapSchema, 404: errorResponseSchema },
      },
    },
    async (request) => {
      const map = await app.services.paths.map(request.params.domain);
      if (!map) throw notFound(MSG.domainNotFound);
      return map;
    },
  );

  app.get(
    '/api/certification/:id/next',
    {
      schema: {
        tags: ['paths'],
        summary:
          'What to take after a certification: its successor, the certifications that build on it, then members’ common next steps',
        params: idOrSlugParamSchema,
        response: { 200: z.array(nextStepSchema), 400: errorResponseSchema, 404: errorResponseSchema },
      },
    },
    async (request) => {
      const steps = await app.services.paths.next(request.params.id);
      if (!steps) throw notFound(MSG.certificationNotFound);
      return steps;
    },
  );
};
