import type { PageData } from '@certitude/shared';
import { createAccountServices } from './modules/accounts/accounts.services.js';
import { createMailWorker } from './mail/mail-worker.js';
import type { ServiceDeps } from './service-deps.js';
import { createCatalogueServices } from './modules/catalogue/catalogue.services.js';
import { CommentService } from './modules/discussion/comment.service.js';
import { ArticleService } from './modules/articles/article.service.js';
import { ModerationService } from './modules/moderation/moderation.service.js';
import { UserAdminService } from './modules/moderation/user-admin.service.js';

/** Every service of the app, built once per app instance. */
export function createServices(deps: ServiceDeps) {
  const mail = createMailWorker(deps);
  const catalogue = createCatalogueServices(deps);
  return {
    mail,
    accounts: createAccountServices(deps, mail),
    ...catalogue,
    comments: new CommentService(deps.db, deps.rateLimiter),
    moderation: new ModerationService({
      db: deps.db,
      publicUrl: deps.config.publicUrl,
      kickMail: () => mail.kick(),
      invalidateCertificationList: () => catalogue.certifications.invalidateList(),
    }),
    userAdmin: new UserAdminService(deps.db),
    articles: new ArticleService(deps.db),
  };
}

export type Services = ReturnType<typeof createServices>;

/** The data the web app's loaders read while rendering a page on the server. */
export function createPageData(services: Services): PageData {
  return {
    listCertifications: () => services.certifications.list(),
    getCertification: (idOrSlug) => services.certifications.get(idOrSlug),
    stats: () => services.certifications.stats(),
    listResources: (idOrSlug) => {
      // The certification page streams this list in without awaiting it: when the visitor leaves first, nobody
      // waits for it, and its failure (the database away or closing) must not be an unhandled rejection, which
      // ends the process (drills/sustained-load.mjs). Whoever awaits it still gets the error.
      const list = services.resources.listForCertification(idOrSlug);
      list.catch(() => undefined);
      return list;
    },
    listArticles: () => services.articles.list(),
    getArticle: (slug) => services.articles.get(slug),
  };
}
