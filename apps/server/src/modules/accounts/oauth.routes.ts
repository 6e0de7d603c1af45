import { MSG, OAUTH_PROVIDERS } from '@certitude/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponseSchema, text } from '@certitude/shared';
import { oauthCookieName, readCookie } from './oauth-state.js';

const tags = ['accounts'];
const params = z.object({ provider: z.enum(OAUTH_PROVIDERS, { error: MSG.oauthProviderUnknown }) });
const redirect = z.null().describe('Redirect (302): see the Location header');

export const oauthRoutes: FastifyPluginAsyncZod = async (app) => {
  const { oauth } = app.services.accounts;

  app.get(
    '/auth/oauth/:provider',
    {
      schema: {
        tags,
        summary: 'Start signing in with Google or GitHub: 302 to the provider (or to /auth/callback?error=…)',
        params,
        response: { 302: redirect, 400: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const step = oauth.start(request.params.provider);
      return reply.header('set-cookie', step.cookie).header('cache-control', 'no-store').redirect(step.location, 302);
    },
  );

  app.get(
    '/auth/oauth/:provider/callback',
    {
      schema: {
        tags,
        summary: 'Where the provider sends the browser back: 302 to /auth/callback with tokens or an error',
        params,
        querystring: z.object({
          code: text().max(2048).optional(),
          state: text().max(512).optional(),
          error: text().max(256).optional(),
        }),
        response: { 302: redirect, 400: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const { provider } = request.params;
      const cookie = readCookie(request.headers.cookie, oauthCookieName(provider));
      const step = await oauth.callback(provider, request.query, cookie);
      return reply
        .header('set-cookie', step.cookie)
        .header('cache-control', 'no-store')
        .header('referrer-policy', 'no-referrer')
        .redirect(step.location, 302);
    },
  );
};
