import type { Certification } from '@certitude/shared';
import type { CertificationRow } from './certification.repository.js';

/** Turns a row into the Certification of docs/api.md#shapes: the submitter by username, times as ISO strings. */
export function presentCertification(row: CertificationRow): Certification {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    certCode: row.certCode,
    vendor: row.vendor,
    description: row.description,
    url: row.url,
    submittedById: row.submittedBy ?? null,
    upvoteCount: row.upvoteCount,
    downvoteCount: row.downvoteCount,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
