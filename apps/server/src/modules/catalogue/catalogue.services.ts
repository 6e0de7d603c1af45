import type { ServiceDeps } from '../../service-deps.js';
import { CertificationService } from './certification.service.js';
import { ResourceService } from './resource.service.js';
import { RevisionService } from './revision.service.js';
import { RatingService } from '../ratings/rating.service.js';
import { ComparisonService } from './compare.service.js';
import { VoteService } from './vote.service.js';

/** The catalogue's services. Their writes announce a `catalogue` change after the commit (lib/changes.ts). */
export function createCatalogueServices(deps: ServiceDeps, kickMail: () => void) {
  const certifications = new CertificationService(deps.db, deps.changes, deps.rateLimiter);
  const ratings = new RatingService({
    db: deps.db,
    rateLimiter: deps.rateLimiter,
    now: deps.now,
    changes: deps.changes,
  });
  return {
    certifications,
    ratings,
    comparison: new ComparisonService(certifications, ratings),
    resources: new ResourceService(deps.db, deps.rateLimiter),
    revisions: new RevisionService({
      db: deps.db,
      rateLimiter: deps.rateLimiter,
      changes: deps.changes,
      publicUrl: deps.config.publicUrl,
      kickMail,
    }),
    votes: new VoteService(deps.db, deps.rateLimiter, deps.changes, deps.now),
  };
}
