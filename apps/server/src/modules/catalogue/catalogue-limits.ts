import { MSG } from '@certitude/shared';
import type { RateLimitRule } from '../../lib/rate-limiter.js';

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
export const VOTE_BURST: RateLimitRule = {
  name: 'vote-minute',
  max: 30,
  windowSeconds: 60,
  message: MSG.voteTooFast,
};
export const VOTE_DAILY: RateLimitRule = {
  name: 'vote-day',
  max: 100,
  windowSeconds: 24 * 60 * 60,
  message: MSG.voteDailyLimit,
};
export const CERTIFICATION_SUBMISSIONS_DAILY: RateLimitRule = {
  name: 'submit-certification-day',
  max: 10,
  windowSeconds: 24 * 60 * 60,
  message: MSG.submissionDailyLimit,
};
export const RESOURCE_SUBMISSIONS_DAILY: RateLimitRule = {
  name: 'submit-resource-day',
  max: 20,
  windowSeconds: 24 * 60 * 60,
  message: MSG.submissionDailyLimit,
};
