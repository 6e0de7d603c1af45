import {
  errorResponseSchema,
  markNotificationsReadSchema,
  MSG,
  notificationSchema,
  notificationsQuerySchema,
  unreadCountSchema,
} from '@certitude/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { nextPageUrl } from '../../lib/paging.js';
import { requireUser } from '../../plugins/auth.js';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema };
/** Signed-out first: a visitor is told to log in, whatever the request held. */
const members = {
  preValidation: async (request: Parameters<typeof requireUser>[0]) => {
    requireUser(request, MSG.mustLoginForNotifications);
  },
};

/** A member's notifications (docs/api.md#members). */
export const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/notifications',
    {
      ...members,
      schema: {
        tags: ['members'],
        summary: 'Your notifications, newest first, a page at a time (`unread=true` for the unread ones only)',
        querystring: notificationsQuerySchema,
        response: { 200: z.array(notificationSchema), ...errors },
      },
    },
    async (request, reply) => {
      const { items, total, nextCursor } = await app.services.notifications.page(requireUser(request), request.query);
      reply.header('x-total-count', String(total));
      if (nextCursor) reply.header('link', `<${nextPageUrl(request.url, nextCursor)}>; rel="next"`);
      return items;
    },
  );

  app.get(
    '/api/notifications/unread-count',
    {
      ...members,
      schema: {
        tags: ['members'],
        summary: 'How many of your notifications are unread',
        response: { 200: unreadCountSchema, 401: errorResponseSchema },
      },
    },
    async (request) => ({ count: await app.services.notifications.unreadCount(requireUser(request)) }),
  );

  app.post(
    '/api/notifications/read',
    {
      ...members,
      schema: {
        tags: ['members'],
        summary: 'Mark your notifications read: those named by `ids`, or all of them when `ids` is left out',
        body: markNotificationsReadSchema.nullish(),
        response: { 204: z.null().describe('Marked'), ...errors },
      },
    },
    async (request, reply) => {
      await app.services.notifications.markRead(requireUser(request), request.body?.ids);
      return reply.code(204).send(null);
    },
  );
};
