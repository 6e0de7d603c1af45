import {
  errorResponseSchema,
  messageResponseSchema,
  resendVerificationRequestSchema,
  text,
  verifyEmailResponseSchema,
} from '@certitude/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

const tags = ['accounts'];
/** Every 400 of the verify call carries `success: false` beside the usual error fields. */
const verifyFailure = errorResponseSchema.extend({ success: z.boolean().optional() });

export const emailVerificationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { verification } = app.services.accounts;

  app.post(
    '/api/email-verification/verify',
    {
      schema: {
        tags,
        summary: 'Verify an email address with the token of the mailed link',
        // Lenient on purpose: a missing or odd token is answered by the service, with `success: false`.
        querystring: z.object({ token: text().optional() }),
        response: { 200: verifyEmailResponseSchema, 400: verifyFailure, 429: errorResponseSchema },
      },
    },
    async (request) => verification.verify(request.query.token?.slice(0, 500), request.ip),
  );

  app.post(
    '/api/email-verification/resend',
    {
      schema: {
        tags,
        summary: 'Mail a new verification link (same answer for unknown addresses)',
        body: resendVerificationRequestSchema,
        response: { 200: messageResponseSchema, 400: errorResponseSchema, 429: errorResponseSchema },
      },
    },
    async (request) => verification.resend(request.body.email, request.ip),
  );
};
