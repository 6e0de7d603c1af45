import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authRoutes } from './auth.routes.js';
import { emailVerificationRoutes } from './email-verification.routes.js';
import { oauthRoutes } from './oauth.routes.js';
import { userRoutes } from './user.routes.js';

/** Every call of the accounts area, registered by the app in one line. */
export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(authRoutes);
  await app.register(emailVerificationRoutes);
  await app.register(userRoutes);
  await app.register(oauthRoutes);
};
