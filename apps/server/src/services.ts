import type { PageData } from '@certitude/shared';
import { createAccountServices } from './modules/accounts/accounts.services.js';
import { createMailWorker } from './mail/mail-worker.js';
import type { ServiceDeps } from './service-deps.js';
import { HttpError } from './lib/errors.js';
import { ChangeRelay } from './lib/change-relay.js';
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
import { retireDue } from './modules/catalogue-data/retirements.js';
import { PathService } from './modules/paths/path.service.js';
import { OpenDataService } from './modules/open-data/open-data.service.js';
import { BadgeService } from './modules/badges/badge.service.js';
import { DEFAULT_FETCH_LIMITS } from './modules/badges/safe-fetch.js';

/**
 * Every service of the app, built once per app instance. Writes announce what they changed on `deps.changes` after
 * their commit; the caches subscribe here and in app.ts, and the relay tells the other instances
 * (docs/architecture.md#caches).
 */
export function createServices(deps: ServiceDeps) {
  const mail = createMailWorker(deps);
  const changeRelay = new ChangeRelay(deps.redis, deps.config.redisUrl, deps.changes, deps.log);
  const catalogue = createCatalogueServices(deps, () => mail.kick());
  // The public list: dropped by every change of the catalogue, here or on another instance, and not kept while a
  // message from another instance could be missed.
  deps.changes.subscribe('catalogue', () => catalogue.certifications.dropCachedList());
  catalogue.certifications.bus = changeRelay;
  const suspensions = new SuspensionService({ db: deps.db, now: deps.now, changes: deps.changes });
  // A comment's change also moves its certification's discussion version in the transaction.
  const flags = new FlagService({
    db: deps.db,
    now: deps.now,
    rateLimiter: deps.rateLimiter,
    kickMail: () => mail.kick(),
    changes: deps.changes,
  });
  const votingRings = new VotingRingService(deps.db, deps.now);
  const badges = new BadgeService({
    db: deps.db,
    rateLimiter: deps.rateLimiter,
    changes: deps.changes,
    now: deps.now,
    log: deps.log,
    fetchLimits: { ...DEFAULT_FETCH_LIMITS, allowPrivate: deps.config.badgeAllowPrivateHosts },
    kickMail: () => mail.kick(),
  });
  return {
    mail,
    changes: deps.changes,
    changeRelay,
    accounts: createAccountServices(deps, mail, suspensions),
    ...catalogue,
    comments: new CommentService(deps.db, deps.rateLimiter, deps.changes, deps.config.cacheBytes.discussions),
    moderation: new ModerationService({
      db: deps.db,
      now: deps.now,
      publicUrl: deps.config.publicUrl,
      kickMail: () => mail.kick(),
      changes: deps.changes,
      pendingRevisions: () => catalogue.revisions.pending(),
      pendingFlags: () => flags.pendingCount(),
    }),
    flags,
    votingRings,
    userAdmin: new UserAdminService(deps.db, suspensions),
    suspensions,
    voteReversals: new VoteReversalService({ db: deps.db, changes: deps.changes }),
    articles: new ArticleService(deps.db),
    badges,
    ...createMemberServices(
      deps,
      () => mail.kick(),
      (now) => votingRings.detect(now),
      (now) => retireDue(deps.db, deps.changes, now),
      (now) => badges.recheckAll(now),
    ),
    paths: new PathService(deps.db, () => catalogue.certifications.domains()),
    openData: new OpenDataService({
      dataDir: deps.config.dataDir,
      publicUrl: deps.config.publicUrl,
      certifications: () => catalogue.certifications.list(),
      now: deps.now,
      log: deps.log,
      intervalMs: deps.config.openDataIntervalMs,
    }),
  };
}

export type Services = ReturnType<typeof createServices>;

/** The data the web app's loaders read while rendering a page on the server. */
export function createPageData(services: Services): PageData {
  return {
    listCertifications: () => services.certifications.list(),
    browseCertifications: async (query) => (await services.certifications.browse(query)).items,
    searchCertifications: (q) => services.certifications.search(q),
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
        const { nextCursor: _next, ...page } = await services.ratings.page(idOrSlug, limit, undefined, {
          reviewed: true,
        });
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
    openDataIndex: async () => (await services.openData.latest()).index,
  };
}
