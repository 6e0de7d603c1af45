import type { Resource } from '@certitude/shared';
import type { ResourceRow } from './resource.repository.js';

/** The Resource of docs/api.md#shapes: `paid` on read, the submitter by username. */
export function presentResource(row: ResourceRow): Resource {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    url: row.url,
    type: row.type,
    paid: row.isPaid,
    upvoteCount: row.upvoteCount,
    downvoteCount: row.downvoteCount,
    certificationId: row.certificationId,
    submittedById: row.submittedBy ?? null,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
  };
}
