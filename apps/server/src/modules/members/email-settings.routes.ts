import {
  emailSettingsSchema,
  emailSettingsUpdateSchema,
  errorResponseSchema,
  MEMBER_EMAIL_TEXT,
} from '@certitude/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUser } from '../../plugins/auth.js';

/** Signed-out first: a visitor is told to log in, whatever the body held. */
const members = {
  preValidation: async (request: Parameters<typeof requireUser>[0]) => {
    requireUser(request, MEMBER_EMAIL_TEXT.mustLoginForEmailSettings);
  },
};

/** Which notifications a member also gets by email, and the daily digest (docs/api.md#members). */
export const emailSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/user/notification-settings',
    {
      ...members,
      schema: {
        tags: ['members'],
        summary: 'Your email settings: which notifications are also emailed, and the daily digest',
        response: { 200: emailSettingsSchema, 401: errorResponseSchema },
      },
    },
    async (request) => app.services.memberEmails.settings(requireUser(request)),
  );

  app.put(
    '/api/user/notification-settings',
    {
      ...members,
      schema: {
        tags: ['members'],
        summary:
          'Change your email settings: those named change, the others stay (`digest`: one daily email instead of one per notification)',
        body: emailSettingsUpdateSchema,
        response: { 200: emailSettingsSchema, 400: errorResponseSchema, 401: errorResponseSchema },
      },
    },
    async (request) => app.services.memberEmails.update(requireUser(request), request.body),
  );
};
