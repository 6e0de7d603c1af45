import { authResponseSchema, MSG, OAUTH_PROVIDERS } from '@certitude/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponseSchema, text } from '@certitude/shared';
import { signInRefusedSchema } from './auth.routes.js';
import { oauthCookieName, readCookie, SIGN_IN_COOKIE, SIGN_IN_PATH } from './oauth-state.js';

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
        summary:
          'Where the provider sends the browser back: 302 to /auth/callback?provider=… with a one-time sign-in code ' +
          'in an httpOnly cookie, or to /auth/callback?error=…',
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

  app.post(
    SIGN_IN_PATH,
    {
      schema: {
        tags,
        summary:
          'The session of a finished social sign-in: exchanges the one-time code the callback left in this ' +
          "browser's httpOnly cookie (used once, 2 minutes); 401 without one, 403 for a suspended account",
        response: { 200: authResponseSchema, 401: errorResponseSchema, 403: signInRefusedSchema },
      },
    },
    async (request, reply) => {
      // The code is good for one try: its cookie is cleared whatever the answer.
      reply.header('set-cookie', oauth.clearSignInCookie()).header('cache-control', 'no-store');
      return oauth.exchange(readCookie(request.headers.cookie, SIGN_IN_COOKIE));
    },
  );
};
