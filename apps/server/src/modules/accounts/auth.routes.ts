import {
  authResponseSchema,
  errorResponseSchema,
  forgotPasswordRequestSchema,
  loginRequestSchema,
  logoutRequestSchema,
  messageResponseSchema,
  refreshRequestSchema,
  registerRequestSchema,
  resetPasswordRequestSchema,
  suspendedErrorSchema,
  tokenQuerySchema,
  validResetTokenResponseSchema,
} from '@certitude/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

const tags = ['accounts'];
const error = errorResponseSchema;
/**
 * A refused sign-in (403): an unverified address, or a suspended account, whose answer adds the reason and the end
 * (`suspendedErrorSchema`, docs/api.md#moderation). Optional fields, so the document keeps the one error shape.
 */
export const signInRefusedSchema = errorResponseSchema.extend({
  reason: suspendedErrorSchema.shape.reason.optional(),
  endsAt: suspendedErrorSchema.shape.endsAt.optional(),
});

/** Register, sign in, refresh, sign out, and recover a forgotten password (docs/api.md#accounts). */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const { auth, sessions, passwordReset } = app.services.accounts;

  app.post(
    '/auth/register',
    {
      schema: {
        tags,
        summary: 'Create an account; a verification link is mailed',
        body: registerRequestSchema,
        response: { 201: messageResponseSchema, 400: error, 409: error, 429: error },
      },
    },
    async (request, reply) => reply.code(201).send(await auth.register(request.body, request.ip)),
  );

  app.post(
    '/auth/login',
    {
      schema: {
        tags,
        summary: 'Sign in with username and password',
        body: loginRequestSchema,
        response: { 200: authResponseSchema, 400: error, 401: error, 403: signInRefusedSchema, 429: error },
      },
    },
    async (request) => auth.login(request.body, request.ip),
  );

  app.post(
    '/auth/refresh',
    {
      schema: {
        tags,
        summary: 'A new access token and a new refresh token for a refresh token (used once)',
        body: refreshRequestSchema,
        response: { 200: authResponseSchema, 400: error, 401: error },
      },
    },
    async (request) => sessions.refresh(request.body.refreshToken),
  );

  app.post(
    '/auth/logout',
    {
      schema: {
        tags,
        summary: "Sign out: the refresh token's session ends",
        body: logoutRequestSchema,
        response: { 204: z.null().describe('Signed out'), 400: error },
      },
    },
    async (request, reply) => {
      await sessions.logout(request.body.refreshToken);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/auth/forgot-password',
    {
      schema: {
        tags,
        summary: 'Mail a password reset link (same answer for unknown addresses)',
        body: forgotPasswordRequestSchema,
        response: { 200: messageResponseSchema, 400: error, 429: error },
      },
    },
    async (request) => passwordReset.requestReset(request.body.email, request.ip),
  );

  app.get(
    '/auth/validate-reset-token',
    {
      schema: {
        tags,
        summary: 'Whether a reset link is still usable',
        querystring: tokenQuerySchema,
        response: { 200: validResetTokenResponseSchema, 400: error, 429: error },
      },
    },
    async (request) => passwordReset.validate(request.query.token, request.ip),
  );

  app.post(
    '/auth/reset-password',
    {
      schema: {
        tags,
        summary: 'Set a new password with a reset link; every session ends',
        body: resetPasswordRequestSchema,
        response: { 200: messageResponseSchema, 400: error, 429: error },
      },
    },
    async (request) => passwordReset.reset(request.body, request.ip),
  );
};
