import {
  articleRequestSchema,
  articleSchema,
  errorResponseSchema,
  idParamSchema,
  MSG,
  SLUG_PATTERN,
} from '@certitude/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../lib/errors.js';
import { requireModerator } from '../../plugins/auth.js';

/**
 * One path parameter, `article`, for the three calls on /api/articles/{article} (their paths must be one in
 * the OpenAPI document): the slug to read an article, the id to replace or delete one.
 */
const slugParamSchema = z.object({
  article: z
    .string()
    .max(200)
    .regex(SLUG_PATTERN, 'The article must be given by its slug')
    .meta({ description: "The article's slug" }),
});
const articleIdParamSchema = z.object({
  article: idParamSchema.shape.id.meta({ description: "The article's id" }),
});
const editorErrors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
};
const editors = {
  preValidation: async (request: Parameters<typeof requireModerator>[0]) => {
    requireModerator(request);
  },
};

/** The article calls (docs/api.md#articles), and the editors' list with drafts for the admin panel. */
export const articleRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/articles',
    {
      schema: {
        tags: ['articles'],
        summary: 'Published articles, newest first',
        response: { 200: z.array(articleSchema) },
      },
    },
    async () => app.services.articles.list(),
  );

  app.get(
    '/api/articles/:article',
    {
      schema: {
        tags: ['articles'],
        summary: 'One published article with its markdown content',
        params: slugParamSchema,
        response: { 200: articleSchema, 400: errorResponseSchema, 404: errorResponseSchema },
      },
    },
    async (request) => {
      const article = await app.services.articles.get(request.params.article, request.viewer);
      if (!article) throw notFound(MSG.articleNotFound);
      return article;
    },
  );

  app.get(
    '/api/admin/articles',
    {
      ...editors,
      schema: {
        tags: ['articles'],
        summary: 'Every article, drafts included, for editors',
        response: { 200: z.array(articleSchema), 401: errorResponseSchema, 403: errorResponseSchema },
      },
    },
    async () => app.services.articles.listForEditors(),
  );

  app.post(
    '/api/articles',
    {
      ...editors,
      schema: {
        tags: ['articles'],
        summary: 'Write an article (published unless published is false)',
        body: articleRequestSchema,
        response: { 201: articleSchema, ...editorErrors },
      },
    },
    async (request, reply) => {
      const article = await app.services.articles.create(request.body, requireModerator(request));
      return reply.code(201).send(article);
    },
  );

  app.put(
    '/api/articles/:article',
    {
      ...editors,
      schema: {
        tags: ['articles'],
        summary: 'Replace an article',
        params: articleIdParamSchema,
        body: articleRequestSchema,
        response: { 200: articleSchema, ...editorErrors },
      },
    },
    async (request) => app.services.articles.update(request.params.article, request.body, requireModerator(request)),
  );

  app.delete(
    '/api/articles/:article',
    {
      ...editors,
      schema: {
        tags: ['articles'],
        summary: 'Delete an article',
        params: articleIdParamSchema,
        response: { 204: z.null(), ...editorErrors },
      },
    },
    async (request, reply) => {
      await app.services.articles.remove(request.params.article, requireModerator(request));
      return reply.code(204).send(null);
    },
  );
};
