import { comparisonSchema, compareQuerySchema, errorResponseSchema, MSG } from '@certitude/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound } from '../../lib/errors.js';

/** Side-by-side comparison (docs/api.md#ratings-and-comparison). */
export const compareRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/compare',
    {
      schema: {
        tags: ['ratings'],
        summary: 'Two to four certifications with their facts and rating summaries, in the order asked',
        querystring: compareQuerySchema,
        response: { 200: comparisonSchema, 400: errorResponseSchema, 404: errorResponseSchema },
      },
    },
    async (request) => {
      const found = await app.services.comparison.compare(request.query.c);
      if ('missing' in found) throw notFound(`${MSG.certificationNotFound}: ${found.missing.join(', ')}`);
      return found;
    },
  );
};
