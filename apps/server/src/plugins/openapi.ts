import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { finishDocument } from './openapi-document.js';

/** The OpenAPI document is generated from the routes' zod schemas, never written by hand. */
async function openapi(app: FastifyInstance, opts: { publicUrl: string }) {
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Certitude API',
        description:
          'Discover, search, vote on and discuss IT certifications. Errors answer { statusCode, error, message }.',
        version: '1.0.0',
      },
      servers: [{ url: opts.publicUrl }],
      components: {
        securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    transform: jsonSchemaTransform,
    // operationIds, security and error descriptions: openapi-document.ts
    transformObject: (documentObject) =>
      finishDocument('openapiObject' in documentObject ? documentObject.openapiObject : documentObject.swaggerObject),
  });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
}

export default fp(openapi, { name: 'openapi' });
