import { MSG } from '@certitude/shared';
import { limitRule } from '../../lib/rate-limiter.js';

/**
 * Posting limits per account, after Discourse's defaults: `rate_limit_create_post` (5 s between posts) and
 * `rate_limit_new_user_create_post` (30 s for new users). A window opens with a post and admits no other
 * until it closes, so "max 1 per N seconds" is exactly "N seconds between posts".
 */
export const POST_INTERVAL = limitRule('comment-post', 1, 5, MSG.commentTooFast);

export const NEW_ACCOUNT_POST_INTERVAL = limitRule('comment-post-new-account', 1, 30, MSG.commentTooFast);

/**
 * An account counts as new for its first day. Discourse leaves its new-user level by reading activity, which
 * this site does not track; a day is also the horizon of Discourse's other first-day limits.
 */
export const NEW_ACCOUNT_HOURS = 24;

/** Edits, after Discourse's `max_edits_per_day` (30): enough for honest fixes, not for rewriting history in bulk. */
export const EDITS_PER_DAY = limitRule('comment-edit', 30, 24 * 60 * 60, MSG.commentEditsTooMany);
