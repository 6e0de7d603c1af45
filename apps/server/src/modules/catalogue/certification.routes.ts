import { certificationSchema, errorResponseSchema, idOrSlugParamSchema, MSG, statsSchema } from '@certitude/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../lib/errors.js';

export const certificationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/certification',
    {
      schema: {
        tags: ['certifications'],
        summary: 'All approved certifications',
        response: { 200: z.array(certificationSchema), 304: z.null().describe('Not modified') },
      },
    },
    async (request, reply) => {
      const { json, etag } = await app.services.certifications.listJson();
      reply.header('etag', etag).header('cache-control', 'no-cache');
      if (request.headers['if-none-match'] === etag) return reply.code(304).send(null);
      // Already serialized once for every reader: sent as bytes, past the schema serializer.
      return reply
        .type('application/json; charset=utf-8')
        .serializer((p) => p as string)
        .send(json as never);
    },
  );

  app.get(
    '/api/certification/:id',
    {
      schema: {
        tags: ['certifications'],
        summary: 'One certification by id or slug',
        params: idOrSlugParamSchema,
        response: { 200: certificationSchema, 404: errorResponseSchema },
      },
    },
    async (request) => {
      const cert = await app.services.certifications.get(request.params.id, request.viewer);
      if (!cert) throw notFound(MSG.certificationNotFound);
      return cert;
    },
  );

  app.get(
    '/api/stats',
    { schema: { tags: ['site'], summary: 'Live counts for the About page', response: { 200: statsSchema } } },
    async () => app.services.certifications.stats(),
  );
};
