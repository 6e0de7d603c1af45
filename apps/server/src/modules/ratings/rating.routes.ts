import {
  errorResponseSchema,
  idCursorSchema,
  idOrSlugParamSchema,
  MSG,
  pageLimitSchema,
  ratingPrivacySchema,
  ratingPrivacyUpdateSchema,
  ratingRequestSchema,
  ratingSchema,
  ratingsPageSchema,
  REVIEWS_PAGE_MAX,
} from '@certitude/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { nextPageUrl } from '../../lib/paging.js';
import { requireUser } from '../../plugins/auth.js';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  404: errorResponseSchema,
  429: errorResponseSchema,
};
/** Signed-out first: a visitor is told to log in, whatever the body held. */
const members = {
  preValidation: async (request: Parameters<typeof requireUser>[0]) => {
    requireUser(request, MSG.mustLoginToRate);
  },
};

const signedIn = {
  preValidation: async (request: Parameters<typeof requireUser>[0]) => {
    requireUser(request);
  },
};

/** Ratings of certifications (docs/api.md#ratings-and-comparison). */
export const ratingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.put(
    '/api/certification/:id/rating',
    {
      ...members,
      schema: {
        tags: ['ratings'],
        summary: 'Rate a certification (one rating per member; a new one replaces the old)',
        params: idOrSlugParamSchema,
        body: ratingRequestSchema,
        response: { 200: ratingSchema, ...errors },
      },
    },
    async (request) => app.services.ratings.rate(request.params.id, request.body, requireUser(request)),
  );

  app.get(
    '/api/user/rating-privacy',
    {
      ...signedIn,
      schema: {
        tags: ['ratings'],
        summary: 'Whether your reviews show your exam outcome and study hours to others',
        response: { 200: ratingPrivacySchema, 401: errorResponseSchema },
      },
    },
    async (request) => app.services.ratings.privacy(requireUser(request)),
  );

  app.put(
    '/api/user/rating-privacy',
    {
      ...signedIn,
      schema: {
        tags: ['ratings'],
        summary: 'Show or hide your exam outcome and study hours in your reviews (the summaries count them either way)',
        body: ratingPrivacyUpdateSchema,
        response: { 200: ratingPrivacySchema, 400: errorResponseSchema, 401: errorResponseSchema },
      },
    },
    async (request) => app.services.ratings.setPrivacy(requireUser(request), request.body),
  );

  app.delete(
    '/api/certification/:id/rating',
    {
      ...members,
      schema: {
        tags: ['ratings'],
        summary: 'Take back your rating',
        params: idOrSlugParamSchema,
        response: { 204: z.null().describe('Removed'), ...errors },
      },
    },
    async (request, reply) => {
      await app.services.ratings.remove(request.params.id, requireUser(request));
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/api/certification/:id/rating',
    {
      ...members,
      schema: {
        tags: ['ratings'],
        summary: 'Your own rating of a certification',
        params: idOrSlugParamSchema,
        querystring: z.object({
          missing: z
            .enum(['null'])
            .optional()
            .describe('null: answer 200 with null when you have not rated it, instead of 404'),
        }),
        response: { 200: ratingSchema.nullable(), ...errors },
      },
    },
    async (request) =>
      app.services.ratings.own(request.params.id, requireUser(request), request.query.missing === 'null'),
  );

  app.get(
    '/api/certification/:id/ratings',
    {
      schema: {
        tags: ['ratings'],
        summary: 'The summary of a certification’s ratings and one page of them, newest first',
        params: idOrSlugParamSchema,
        querystring: z.object({
          limit: pageLimitSchema(REVIEWS_PAGE_MAX).default(10),
          cursor: idCursorSchema,
          verified: z
            .enum(['true', 'false'])
            .optional()
            .describe('true: only the ratings of verified holders, and the summary of those'),
          reviewed: z
            .enum(['true', 'false'])
            .optional()
            .describe('true: only the ratings with a review shown (words, not hidden or removed by flags)'),
        }),
        response: { 200: ratingsPageSchema, 400: errorResponseSchema, 404: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const { nextCursor, ...page } = await app.services.ratings.page(
        request.params.id,
        request.query.limit,
        request.query.cursor,
        { verified: request.query.verified === 'true', reviewed: request.query.reviewed === 'true' },
      );
      if (nextCursor) reply.header('link', `<${nextPageUrl(request.url, nextCursor)}>; rel="next"`);
      return page;
    },
  );
};
