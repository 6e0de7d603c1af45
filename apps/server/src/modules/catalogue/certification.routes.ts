import { sendPrecompressedJson } from '../../lib/precompressed.js';
import {
  certificationListQuerySchema,
  rankedSearchQuerySchema,
  certificationSchema,
  createCertificationRequestSchema,
  domainSchema,
  errorResponseSchema,
  idOrSlugParamSchema,
  MSG,
  statsSchema,
  updateCertificationRequestSchema,
} from '@certitude/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../lib/errors.js';
import { nextPageUrl } from '../../lib/paging.js';
import { requireUser } from '../../plugins/auth.js';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
  429: errorResponseSchema,
};

export const certificationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/certification',
    {
      schema: {
        tags: ['certifications'],
        summary: "All approved certifications, or those the home page's search, filters and paging keep",
        querystring: certificationListQuerySchema,
        response: {
          200: z
            .array(certificationSchema)
            .describe('With a filter, sort or limit: X-Total-Count gives the filtered total and Link the next page'),
          304: z.null().describe('Not modified'),
          400: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      // An empty search is no search (docs/product.md#search).
      const query = {
        ...request.query,
        q: request.query.q || undefined,
        contains: request.query.contains || undefined,
      };
      if (Object.values(query).some((v) => v !== undefined)) {
        const { items, total, nextCursor } = await app.services.certifications.browse(query);
        reply.header('x-total-count', String(total));
        if (nextCursor) reply.header('link', `<${nextPageUrl(request.url, nextCursor)}>; rel="next"`);
        return items;
      }
      const { body, etag } = await app.services.certifications.listJson();
      reply.header('etag', etag).header('cache-control', 'no-cache');
      if (request.headers['if-none-match'] === etag) return reply.code(304).send(null);
      return sendPrecompressedJson(request, reply, body);
    },
  );

  app.get(
    '/api/search',
    {
      schema: {
        tags: ['certifications'],
        summary: 'Ranked, typo-tolerant search of the approved catalogue (at most 50 results, best first)',
        querystring: rankedSearchQuerySchema,
        response: { 200: z.array(certificationSchema), 400: errorResponseSchema },
      },
    },
    async (request) => (request.query.q ? app.services.certifications.search(request.query.q) : []),
  );

  app.get(
    '/api/certification/:id',
    {
      schema: {
        tags: ['certifications'],
        summary: 'One certification by id or slug',
        params: idOrSlugParamSchema,
        response: { 200: certificationSchema, 400: errorResponseSchema, 404: errorResponseSchema },
      },
    },
    async (request) => {
      const cert = await app.services.certifications.get(request.params.id, request.viewer);
      if (!cert) throw notFound(MSG.certificationNotFound);
      return cert;
    },
  );

  app.post(
    '/api/certification',
    {
      schema: {
        tags: ['certifications'],
        summary: 'Submit a certification for review',
        body: createCertificationRequestSchema,
        response: { 201: certificationSchema, ...errors },
      },
      // Signed-out first: a visitor is told to log in, whatever the form held.
      preValidation: async (request) => {
        requireUser(request, MSG.mustLoginToSubmitCertification);
      },
    },
    async (request, reply) => {
      const cert = await app.services.certifications.create(request.body, requireUser(request));
      return reply.code(201).send(cert);
    },
  );

  app.put(
    '/api/certification/:id',
    {
      schema: {
        tags: ['certifications'],
        summary: 'Edit a certification (its submitter or a moderator)',
        params: idOrSlugParamSchema,
        body: updateCertificationRequestSchema,
        response: { 200: certificationSchema, ...errors },
      },
      preValidation: async (request) => {
        requireUser(request);
      },
    },
    async (request) => app.services.certifications.update(request.params.id, request.body, requireUser(request)),
  );

  app.get(
    '/api/domains',
    {
      schema: {
        tags: ['certifications'],
        summary: 'The domain taxonomy, with the number of certifications on offer in each',
        response: { 200: z.array(domainSchema) },
      },
    },
    async () => app.services.certifications.domains(),
  );

  app.get(
    '/api/stats',
    { schema: { tags: ['site'], summary: 'Live counts for the About page', response: { 200: statsSchema } } },
    async () => app.services.certifications.stats(),
  );
};
