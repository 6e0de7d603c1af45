import { can, type CreateResourceRequest, type Resource } from '@certitude/shared';
import type { Database } from '../../db/client.js';
import type { RateLimiter } from '../../lib/rate-limiter.js';
import type { Viewer } from '../../plugins/auth.js';
import { RESOURCE_SUBMISSIONS_DAILY } from './catalogue-limits.js';
import { findCertification } from './certification.repository.js';
import { canSee, certificationToTakePartIn } from './certification-access.js';
import { presentResource } from './resource.presenter.js';
import { findApprovedResources, findResource, insertResource } from './resource.repository.js';

/** How other modules read a resource, the review queue's decisions among them (docs/architecture.md#module-boundaries). */
export { findResource, type ResourceRow } from './resource.repository.js';

/** Learning resources of a certification: read by anyone, submitted by members for review. */
export class ResourceService {
  constructor(
    private readonly db: Database,
    private readonly rateLimiter?: RateLimiter,
  ) {}

  /** The APPROVED resources of a certification the viewer may see; null when there is no such certification. */
  async listForCertification(idOrSlug: string, viewer?: Viewer): Promise<Resource[] | null> {
    const cert = await findCertification(this.db, idOrSlug);
    if (!cert || !canSee(cert, viewer)) return null;
    return (await findApprovedResources(this.db, cert.id)).map(presentResource);
  }

  /** A resource submission (docs/product.md#submission-and-review): PENDING for review, APPROVED at once for a moderator's own. */
  async create(input: CreateResourceRequest, viewer: Viewer): Promise<Resource> {
    // Resources are added to the public catalogue only; a pending certification gets them once approved.
    const cert = await certificationToTakePartIn(this.db, String(input.certificationId), viewer);
    await this.rateLimiter?.consume(RESOURCE_SUBMISSIONS_DAILY, `user:${viewer.id}`);
    const id = await insertResource(this.db, {
      certificationId: cert.id,
      name: input.name,
      description: input.description,
      url: input.url,
      type: input.type ?? 'course',
      isPaid: input.isPaid ?? false,
      status: can(viewer, 'moderate') ? 'APPROVED' : 'PENDING',
      submittedById: viewer.id,
    });
    return presentResource((await findResource(this.db, id))!);
  }
}
