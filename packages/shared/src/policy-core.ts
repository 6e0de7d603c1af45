import { isModerator, type Role } from './enums.js';

/**
 * The smallest parts of the policy (policy.ts), apart so that the first paint can ask without loading every rule: the
 * home page's cards whether to show Edit (`can(viewer, 'certification:edit', …)` is `canEditCertification`), the
 * navbar whether to link to the admin panel (`can(viewer, 'moderate')` is `canModerate`).
 */
export interface PolicyViewer {
  username: string;
  role: Role;
}

/** What a rule needs to know of a certification. */
export interface CertificationSubject {
  status: 'PENDING' | 'APPROVED' | 'REJECTED';
  /** The submitter's username; null once the account is gone. */
  submittedBy: string | null;
  /**
   * Hidden by members' flags until a moderator decides (docs/product.md#flags): PENDING again, but not a submission
   * its submitter may still change alone.
   */
  held?: boolean;
}

/**
 * The one moderator predicate (enums.ts `isModerator`), for a viewer; `can(viewer, 'moderate')`: work the review
 * queue, decide revisions, read the moderation log, write articles.
 */
export const canModerate = (v: PolicyViewer | null | undefined) => isModerator(v?.role);

export const submitter = (v: PolicyViewer | null | undefined, c: CertificationSubject) =>
  Boolean(v && c.submittedBy !== null && v.username === c.submittedBy);

/** The certification form's Edit: the submitter's own, or any for moderators. */
export const canEditCertification = (v: PolicyViewer | null | undefined, c: CertificationSubject) =>
  canModerate(v) || submitter(v, c);
