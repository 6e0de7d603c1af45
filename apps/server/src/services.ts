import type { PageData } from '@certitude/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import type { RateLimiter } from './lib/rate-limiter.js';
import type { Redis } from './lib/redis.js';
import type { AccessTokens } from './modules/accounts/access-token.js';
import { CertificationService } from './modules/catalogue/certification.service.js';

/** What services are built from: one set per app instance. */
export interface ServiceDeps {
  db: Database;
  config: Config;
  redis: Redis | undefined;
  rateLimiter: RateLimiter;
  accessTokens: AccessTokens;
  log: FastifyBaseLogger;
}

/** Every service of the app, built once per app instance. */
export function createServices(deps: ServiceDeps) {
  return {
    certifications: new CertificationService(deps.db),
  };
}

export type Services = ReturnType<typeof createServices>;

/** The data the web app's loaders read while rendering a page on the server. */
export function createPageData(services: Services): PageData {
  return {
    listCertifications: () => services.certifications.list(),
    getCertification: (idOrSlug) => services.certifications.get(idOrSlug),
    stats: () => services.certifications.stats(),
  };
}
