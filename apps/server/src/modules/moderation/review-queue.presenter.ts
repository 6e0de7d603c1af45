import { createHash } from 'node:crypto';
import type { Certification, PendingCertification, PendingResource, Resource } from '@certitude/shared';
import type { CertificationRow } from '../catalogue/certification.service.js';
import { presentCertification } from '../catalogue/certification.presenter.js';
import { presentResource } from '../catalogue/resource.presenter.js';
import type { PendingResourceRow } from './pending.repository.js';

/**
 * What members do to an item rather than what it says: left out of its version, so that a vote or a rating arriving
 * while the moderator reads never turns their decision into a 409.
 */
const ACTIVITY = new Set([
  'upvoteCount',
  'downvoteCount',
  'ratingCount',
  'difficulty',
  'value',
  'recognition',
  'commentCount',
  'score',
]);

/**
 * The version of a queue item (docs/decisions/0037-review-what-was-shown.md): a SHA-256 of every field the queue
 * shows but members' activity. Any change of what the moderator read (a field, the facts, the edit replaced, the
 * flags' hold) gives another version; a field added to the answers later is covered without anyone remembering to.
 */
function queueVersion(item: Certification | Omit<PendingResource, 'version'>): string {
  const shown = Object.entries(item).filter(([key]) => !ACTIVITY.has(key));
  return createHash('sha256').update(JSON.stringify(shown)).digest('base64url');
}

/** A certification as the queue shows it: a new submission, one the flags hid, or a member's edit (`edit`). */
export function presentPendingCertification(
  row: CertificationRow & { held?: boolean },
  options: { edit?: boolean } = {},
): PendingCertification {
  const item: Certification = {
    ...presentCertification(row),
    ...(options.edit ? { pendingEdit: true } : {}),
    ...(row.held ? { hiddenByFlags: true } : {}),
  };
  return { ...item, version: queueVersion(item) };
}

export function presentPendingResource(row: PendingResourceRow): PendingResource {
  const item: Resource & Omit<PendingResource, keyof Resource | 'version'> = {
    ...presentResource(row),
    certificationName: row.certificationName,
    certificationSlug: row.certificationSlug,
    ...(row.held ? { hiddenByFlags: true } : {}),
  };
  return { ...item, version: queueVersion(item) };
}
