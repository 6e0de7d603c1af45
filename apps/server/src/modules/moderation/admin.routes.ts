import {
  adminUserSchema,
  approveRequestSchema,
  certificationSchema,
  changeRoleRequestSchema,
  errorResponseSchema,
  idParamSchema,
  moderationEntrySchema,
  pendingCountsSchema,
  pendingItemsSchema,
  rejectSubmissionRequestSchema,
  resourceSchema,
  reverseVotesRequestSchema,
  reverseVotesResponseSchema,
  suspendRequestSchema,
  suspensionStateSchema,
  userSchema,
  userSearchQuerySchema,
} from '@certitude/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAdmin, requireModerator } from '../../plugins/auth.js';

const denied = { 401: errorResponseSchema, 403: errorResponseSchema };
const reviewed = { 400: errorResponseSchema, ...denied, 404: errorResponseSchema, 409: errorResponseSchema };
const moderators = {
  preValidation: async (request: Parameters<typeof requireModerator>[0]) => {
    requireModerator(request);
  },
};

/** The moderation calls (docs/api.md#moderation): the review queue, members and roles, the moderation log. */
export const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/pending-counts',
    {
      ...moderators,
      schema: {
        tags: ['admin'],
        summary: 'How many submissions wait for review',
        response: { 200: pendingCountsSchema, ...denied },
      },
    },
    async () => app.services.moderation.pendingCounts(),
  );

  app.get(
    '/api/admin/pending',
    {
      ...moderators,
      schema: {
        tags: ['admin'],
        summary:
          'The submissions waiting for review, oldest first, each with the `version` approve and reject take; items ' +
          'members’ flags hid are marked `hiddenByFlags`',
        response: { 200: pendingItemsSchema, ...denied },
      },
    },
    async () => app.services.moderation.pending(),
  );

  app.post(
    '/api/admin/certification/:id/approve',
    {
      ...moderators,
      schema: {
        tags: ['admin'],
        summary: 'Approve a pending certification (409 when `version` is given and the item changed since)',
        params: idParamSchema,
        body: approveRequestSchema.nullish(),
        response: { 200: certificationSchema, ...reviewed },
      },
    },
    async (request) =>
      app.services.moderation.reviewCertification(
        request.params.id,
        { status: 'APPROVED', version: request.body?.version },
        requireModerator(request),
      ),
  );

  app.post(
    '/api/admin/certification/:id/reject',
    {
      ...moderators,
      schema: {
        tags: ['admin'],
        summary:
          'Reject a pending certification; the submitter is told the reason by email (409 when `version` is given and ' +
          'the item changed since)',
        params: idParamSchema,
        body: rejectSubmissionRequestSchema,
        response: { 200: certificationSchema, ...reviewed },
      },
    },
    async (request) =>
      app.services.moderation.reviewCertification(
        request.params.id,
        { status: 'REJECTED', reason: request.body.reason, version: request.body.version },
        requireModerator(request),
      ),
  );

  app.post(
    '/api/admin/resource/:id/approve',
    {
      ...moderators,
      schema: {
        tags: ['admin'],
        summary: 'Approve a pending resource (409 when `version` is given and the item changed since)',
        params: idParamSchema,
        body: approveRequestSchema.nullish(),
        response: { 200: resourceSchema, ...reviewed },
      },
    },
    async (request) =>
      app.services.moderation.reviewResource(
        request.params.id,
        { status: 'APPROVED', version: request.body?.version },
        requireModerator(request),
      ),
  );

  app.post(
    '/api/admin/resource/:id/reject',
    {
      ...moderators,
      schema: {
        tags: ['admin'],
        summary:
          'Reject a pending resource; the submitter is told the reason by email (409 when `version` is given and ' +
          'the item changed since)',
        params: idParamSchema,
        body: rejectSubmissionRequestSchema,
        response: { 200: resourceSchema, ...reviewed },
      },
    },
    async (request) =>
      app.services.moderation.reviewResource(
        request.params.id,
        { status: 'REJECTED', reason: request.body.reason, version: request.body.version },
        requireModerator(request),
      ),
  );

  app.get(
    '/api/admin/users',
    {
      preValidation: async (request) => {
        requireAdmin(request);
      },
      schema: {
        tags: ['admin'],
        summary: 'Members whose username or email contains q, each with the suspension in force (or null)',
        querystring: userSearchQuerySchema,
        response: { 200: z.array(adminUserSchema), 400: errorResponseSchema, ...denied },
      },
    },
    async (request) => app.services.userAdmin.search(request.query.q),
  );

  app.put(
    '/api/admin/users/:id/role',
    {
      preValidation: async (request) => {
        requireAdmin(request);
      },
      schema: {
        tags: ['admin'],
        summary: "Change a member's role (not one's own; the last admin stays)",
        params: idParamSchema,
        body: changeRoleRequestSchema,
        response: { 200: userSchema, 400: errorResponseSchema, ...denied, 404: errorResponseSchema },
      },
    },
    async (request) => app.services.userAdmin.changeRole(request.params.id, request.body.role, requireAdmin(request)),
  );

  app.post(
    '/api/admin/users/:id/suspend',
    {
      ...moderators,
      schema: {
        tags: ['admin'],
        summary:
          'Suspend an account for `days` (left out: until lifted): moderators suspend members, admins anybody but the ' +
          'last admin; the member’s sessions end',
        params: idParamSchema,
        body: suspendRequestSchema,
        response: { 200: suspensionStateSchema, 400: errorResponseSchema, ...denied, 404: errorResponseSchema },
      },
    },
    async (request) => app.services.suspensions.suspend(request.params.id, request.body, requireModerator(request)),
  );

  app.delete(
    '/api/admin/users/:id/suspend',
    {
      ...moderators,
      schema: {
        tags: ['admin'],
        summary: 'Lift the suspension in force of an account (409 when there is none)',
        params: idParamSchema,
        response: {
          200: suspensionStateSchema,
          400: errorResponseSchema,
          ...denied,
          404: errorResponseSchema,
          409: errorResponseSchema,
        },
      },
    },
    async (request) => app.services.suspensions.lift(request.params.id, requireModerator(request)),
  );

  app.get(
    '/api/admin/users/:id/suspensions',
    {
      ...moderators,
      schema: {
        tags: ['admin'],
        summary: 'An account’s suspension in force and every suspension it had, newest first',
        params: idParamSchema,
        response: { 200: suspensionStateSchema, 400: errorResponseSchema, ...denied, 404: errorResponseSchema },
      },
    },
    async (request) => app.services.suspensions.history(request.params.id),
  );

  app.post(
    '/api/admin/users/:id/reverse-votes',
    {
      preValidation: async (request) => {
        requireAdmin(request);
      },
      schema: {
        tags: ['admin'],
        summary:
          'Remove every vote of an account (certifications and resources), the counts with them; on the public ' +
          'moderation log with the reason',
        params: idParamSchema,
        body: reverseVotesRequestSchema,
        response: { 200: reverseVotesResponseSchema, 400: errorResponseSchema, ...denied, 404: errorResponseSchema },
      },
    },
    async (request) => app.services.voteReversals.reverse(request.params.id, request.body, requireAdmin(request)),
  );

  app.get(
    '/api/admin/audit-log',
    {
      ...moderators,
      schema: {
        tags: ['admin'],
        summary: 'The moderation log, newest first',
        response: { 200: z.array(moderationEntrySchema), ...denied },
      },
    },
    async () => app.services.moderation.auditLog(),
  );
};
