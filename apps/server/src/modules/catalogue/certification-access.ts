import { can, MSG, type CertificationSubject } from '@certitude/shared';
import type { Executor } from '../../db/client.js';
import { notFound } from '../../lib/errors.js';
import type { Viewer } from '../../plugins/auth.js';
import { findCertification, type CertificationRow } from './certification.repository.js';

/* Who may see and take part in a certification, as the policy (packages/shared/src/policy.ts) decides. */

/** What the policy needs of a certification's row; `held` (findCertification's) when members' flags hide it. */
type SubjectRow = Pick<CertificationRow, 'status' | 'submittedBy'> & { held?: boolean };

/** A PENDING or REJECTED certification is seen only by its submitter and by moderators (docs/product.md#permissions). */
export function canSee(row: SubjectRow, viewer?: Viewer): boolean {
  return can(viewer, 'certification:view', subjectOf(row));
}

/** What the policy (packages/shared/src/policy.ts) needs to know of a certification. */
export function subjectOf(row: SubjectRow): CertificationSubject {
  return { status: row.status, submittedBy: row.submittedBy ?? null, held: row.held ?? false };
}

/**
 * A certification the member may take part in (vote, rate, track, watch, add a resource), as the policy's
 * `certification:take-part` says: one of the public catalogue. Any other is not found (404), as it is to the public.
 */
export function certificationToTakePartIn(db: Executor, idOrSlug: string, viewer: Viewer) {
  return certificationIf(db, idOrSlug, (row) => can(viewer, 'certification:take-part', subjectOf(row)));
}

/** A certification as a visitor sees it (the ratings' summary and pages): one of the public catalogue, else 404. */
export function publicCertification(db: Executor, idOrSlug: string) {
  return certificationIf(db, idOrSlug, (row) => can(null, 'certification:view', subjectOf(row)));
}

async function certificationIf(db: Executor, idOrSlug: string, allowed: (row: CertificationRow) => boolean) {
  const row = await findCertification(db, idOrSlug);
  if (!row || !allowed(row)) throw notFound(MSG.certificationNotFound);
  return row;
}
