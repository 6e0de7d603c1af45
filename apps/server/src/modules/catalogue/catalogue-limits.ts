import { FLAGS_PER_DAY, MSG } from '@certitude/shared';
import { limitRule } from '../../lib/rate-limiter.js';

/**
 * Per-account limits on the catalogue's write actions. Anchors: Stack Exchange allows 40 votes a day,
 * Discourse 50 likes a day. A Certitude vote is a toggle (a mis-click and its undo cost two hits) and a
 * member votes on certifications and on each one's resources, so the daily budget is twice those anchors:
 * enough to rate every certification a member holds plus their resources in one sitting, far too few to
 * move a ranking by script. The burst limit stops a script at once without troubling a person, who
 * cannot click 30 distinct votes a minute while reading.
 *
 * Submissions go to a moderator who reviews each by hand within 1-2 business days; an honest member adds
 * a handful at a time, so 10 certifications and 20 resources a day keep the review queue humane while
 * never stopping a real contributor.
 */
export const VOTE_BURST = limitRule('vote-minute', 30, 60, MSG.voteTooFast);
export const VOTE_DAILY = limitRule('vote-day', 100, 24 * 60 * 60, MSG.voteDailyLimit);
/**
 * An account's first week (docs/decisions/0029-new-account-limits.md): its downvotes and its new ratings have tighter
 * daily limits, so that a campaign of throwaway accounts cannot sink a certification or move its means. Seven days,
 * because creating an account is free and instant while waiting a week is not: a campaign must register its accounts
 * a week ahead, and every one of them is in plain sight (and can be suspended) meanwhile. Stack Exchange withholds
 * downvotes until 125 reputation, usually more than a week of activity; this site has no reputation, so time stands in
 * for it, as it does for Discourse's first-day limits on new users.
 */
const NEW_ACCOUNT_DAYS = 7;

/** The moment an account must have been created by to be past its first week at `now`. */
export function firstWeekCutoff(now: Date): Date {
  return new Date(now.getTime() - NEW_ACCOUNT_DAYS * 24 * 60 * 60 * 1000);
}

/** Whether an account created at `createdAt` is in its first week at `now` (the server's clock). */
export function inFirstWeek(createdAt: Date, now: Date): boolean {
  return now.getTime() - createdAt.getTime() < NEW_ACCOUNT_DAYS * 24 * 60 * 60 * 1000;
}

/**
 * Downvotes of an account in its first week: 10 a day, counted per click in the downvote direction on a
 * certification or a resource (undoing a downvote is a click too), beside VOTE_BURST and VOTE_DAILY, which still
 * apply; upvotes keep those limits only. Stack Exchange gives new users no downvote at all (the privilege comes at 125
 * reputation), out of 40 votes a day for everyone; Discourse gives a new user 10 replies on their first day
 * (`max_replies_in_first_day`) and its lowest like budget (`max_likes_per_day`, multiplied at higher trust levels).
 * Ten is a quarter of Stack Exchange's daily votes: a newcomer who finds a few listings wrong or a few resources
 * dead flags them all in a day, while fifty throwaway accounts bring no more than 500 downvotes a day, spread
 * thin and recorded per account.
 */
export const NEW_ACCOUNT_DOWNVOTES_DAILY = limitRule(
  'downvote-day-new-account',
  10,
  24 * 60 * 60,
  (resetSeconds, max) => MSG.newAccountDownvoteLimit(max, resetSeconds),
);

export const CERTIFICATION_SUBMISSIONS_DAILY = limitRule(
  'submit-certification-day',
  10,
  24 * 60 * 60,
  MSG.submissionDailyLimit,
);
export const RESOURCE_SUBMISSIONS_DAILY = limitRule('submit-resource-day', 20, 24 * 60 * 60, MSG.submissionDailyLimit);

/**
 * Suggested edits of certifications. Each waits for a moderator, who reads its diff; one honest session of
 * corrections (a member updating the prices and lengths of one vendor's track) is ten to twenty proposals, so
 * 10 in 10 minutes and 30 a day never stop a contributor, while a script flooding the queue is stopped after
 * ten items that a moderator rejects in one pass.
 */
export const REVISION_BURST = limitRule('revision-10-minutes', 10, 10 * 60, MSG.revisionTooFast);
export const REVISION_DAILY = limitRule('revision-day', 30, 24 * 60 * 60, MSG.revisionTooMany);

/**
 * A member's edits of their own certification through the form: of their pending or rejected submission (applied at
 * once, nobody else sees it) or of their published one (the edit waiting in the review queue, replaced by each newer
 * one). Each changes what a moderator reads, so a flood of them would race the review (docs/security.md); the budget
 * is that of suggested edits, counted apart so that neither use eats the other's.
 */
export const FORM_EDIT_BURST = limitRule('form-edit-10-minutes', 10, 10 * 60, MSG.revisionTooFast);
export const FORM_EDIT_DAILY = limitRule('form-edit-day', 30, 24 * 60 * 60, MSG.revisionTooMany);

/**
 * Ratings. A member rates the certifications they hold or studied for, a handful, and may adjust a rating a few
 * times while a form is open; 10 writes a minute never stops that, and 100 a day covers rating a whole career
 * in one sitting. A script trying to move the means is stopped after 10 in its first minute.
 */
export const RATING_BURST = limitRule('rating-minute', 10, 60, MSG.ratingTooFast);
export const RATING_DAILY = limitRule('rating-day', 100, 24 * 60 * 60, MSG.ratingDailyLimit);

/**
 * New ratings of an account in its first week: 10 a day, beside RATING_BURST and RATING_DAILY. Twice the five
 * certifications an honest newcomer typically holds, so rating all of them in the first sitting never meets it. Only
 * a rating of a certification the account has not rated counts: editing one's rating changes no count and an account
 * holds one rating per certification, so edits cannot multiply a throwaway account's weight, and counting them would
 * only stop a newcomer adjusting their form. Taking a rating back and rating again counts as a new rating. The
 * anchors are those of NEW_ACCOUNT_DOWNVOTES_DAILY (Discourse's 10 first-day replies; a quarter of Stack Exchange's
 * 40 daily votes).
 */
export const NEW_ACCOUNT_RATINGS_DAILY = limitRule('rating-day-new-account', 10, 24 * 60 * 60, (resetSeconds, max) =>
  MSG.newAccountRatingLimit(max, resetSeconds),
);

/**
 * Flags of an account in its first week (docs/decisions/0029-new-account-limits.md, docs/product.md#flags): 5 a day.
 * Flags from accounts younger than a week never count towards hiding an item, so this limit only keeps a throwaway
 * account from filling the moderators' Flags tab. Discourse gives new users (trust level 0) a small daily flag
 * allowance that grows with trust; Stack Exchange lets nobody flag below 15 reputation. Five is enough for a newcomer
 * who meets a few spam comments on their first day.
 */
export const NEW_ACCOUNT_FLAGS_DAILY = limitRule('flag-day-new-account', 5, 24 * 60 * 60, (resetSeconds, max) =>
  MSG.newAccountFlagLimit(max, resetSeconds),
);

/**
 * Flags of every account: FLAGS_PER_DAY (20) a day, beside NEW_ACCOUNT_FLAGS_DAILY in the first week. Discourse's
 * default `max_flags_per_day` is 20 too. A member who meets a spam wave flags the whole of it; an account filing more
 * than that every day is not reporting, it is campaigning, and the Flags tab would drown in it.
 */
export const FLAGS_DAILY = limitRule('flag-day', FLAGS_PER_DAY, 24 * 60 * 60, (resetSeconds, max) =>
  MSG.flagDailyLimit(max, resetSeconds),
);
