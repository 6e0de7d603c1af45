import type { ServiceDeps } from '../../service-deps.js';
import { CertificationService } from './certification.service.js';
import { ListInvalidation } from './list-invalidation.js';
import { ResourceService } from './resource.service.js';
import { VoteService } from './vote.service.js';

/** The catalogue's services, wired together: votes and edits drop the cached list on every instance. */
export function createCatalogueServices(deps: ServiceDeps) {
  const certifications = new CertificationService(deps.db, deps.rateLimiter);
  const catalogueListBus = new ListInvalidation(
    deps.redis,
    deps.config.redisUrl,
    () => certifications.dropCachedList(),
    deps.log,
  );
  certifications.bus = catalogueListBus;
  return {
    certifications,
    catalogueListBus,
    resources: new ResourceService(deps.db, deps.rateLimiter),
    votes: new VoteService(deps.db, deps.rateLimiter, () => certifications.invalidateList()),
  };
}
