import { MSG } from '@certitude/shared';
import type { RateLimitRule } from '../../lib/rate-limiter.js';

/**
 * Posting limits per account, after Discourse's defaults: `rate_limit_create_post` (5 s between posts) and
 * `rate_limit_new_user_create_post` (30 s for new users). A window opens with a post and admits no other
 * until it closes, so "max 1 per N seconds" is exactly "N seconds between posts".
 */
export const POST_INTERVAL: RateLimitRule = {
  name: 'comment-post',
  max: 1,
  windowSeconds: 5,
  message: MSG.commentTooFast,
};

export const NEW_ACCOUNT_POST_INTERVAL: RateLimitRule = {
  name: 'comment-post-new-account',
  max: 1,
  windowSeconds: 30,
  message: MSG.commentTooFast,
};

/**
 * An account counts as new for its first day. Discourse leaves its new-user level by reading activity, which
 * this site does not track; a day is also the horizon of Discourse's other first-day limits.
 */
export const NEW_ACCOUNT_HOURS = 24;

/** Edits, after Discourse's `max_edits_per_day` (30): enough for honest fixes, not for rewriting history in bulk. */
export const EDITS_PER_DAY: RateLimitRule = {
  name: 'comment-edit',
  max: 30,
  windowSeconds: 24 * 60 * 60,
  message: MSG.commentEditsTooMany,
};
