import type { PageData } from '@certitude/shared';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import { CertificationService } from './modules/catalogue/certification.service.js';

/** Every service of the app, built once per app instance over one database. */
export function createServices(db: Database, _config: Config) {
  return {
    certifications: new CertificationService(db),
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
