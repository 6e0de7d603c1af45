import {
  canModerate,
  submitter,
  canEditCertification,
  type CertificationSubject,
  type PolicyViewer,
} from './policy-core.js';
import { isAdmin, type Role } from './enums.js';

export type { CertificationSubject, PolicyViewer };

/**
 * Who may do what (docs/product.md#permissions), in one place for the server and the web: the server's services
 * refuse what `can` refuses, and the web shows a control only where `can` allows it. Ownership is by username,
 * which both sides know of every item and which never changes.
 */
/** What a rule needs to know of a comment. */
export interface CommentSubject {
  username: string;
  /** Deleted by its author or removed by a moderator. */
  deleted: boolean;
  /** Hidden by members' flags (docs/product.md#flags): it waits unchanged for a moderator's decision in the Flags tab. */
  hidden?: boolean;
}

/** What a rule needs to know of an account that a moderator acts on. */
export interface AccountSubject {
  username: string;
  role: Role;
}

interface Subjects {
  /** Read a certification, its resources, votes and discussion. */
  'certification:view': CertificationSubject;
  /** The certification form's Edit: the submitter's own, or any for moderators. */
  'certification:edit': CertificationSubject;
  /** Suggest an edit (a revision): any member, of what they can see. */
  'certification:suggest': CertificationSubject;
  /**
   * A change that applies without review: moderators, and the submitter while the item is not yet public; not while
   * members' flags hide it, when the submitter's changes wait for a moderator like anyone's.
   */
  'certification:change-directly': CertificationSubject;
  /** Vote, comment and rate: members, on public certifications. */
  'certification:take-part': CertificationSubject;
  'comment:edit': CommentSubject;
  'comment:delete': CommentSubject;
  /** Delete someone else's comment, on the record of the moderation log. */
  'comment:remove': CommentSubject;
  /** Work the review queue, decide revisions, read the moderation log, write articles. */
  moderate: undefined;
  /** Find members and change roles. */
  administer: undefined;
  /**
   * Suspend an account, or lift its suspension (docs/product.md#admin-panel): a moderator suspends members (USER), an
   * admin anybody; never one's own. The server also keeps the last admin from being suspended.
   */
  'user:suspend': AccountSubject;
}

export type Action = keyof Subjects;

/** A comment one may still change: neither deleted nor hidden pending review. */
const open = (c: CommentSubject) => !c.deleted && !c.hidden;

const RULES: { [A in Action]: (viewer: PolicyViewer | null | undefined, subject: Subjects[A]) => boolean } = {
  'certification:view': (v, c) => c.status === 'APPROVED' || submitter(v, c) || canModerate(v),
  'certification:edit': canEditCertification,
  'certification:suggest': (v, c) => Boolean(v) && RULES['certification:view'](v, c),
  'certification:change-directly': (v, c) => canModerate(v) || (c.status !== 'APPROVED' && !c.held && submitter(v, c)),
  'certification:take-part': (v, c) => Boolean(v) && c.status === 'APPROVED',
  'comment:edit': (v, c) => Boolean(v) && open(c) && v!.username === c.username,
  'comment:delete': (v, c) => Boolean(v) && open(c) && (v!.username === c.username || canModerate(v)),
  'comment:remove': (v, c) => Boolean(v) && open(c) && v!.username !== c.username && canModerate(v),
  moderate: canModerate,
  administer: (v) => isAdmin(v?.role),
  'user:suspend': (v, a) =>
    Boolean(v) && v!.username !== a.username && (v!.role === 'ADMIN' || (v!.role === 'MODERATOR' && a.role === 'USER')),
};

/** Every action of the policy. */
export const ACTIONS = Object.keys(RULES) as Action[];

/** Whether `viewer` (null for a visitor) may do `action` to `subject`. */
export function can<A extends Action>(
  viewer: PolicyViewer | null | undefined,
  action: A,
  ...subject: Subjects[A] extends undefined ? [] : [Subjects[A]]
): boolean {
  return RULES[action](viewer, subject[0] as Subjects[A]);
}
