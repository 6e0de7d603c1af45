export const ROLES = ['USER', 'MODERATOR', 'ADMIN'] as const;
export type Role = (typeof ROLES)[number];

export const SUBMISSION_STATUSES = ['PENDING', 'APPROVED', 'REJECTED'] as const;
export type SubmissionStatus = (typeof SUBMISSION_STATUSES)[number];

export const RESOURCE_TYPES = ['course', 'video', 'article', 'book', 'documentation', 'other'] as const;
export type ResourceType = (typeof RESOURCE_TYPES)[number];

export const VOTE_ITEM_TYPES = ['certification', 'resource'] as const;
export type VoteItemType = (typeof VOTE_ITEM_TYPES)[number];

export const OAUTH_PROVIDERS = ['google', 'github'] as const;
export type OAuthProvider = (typeof OAUTH_PROVIDERS)[number];

export const MODERATION_ACTIONS = [
  'APPROVE_CERTIFICATION',
  'REJECT_CERTIFICATION',
  'APPROVE_RESOURCE',
  'REJECT_RESOURCE',
  'REMOVE_COMMENT',
  'CHANGE_ROLE',
  'PUBLISH_ARTICLE',
  'EDIT_ARTICLE',
  'DELETE_ARTICLE',
  /** An edit applied to an approved certification: a moderator's own, or a member's that a moderator approved. */
  'EDIT_CERTIFICATION',
  /** A member's edit of an approved certification, turned down: the certification stays as it was. */
  'REJECT_EDIT',
  /** A member's proposed revision of a certification's facts, applied. */
  'APPROVE_REVISION',
  'REJECT_REVISION',
  /** An applied revision undone by a new one that restores the values before it. */
  'REVERT_REVISION',
  /** An account suspended (docs/product.md#suspensions); the reason is the moderator's, shown to the member. */
  'SUSPEND_USER',
  /** A suspension lifted by hand before its end. */
  'LIFT_SUSPENSION',
  /** Every vote of an account removed by an admin, the items' counts with them (docs/product.md#reversing-votes). */
  'REVERSE_VOTES',
  /** An item hidden pending review by members' flags (docs/product.md#flags); no moderator: the threshold did it. */
  'HIDE_FLAGGED',
  /** A flagged item removed by a moderator, its author told the reason. */
  'REMOVE_FLAGGED',
  /** The flags of an item dismissed: the item stays, or comes back if the flags had hidden it. */
  'DISMISS_FLAGS',
] as const;
export type ModerationAction = (typeof MODERATION_ACTIONS)[number];

export const THEMES = ['light', 'dark'] as const;
export type Theme = (typeof THEMES)[number];

/** Admin check (docs/product.md#audience-and-roles): the role is ADMIN. */
export function isAdmin(role: string | undefined | null): boolean {
  return role === 'ADMIN';
}

/** Moderator check (docs/product.md#audience-and-roles): the role is ADMIN or MODERATOR. */
export function isModerator(role: string | undefined | null): boolean {
  return role === 'ADMIN' || role === 'MODERATOR';
}
