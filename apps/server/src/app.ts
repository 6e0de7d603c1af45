import { randomUUID } from 'node:crypto';
import { constants as zlibConstants } from 'node:zlib';
import { BODY_LIMIT_BYTES, MSG, type PageData } from '@certitude/shared';
import compress from '@fastify/compress';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import fp from 'fastify-plugin';
import secureJson from 'secure-json-parse';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import type { DatabaseHandle } from './db/client.js';
import { notFound } from './lib/errors.js';
import { certificationRoutes } from './modules/catalogue/certification.routes.js';
import { revisionRoutes } from './modules/catalogue/revision.routes.js';
import { ratingRoutes } from './modules/ratings/rating.routes.js';
import { compareRoutes } from './modules/catalogue/compare.routes.js';
import { resourceRoutes } from './modules/catalogue/resource.routes.js';
import { sitemapRoutes } from './modules/catalogue/sitemap.routes.js';
import { voteRoutes } from './modules/catalogue/vote.routes.js';
import { commentRoutes } from './modules/discussion/comment.routes.js';
import { adminRoutes } from './modules/moderation/admin.routes.js';
import { staleFactsRoutes } from './modules/catalogue-data/stale-facts.routes.js';
import { flagRoutes } from './modules/moderation/flag.routes.js';
import { moderationLogRoutes } from './modules/moderation/moderation-log.routes.js';
import { articleRoutes } from './modules/articles/article.routes.js';
import { healthRoutes } from './modules/health/health.routes.js';
import { accountRoutes } from './modules/accounts/account.routes.js';
import { trackerRoutes } from './modules/members/tracker.routes.js';
import { badgeRoutes } from './modules/badges/badge.routes.js';
import { notificationRoutes } from './modules/members/notification.routes.js';
import { watchRoutes } from './modules/members/watch.routes.js';
import { emailSettingsRoutes } from './modules/members/email-settings.routes.js';
import { firstSignInRoutes } from './modules/members/first-sign-in.routes.js';
import { unsubscribeRoutes } from './modules/members/unsubscribe.routes.js';
import { feedRoutes } from './modules/feeds/feeds.routes.js';
import { pathRoutes } from './modules/paths/path.routes.js';
import { openDataRoutes } from './modules/open-data/open-data.routes.js';
import { AccessTokens } from './modules/accounts/access-token.js';
import auth from './plugins/auth.js';
import { ChangeFeed } from './lib/changes.js';
import { RateLimiter } from './lib/rate-limiter.js';
import { connectRedis, type Redis } from './lib/redis.js';
import errorHandler, { frameworkErrorAnswer } from './plugins/error-handler.js';
import metrics from './plugins/metrics.js';
import openapi from './plugins/openapi.js';
import publicApi from './plugins/public-api.js';
import { PageCache } from './plugins/page-cache.js';
import security from './plugins/security.js';
import web from './plugins/web.js';
import { createPageData, createServices, type Services } from './services.js';
import { systemClock, type Clock } from './lib/clock.js';

/** A change on another instance that is not the catalogue's shows here within this time. */
const PAGE_CACHE_TTL_MS = 60_000;

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: DatabaseHandle;
    services: Services;
    pageData: PageData;
    accessTokens: AccessTokens;
    rateLimiter: RateLimiter;
    /** Shared state across instances (rate limits, cache invalidation) when REDIS_URL is set. */
    redis: Redis | undefined;
  }
}

export interface AppOptions {
  config: Config;
  database: DatabaseHandle;
  /** Serve the web app (built, or through Vite in development). Off in API-only tests. */
  web?: 'built' | 'dev' | false;
  /**
   * The clock of the rules that depend on the time (suspensions' ends, an account's first week, the rate limits'
   * windows counted in this process); the system's unless a test gives one.
   */
  now?: Clock;
}

/** Paths that belong to the API: unknown ones answer JSON 404, never the web app. */
function isApiPath(path: string): boolean {
  return (
    path.startsWith('/api/') || path === '/api' || (path.startsWith('/auth/') && !path.startsWith('/auth/callback'))
  );
}

/**
 * The whole application as one plugin, loaded in layers: infrastructure, then app plugins, then routes.
 * Tests register it on a Fastify instance and call `inject`; server.ts adds the listening socket.
 */
async function app(fastify: FastifyInstance, opts: AppOptions) {
  const { config, database } = opts;
  const redis = config.redisUrl ? connectRedis(config.redisUrl) : undefined;
  // Redis errors are handled where Redis is used (each falls back); the client must not crash the process.
  redis?.on('error', () => undefined);
  const accessTokens = new AccessTokens(config.jwtSecret, config.publicUrl);
  const now = opts.now ?? systemClock;
  const rateLimiter = new RateLimiter(redis, fastify.log, undefined, now);
  const changes = new ChangeFeed();
  const services = createServices({
    db: database.db,
    config,
    redis,
    rateLimiter,
    accessTokens,
    log: fastify.log,
    now,
    changes,
  });
  fastify.decorate('config', config);
  fastify.decorate('database', database);
  fastify.decorate('redis', redis);
  fastify.decorate('accessTokens', accessTokens);
  fastify.decorate('rateLimiter', rateLimiter);
  fastify.decorate('services', services);
  fastify.decorate('pageData', createPageData(services));
  fastify.addHook('onClose', async () => {
    // The relay's Redis subscriber has a connection of its own.
    services.changeRelay.close();
    redis?.disconnect();
  });
  // The outbox worker sends mail while the app serves, and the member jobs (expiry reminders, daily digest) queue
  // some; they stop before the database closes, the jobs first since they queue mail.
  fastify.addHook('onReady', async () => {
    services.mail.start();
    services.memberJobs.start();
    services.openData.start();
  });
  fastify.addHook('preClose', async () => {
    await services.accounts.settle();
    await services.memberJobs.stop();
    await services.openData.stop();
    await services.mail.stop();
  });

  fastify.setValidatorCompiler(validatorCompiler);
  fastify.setSerializerCompiler(serializerCompiler);

  // The web client sends `Content-Type: application/json` on every call, also bodiless ones such as votes.
  // JSON is the only body the API reads: any other type is 415 (decision 0006), not a schema error.
  fastify.removeContentTypeParser(['application/json', 'text/plain']);
  fastify.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, undefined);
    try {
      // Fastify's own protection, kept with our parser: `__proto__` and `constructor.prototype` keys are refused.
      done(null, secureJson.parse(text, undefined, { protoAction: 'error', constructorAction: 'error' }));
    } catch {
      const err = Object.assign(new Error(MSG.malformedJson), {
        statusCode: 400,
        code: 'FST_ERR_CTP_INVALID_JSON_BODY',
      });
      done(err, undefined);
    }
  });

  fastify.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  await fastify.register(errorHandler);
  // First of the hooks, so that the request durations hold everything that follows.
  await fastify.register(metrics);
  // Security headers first, so that every answer carries them, 401s of the auth hook included.
  await fastify.register(security, { https: config.publicUrl.startsWith('https:'), dev: opts.web === 'dev' });
  await fastify.register(auth);
  // ETags, CORS and rate-limit headers of the API; before compression, so that ETags are of the JSON itself.
  await fastify.register(publicApi);
  // Quality 4 compresses about as well as gzip -9 at a fraction of brotli's default cost per response.
  await fastify.register(compress, {
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } },
  });
  await fastify.register(openapi, { publicUrl: config.publicUrl });

  const api = fastify.withTypeProvider<ZodTypeProvider>();
  await api.register(healthRoutes);
  await api.register(certificationRoutes);
  await api.register(revisionRoutes);
  await api.register(ratingRoutes);
  await api.register(compareRoutes);
  await api.register(accountRoutes);
  await api.register(resourceRoutes);
  await api.register(voteRoutes);
  await api.register(sitemapRoutes);
  await api.register(commentRoutes);
  await api.register(adminRoutes);
  await api.register(staleFactsRoutes);
  await api.register(flagRoutes);
  await api.register(moderationLogRoutes);
  await api.register(articleRoutes);
  await api.register(trackerRoutes);
  await api.register(badgeRoutes);
  await api.register(firstSignInRoutes);
  await api.register(notificationRoutes);
  await api.register(watchRoutes);
  await api.register(emailSettingsRoutes);
  await api.register(unsubscribeRoutes);
  await api.register(feedRoutes);
  await api.register(pathRoutes);
  await api.register(openDataRoutes);

  if (opts.web) {
    const pageCache = new PageCache({ maxBytes: config.cacheBytes.pages, ttlMs: PAGE_CACHE_TTL_MS });
    // The changes announced, here or on another instance, show on visitors' pages (the catalogue's on the list,
    // certification and paths pages, a member's on their profile). Any other successful write may show on a page
    // too: it empties this instance's pages, and reaches other instances within the cache's time to live.
    changes.subscribe('catalogue', () => pageCache.clear());
    changes.subscribe('member', () => pageCache.clear());
    fastify.addHook('onResponse', async (request, reply) => {
      if (request.method !== 'GET' && request.method !== 'HEAD' && reply.statusCode < 400) pageCache.clear();
    });
    await fastify.register(web, {
      publicUrl: config.publicUrl,
      dev: opts.web === 'dev',
      pageCache,
      cacheTrusted: () => services.changeRelay.canCache,
    });
  }

  fastify.route({
    method: ['GET', 'HEAD'],
    url: '/*',
    schema: { hide: true },
    handler: async (request, reply) => {
      const path = request.url.split('?')[0] ?? '/';
      if (isApiPath(path) || !opts.web) throw notFound(MSG.routeNotFound);
      return fastify.renderPage(request, reply);
    },
  });
  fastify.setNotFoundHandler(async () => {
    throw notFound(MSG.routeNotFound);
  });
}

export default fp(app, { name: 'certitude' });

/** Fastify instance options shared by the server and the tests. */
export function fastifyOptions(config: Config, logger: FastifyServerOptions['logger']): FastifyServerOptions {
  return {
    logger,
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: config.trustProxy,
    // A client's own X-Request-Id would forge log correlation: it is taken only from a trusted proxy.
    requestIdHeader: config.trustProxy ? 'x-request-id' : false,
    genReqId: (req) => {
      const incoming = config.trustProxy ? req.headers['x-request-id'] : undefined;
      return typeof incoming === 'string' && /^[\w-]{1,64}$/.test(incoming) ? incoming : randomUUID();
    },
    return503OnClosing: true,
    forceCloseConnections: 'idle',
    routerOptions: { maxParamLength: 200, ignoreTrailingSlash: true },
    frameworkErrors: frameworkErrorAnswer(config.publicUrl.startsWith('https:')),
  };
}

export async function buildApp(opts: AppOptions & { logger?: FastifyServerOptions['logger'] }) {
  const fastify = Fastify(fastifyOptions(opts.config, opts.logger ?? false));
  await fastify.register(app, opts);
  await fastify.ready();
  return fastify;
}
