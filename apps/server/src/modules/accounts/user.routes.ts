import {
  changeEmailRequestSchema,
  changePasswordRequestSchema,
  errorResponseSchema,
  messageResponseSchema,
  userSchema,
} from '@certitude/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { requireUser } from '../../plugins/auth.js';

const tags = ['accounts'];
const error = errorResponseSchema;
const bearer = [{ bearerAuth: [] }];
/** Signed-out first: a visitor is told to sign in (401), whatever the body held. */
const members = {
  preValidation: async (request: FastifyRequest) => {
    requireUser(request);
  },
};

export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  const { users } = app.services.accounts;

  /** The session of the access token that made the request (the auth plugin has already checked it). */
  async function sessionOf(request: FastifyRequest): Promise<string | undefined> {
    const token = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
    return token ? (await app.accessTokens.verify(token))?.sessionId : undefined;
  }

  app.get(
    '/api/user/profile',
    {
      schema: {
        tags,
        summary: 'The signed-in member',
        security: bearer,
        response: { 200: userSchema, 401: error },
      },
    },
    async (request) => users.profile(requireUser(request)),
  );

  app.put(
    '/api/user/change-password',
    {
      ...members,
      schema: {
        tags,
        summary: "Change one's password; other sessions are signed out",
        security: bearer,
        body: changePasswordRequestSchema,
        response: { 200: messageResponseSchema, 400: error, 401: error, 429: error },
      },
    },
    async (request) => users.changePassword(requireUser(request), request.body, await sessionOf(request), request.ip),
  );

  app.put(
    '/api/user/change-email',
    {
      ...members,
      schema: {
        tags,
        summary: "Change one's email address (password required); the new one must be verified",
        security: bearer,
        body: changeEmailRequestSchema,
        response: { 200: userSchema, 400: error, 401: error, 429: error },
      },
    },
    async (request) => users.changeEmail(requireUser(request), request.body, request.ip),
  );
};
