import type { ModerationAction } from '../enums.js';
import { members } from './count.js';
import { PRODUCT_NAME } from '../page-text.js';

/** What each moderation action is called in words (docs/product.md#moderation-log-page): one label for every action. */
export const MODERATION_ACTION_LABELS: Record<ModerationAction, string> = {
  APPROVE_CERTIFICATION: 'Approved a certification',
  REJECT_CERTIFICATION: 'Rejected a certification',
  APPROVE_RESOURCE: 'Approved a resource',
  REJECT_RESOURCE: 'Rejected a resource',
  REMOVE_COMMENT: 'Removed a comment',
  CHANGE_ROLE: 'Changed a role',
  PUBLISH_ARTICLE: 'Published an article',
  EDIT_ARTICLE: 'Edited an article',
  DELETE_ARTICLE: 'Deleted an article',
  EDIT_CERTIFICATION: 'Edited a certification',
  REJECT_EDIT: 'Turned down an edit of a certification',
  APPROVE_REVISION: 'Applied a suggested edit',
  REJECT_REVISION: 'Turned down a suggested edit',
  REVERT_REVISION: 'Reverted an edit',
  SUSPEND_USER: 'Suspended an account',
  LIFT_SUSPENSION: 'Lifted a suspension',
  REVERSE_VOTES: 'Reversed the votes of an account',
  HIDE_FLAGGED: 'Hid a flagged item pending review',
  REMOVE_FLAGGED: 'Removed a flagged item',
  DISMISS_FLAGS: 'Dismissed the flags on an item',
};

/** The public moderation log, /moderation-log (docs/product.md#moderation-log-page). */
export const MODERATION_LOG_TEXT = {
  title: 'Moderation log',
  description: `Every decision of the ${PRODUCT_NAME} moderators, newest first: what was done, by whom, to what and why.`,
  intro: 'Every decision of the moderators, newest first: what was done, by whom, to what and why.',
  olderTitle: 'Moderation log, older entries',
  empty: 'No moderation actions yet.',
  olderEntries: 'Older entries',
  newestEntries: 'Newest entries',
  pages: 'Pages of the moderation log',
  by: 'by',
  formerModerator: 'a former moderator',
  /** Who hid an item when no moderator did: members' flags reached the threshold (HIDE_FLAGGED). */
  byFlags: 'members’ flags',
  hiddenByFlags: (n: number) => `Hidden automatically after flags from ${members(n)}`,
  reason: 'Reason:',
  noTitle: 'an item that is gone',
} as const;

/** The titles of the public moderation log (GET /api/moderation-log) for targets that have no public name of their own. */
export const MODERATION_TARGET_TEXT = {
  comment: 'a comment',
  commentOn: (certificationName: string) => `a comment on ${certificationName}`,
  review: 'a review',
  reviewOn: (certificationName: string) => `a review of ${certificationName}`,
  article: 'an unpublished article',
  /** A certification or resource the public log does not name: rejected, removed, or hidden pending review. */
  certification: 'a certification that is not public',
  resource: 'a resource that is not public',
  hiddenEmail: '[email address hidden]',
} as const;
