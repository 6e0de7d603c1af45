import type { PageData } from '@certitude/shared';
import { createAccountServices } from './modules/accounts/accounts.services.js';
import { createMailWorker } from './mail/mail-worker.js';
import type { ServiceDeps } from './service-deps.js';
import { HttpError } from './lib/errors.js';
import { createCatalogueServices } from './modules/catalogue/catalogue.services.js';
import { CommentService } from './modules/discussion/comment.service.js';
import { ArticleService } from './modules/articles/article.service.js';
import { ModerationService } from './modules/moderation/moderation.service.js';
import { UserAdminService } from './modules/moderation/user-admin.service.js';
import { SuspensionService } from './modules/moderation/suspension.service.js';
import { VoteReversalService } from './modules/moderation/vote-reversal.service.js';
import { FlagService } from './modules/moderation/flag.service.js';
import { VotingRingService } from './modules/moderation/voting-ring.service.js';
import { createMemberServices } from './modules/members/members.services.js';
import { PathService } from './modules/paths/path.service.js';

/** Every service of the app, built once per app instance. */
export function createServices(deps: ServiceDeps) {
  const mail = createMailWorker(deps);
  const catalogue = createCatalogueServices(deps, () => mail.kick());
  // A suspension hides the member's profile: the visitors' pages follow the list on every instance
  // (docs/architecture.md#caches).
  const suspensions = new SuspensionService({
    db: deps.db,
    now: deps.now,
    onChanged: () => catalogue.certifications.invalidateList(),
  });
  // Flags hide, restore and remove items: a catalogue item's status is in the list, dropped on every instance
  // (docs/architecture.md#caches); a comment's change moves its certification's discussion version in the transaction.
  const flags = new FlagService({
    db: deps.db,
    now: deps.now,
    rateLimiter: deps.rateLimiter,
    kickMail: () => mail.kick(),
    onChanged: () => catalogue.certifications.invalidateList(),
  });
  const votingRings = new VotingRingService(deps.db, deps.now);
  return {
    mail,
    accounts: createAccountServices(deps, mail, suspensions),
    ...catalogue,
    comments: new CommentService(deps.db, deps.rateLimiter, () => catalogue.certifications.invalidateList()),
    moderation: new ModerationService({
      db: deps.db,
      now: deps.now,
      publicUrl: deps.config.publicUrl,
      kickMail: () => mail.kick(),
      invalidateCertificationList: () => catalogue.certifications.invalidateList(),
      pendingRevisions: () => catalogue.revisions.pending(),
      pendingFlags: () => flags.pendingCount(),
    }),
    flags,
    votingRings,
    userAdmin: new UserAdminService(deps.db, suspensions),
    suspensions,
    // A reversal moves the counts of the list and of certification pages: they are dropped on every instance
    // (docs/architecture.md#caches).
    voteReversals: new VoteReversalService({
      db: deps.db,
      onReversed: () => catalogue.certifications.invalidateList(),
    }),
    articles: new ArticleService(deps.db),
    // A tracker write that shows or hides a common next step changes public pages: they follow the list on every
    // instance (docs/architecture.md#caches).
    ...createMemberServices(
      deps,
      () => mail.kick(),
      () => catalogue.certifications.invalidateList(),
      (now) => votingRings.detect(now),
    ),
    paths: new PathService(deps.db),
  };
}

export type Services = ReturnType<typeof createServices>;

/** The data the web app's loaders read while rendering a page on the server. */
export function createPageData(services: Services): PageData {
  return {
    listCertifications: () => services.certifications.list(),
    browseCertifications: async (query) => (await services.certifications.browse(query)).items,
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
    listDomains: () => services.certifications.domains(),
    listRevisions: (idOrSlug) => services.revisions.list(idOrSlug),
    discussionFirstPage: (idOrSlug, limit) => services.comments.firstPage(idOrSlug, limit),
    ratings: async (idOrSlug, limit) => {
      try {
        const { nextCursor: _next, ...page } = await services.ratings.page(idOrSlug, limit, undefined);
        return page;
      } catch (err) {
        if (err instanceof HttpError && err.statusCode === 404) return null;
        throw err;
      }
    },
    compare: (idsOrSlugs) => services.comparison.compare(idsOrSlugs),
    listPaths: () => services.paths.list(),
    pathMap: (domain) => services.paths.map(domain),
    nextSteps: (idOrSlug) => services.paths.next(idOrSlug),
    unsubscribeInfo: (token) => services.memberEmails.unsubscribeInfo(token),
    moderationLog: (query) => services.moderation.publicLog(query),
    publicProfile: (username) => services.tracker.profileOrUnavailable(username),
  };
}
