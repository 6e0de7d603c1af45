import type { ServiceDeps } from '../../service-deps.js';
import { CertificationService } from './certification.service.js';
import { ListInvalidation } from './list-invalidation.js';
import { ResourceService } from './resource.service.js';
import { RevisionService } from './revision.service.js';
import { RatingService } from '../ratings/rating.service.js';
import { ComparisonService } from './compare.service.js';
import { VoteService } from './vote.service.js';

/** The catalogue's services, wired together: votes and edits drop the cached list on every instance. */
export function createCatalogueServices(deps: ServiceDeps, kickMail: () => void) {
  const certifications = new CertificationService(deps.db, deps.rateLimiter);
  const catalogueListBus = new ListInvalidation(
    deps.redis,
    deps.config.redisUrl,
    () => certifications.dropCachedList(),
    deps.log,
  );
  certifications.bus = catalogueListBus;
  const ratings = new RatingService({
    db: deps.db,
    rateLimiter: deps.rateLimiter,
    now: deps.now,
    invalidateList: () => certifications.invalidateList(),
  });
  return {
    certifications,
    ratings,
    comparison: new ComparisonService(certifications, ratings),
    catalogueListBus,
    resources: new ResourceService(deps.db, deps.rateLimiter),
    revisions: new RevisionService({
      db: deps.db,
      rateLimiter: deps.rateLimiter,
      invalidateList: () => certifications.invalidateList(),
      publicUrl: deps.config.publicUrl,
      kickMail,
    }),
    votes: new VoteService(deps.db, deps.rateLimiter, () => certifications.invalidateList(), deps.now),
  };
}
