/**
 * Every user-facing text of the product (docs/product.md#texts) lives once in the shared package: the first paint's in
 * page-text.ts, the footer's in footer-text.ts, and the others in this folder, one file an area (this one: the
 * messages of validation, errors and the site's actions). Both the web app and the server use these constants, so a
 * changed sentence changes everywhere.
 */
import { DOMAIN_SLUGS } from '../domains.js';
import { COMMENT_MAX, PASSWORD_MIN, SEARCH_QUERY_MAX } from '../limits.js';
import { REQUEST_TEXT, VOTE_TEXT } from '../page-text.js';

/**
 * When a limit's window ends, for a 429 sentence: minutes under an hour, else whole hours, always rounded up so that
 * the member is never sent back before the limit has reset (the exact seconds are in Retry-After).
 */
function untilReset(seconds: number): string {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  if (minutes < 60) return minutes === 1 ? 'in a minute' : `in ${minutes} minutes`;
  const hours = Math.ceil(minutes / 60);
  return hours === 1 ? 'in an hour' : `in ${hours} hours`;
}

export const MSG = {
  // Validation (docs/product.md#rules)
  usernameRequired: 'Username is required',
  usernameLength: 'Username must be between 3 and 50 characters',
  passwordRequired: 'Password is required',
  loginPasswordMin: 'Password must be at least 6 characters',
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email address',
  registerPasswordMin: `Password must be at least ${PASSWORD_MIN} characters`,
  passwordsDoNotMatch: 'Passwords do not match',
  newPasswordsDoNotMatch: 'New passwords do not match',
  passwordTooShort: 'Password must be at least 8 characters long',
  passwordNeedsLowercase: 'Password must contain at least one lowercase letter',
  passwordNeedsUppercase: 'Password must contain at least one uppercase letter',
  passwordNeedsNumber: 'Password must contain at least one number',
  resetPasswordRule:
    'Password must be at least 8 characters long and contain uppercase, lowercase, number, and special character',
  currentPasswordRequired: 'Current password is required',
  newEmailRequired: 'New email is required',

  certNameRequired: 'Certification name is required',
  certCodeRequired: 'Certification code is required',
  vendorRequired: 'Vendor is required',
  descriptionRequired: 'Description is required',
  urlRequired: 'URL is required',
  urlInvalid: 'Please enter a valid URL',
  mustLoginToSubmitCertification: 'You must be logged in to submit a certification',
  mustLoginToSubmitResource: 'You must be logged in to submit a resource',
  resourceNameRequired: 'Resource name is required',

  commentEmpty: 'Comment cannot be empty',
  commentTooLong: `Comment cannot exceed ${COMMENT_MAX} characters`,
  commentTooShort: 'Comment must be at least 1 character',
  commentDangerous: 'Comment contains potentially dangerous content',
  commentTooDeep: 'Replies can only be nested 3 levels deep',
  commentNotFound: 'Comment not found',
  commentParentElsewhere: 'The comment you are replying to belongs to another certification',
  commentParentDeleted: 'You cannot reply to a deleted comment',
  commentEditNotOwner: 'You can only edit your own comments',
  commentDeleteNotOwner: 'You can only delete your own comments',
  commentInvalidCharacters: 'Comment contains characters that are not allowed',
  commentTooFast: 'You are commenting too quickly. Please wait a few seconds and try again.',
  commentEditsTooMany: 'You have edited comments too many times today. Please try again later.',

  // What failures say (docs/product.md#error-texts)
  loginInvalid: 'Invalid username or password. Please try again.',
  loginTooMany: 'Too many login attempts. Please try again later.',
  serverError: 'Server error. Please try again later.',
  offline: REQUEST_TEXT.offline,
  requestTimedOut: REQUEST_TEXT.requestTimedOut,
  loginFailedDefault: 'Login failed. Please check your credentials.',
  loginFailedPrefix: 'Login Failed:',
  emailNotVerified: 'Please verify your email address before signing in. Check your inbox for the verification link.',
  registerFailed: 'Registration failed. Please try again.',
  submitCertificationFailed: 'Failed to submit certification',
  updateCertificationFailed: 'Failed to update certification. Please try again.',
  voteFailed: VOTE_TEXT.voteFailed,
  loginToVote: VOTE_TEXT.loginToVote,
  loginToVoteTitle: VOTE_TEXT.loginToVoteTitle,
  removeUpvote: VOTE_TEXT.removeUpvote,
  removeDownvote: VOTE_TEXT.removeDownvote,
  fetchCertificationsFailed: REQUEST_TEXT.fetchCertificationsFailed,
  fetchResourcesFailed: 'Failed to fetch resources',
  submitResourceFailed: 'Failed to submit resource',
  postCommentFailed: 'Failed to post comment',
  postReplyFailed: 'Failed to post reply',
  updateCommentFailed: 'Failed to update comment',
  deleteCommentFailed: 'Failed to delete comment',
  certificationNotFound: 'Certification not found',
  /** GET /api/paths/{domain} of a slug that is no domain (docs/api.md#paths). */
  domainNotFound: `Domain not found: the domains are ${DOMAIN_SLUGS.join(', ')}`,
  invalidCertificationId: 'Invalid certification ID',
  updatePasswordFailed: 'Failed to update password',
  updateEmailFailed: 'Failed to update email',
  networkError: 'Network error. Please try again.',
  noVerificationToken: 'No verification token provided. Please check your email link.',
  verificationFailed: 'An error occurred while verifying your email. The link may be expired or invalid.',
  forgotTooMany: 'Too many requests. Please wait before trying again.',
  forgotFailed: 'Unable to process request. Please try again.',
  resetInvalidToken: 'Invalid or expired reset token. Please request a new password reset.',
  resetValidateFailed: 'Unable to validate reset token. Please try again.',
  resetBadRequest: 'Invalid request. Please check your input.',
  resetFailed: 'Unable to reset password. Please try again.',
  oauthNotConfigured:
    'Social sign-in is not configured on this server. Please sign in with your username and password.',
  oauthFailedPrefix: 'Authentication failed:',
  oauthUnableToProcess: 'Authentication failed: Unable to process response',
  oauthMissingTokens: 'Authentication failed: Missing tokens',
  deleteCommentConfirm: 'Are you sure you want to delete this comment?',
  discussionLoginPrompt: 'Please log in to join the discussion',

  // The server's own answers of the HTTP contract (docs/api.md#errors)
  notFound: 'The requested resource was not found',
  routeNotFound: 'No such endpoint',
  badUrl: 'The address of the request is not valid',
  urlTooLong: 'A part of the address is too long',
  unauthorized: 'You must be signed in to do that',
  sessionInvalid: 'Your session has expired or is invalid. Please sign in again.',
  metricsTokenRequired: 'The metrics answer only to the bearer token set in METRICS_TOKEN',
  forbidden: 'You do not have permission to do that',
  malformedJson: 'The request body is not valid JSON',
  textHasNul: 'Text must not contain the NUL character (U+0000)',
  bodyTooLarge: 'The request body is too large (at most 100 KiB)',
  unsupportedMediaType: 'The request body must be JSON',
  tooManyRequests: 'Too many requests. Please wait before trying again.',
  databaseUnavailable: 'The service is temporarily unavailable. Please try again shortly.',
  internalError: 'Something went wrong on our side. Please try again later.',
  duplicateCertification: 'A certification with this name and vendor already exists',
  resourceNotFound: 'Resource not found',
  resourceIdNumeric: 'A resource is given by its numeric id',
  voteTooFast: 'You are voting too fast. Please wait a minute before voting again.',
  voteDailyLimit: 'You have reached the daily vote limit. Please try again tomorrow.',
  /** The first-week downvote limit (docs/product.md#voting); `resetSeconds` is what is left of the limit's window. */
  newAccountDownvoteLimit: (max: number, resetSeconds: number) =>
    `New accounts can downvote ${max} times a day in their first week. You can downvote again ${untilReset(resetSeconds)}.`,
  submissionDailyLimit: 'You have reached the daily submission limit. Please try again tomorrow.',
  notYourCertification: 'Only the submitter or a moderator can edit this certification',
  editNeedsReview:
    'This certification is published: your changes will be reviewed by a moderator before everyone sees them.',
  editAwaitingReview:
    'Your edit has been sent for review. The certification stays as it is until a moderator approves it.',
  /** The edit form of a certification members' flags hid (docs/product.md#flags), before the submitter sends it. */
  editWhileHidden:
    'Members flagged this certification, so it is hidden until a moderator reviews it: your changes will be reviewed by a moderator too.',
  /** What the submitter reads on the page of their certification while members' flags hide it. */
  hiddenByFlagsNotice:
    'Members flagged this certification, so only you and the moderators can see it until a moderator reviews it. Changes you make meanwhile wait for the same review.',
  mustLoginToEditCertification: 'You must be logged in to edit a certification',
  // Ratings (docs/api.md#ratings-and-comparison)
  mustLoginToRate: 'You must be logged in to rate a certification',
  ratingNotFound: 'You have not rated this certification',
  ratingTooFast: 'You are changing ratings too fast. Please wait a minute.',
  ratingDailyLimit: 'You have changed many ratings today. Please try again tomorrow.',
  /** The first-week limit on new ratings (docs/product.md#ratings); editing a rating is not counted. */
  newAccountRatingLimit: (max: number, resetSeconds: number) =>
    `New accounts can rate ${max} certifications a day in their first week. You can rate another ${untilReset(resetSeconds)}.`,
  reviewDangerous: 'Review contains potentially dangerous content',
  notEnoughRatings: 'Not enough ratings yet',
  moreReviewsFailed: 'Failed to load more reviews. Please try again.',
  // Revisions (docs/api.md#facts-filters-and-revisions)
  mustLoginToSuggestEdit: 'You must be logged in to suggest an edit',
  revisionNotFound: 'Revision not found',
  badgeClassesModeratorsOnly: 'Only moderators change the badge classes that prove holding a certification.',
  revisionChangesNothing: 'That changes nothing: every value you sent is the one the certification already has.',
  searchTooLong: `The search must be at most ${SEARCH_QUERY_MAX} characters`,
  revisionStale:
    'Someone changed this certification since you opened the form. Reload the page to see the changes, then make your suggestion again.',
  revisionOutdated:
    'This certification has changed since the revision was proposed ({fields}). Reject it and ask for a new proposal.',
  revisionNotPending: 'This revision has already been decided',
  revisionNotApplied: 'Only an applied revision can be reverted',
  revisionRevertConflict:
    'A later change touched the same fields ({fields}); revert that one first, or propose the old values as a new revision.',
  revisionTooMany: 'You have suggested many edits today. Please try again tomorrow.',
  revisionTooFast: 'You are suggesting edits too fast. Please wait a few minutes.',
  revisionPending: 'Thank you! Your suggestion will be reviewed by a moderator before everyone sees it.',
  revisionApplied: 'Your change is live.',
  // Members: tracker, profile, notifications, watching (docs/api.md#members)
  mustLoginToTrack: 'You must be logged in to track your certifications',
  trackerDateInvalid: 'Dates must be real days written YYYY-MM-DD',
  trackerEarnedRequired: 'A held certification needs the date you earned it',
  trackerEarnedInFuture: 'The date you earned it cannot be in the future',
  trackerExpiresBeforeEarned: 'The expiry date must be after the date you earned it',
  trackerDatesOnlyWhenHeld: 'Only a held certification has an earned or expiry date',
  trackerTargetOnlyWhenNotHeld: 'Only a certification you are studying for or planning has a target date',
  memberNotFound: 'Member not found',
  mustLoginForNotifications: 'You must be logged in to see your notifications',
  mustLoginToWatch: 'You must be logged in to watch a certification',
  usernameTaken: 'This username is already taken',
  emailTaken: 'An account with this email address already exists',
  // Accounts: the server's answers to the account calls (docs/api.md#accounts)
  registered: 'Registration successful! Please check your email and verify your address before signing in.',
  emailVerifiedDone: 'Your email address has been verified. You can now sign in.',
  verificationLinkSent:
    'If an account with this email address is waiting for verification, a new verification link has been sent to it.',
  resetLinkSent: 'If an account exists for this email address, a password reset link has been sent to it.',
  passwordResetDone: 'Your password has been reset. You can now sign in with your new password.',
  passwordChanged: 'Your password has been changed. Your other sessions have been signed out.',
  currentPasswordIncorrect: 'Current password is incorrect',
  passwordIncorrect: 'The password is incorrect',
  emailUnchanged: 'The new email address is the same as your current one',
  noPasswordSet:
    "This account signs in with Google or GitHub and has no password yet. Use 'Forgot your password?' to set one.",
  refreshInvalid: 'Your session has expired or was signed out. Please sign in again.',
  oauthProviderUnknown: 'The sign-in provider must be google or github',
  // Moderation and articles (docs/api.md#moderation, docs/api.md#articles)
  alreadyReviewed: 'This submission has already been reviewed',
  /** 409 of approve or reject when the item changed after the queue showed it (docs/api.md#moderation). */
  changedSinceShown:
    'This item was changed after you opened the review queue, so nothing was decided. Reload the queue to read it as it is now.',
  /** 409 of a submitter's change of their pending certification when a moderator decided it meanwhile. */
  reviewedWhileEditing:
    'A moderator reviewed this certification while you were editing it, so your change was not saved. Reload the page and make it again.',
  userNotFound: 'User not found',
  cannotChangeOwnRole: 'You cannot change your own role',
  lastAdmin: 'The last admin cannot be demoted',
  articleNotFound: 'Article not found',
  articleSlugTaken: 'An article with this slug already exists',
  systemAccountRole: 'The role of the system account cannot be changed',
  // Suspensions (docs/product.md#suspensions)
  cannotSuspendSelf: 'You cannot suspend your own account',
  cannotSuspendSystem: 'The system account cannot be suspended',
  moderatorSuspendsMembersOnly: 'Moderators can suspend members only; ask an admin',
  lastAdminSuspend: 'The last admin cannot be suspended',
  notSuspended: 'This account is not suspended',
  memberSuspended: 'This member’s profile is not shown while the account is suspended',
  // Reversing votes (docs/product.md#reversing-votes)
  cannotReverseSystemVotes: 'The system account has no votes to reverse',
  // Flags (docs/product.md#flags)
  mustLoginToFlag: 'You must be logged in to flag an item',
  flagNeedsVerifiedEmail:
    'Please verify your email address before flagging. Check your inbox for the verification link.',
  flagTargetNotFound: 'There is no such item to flag',
  flagAlreadyFiled: 'You have already flagged this item. A moderator will look at it.',
  flagOwnItem: 'You cannot flag your own item. Edit or delete it instead.',
  /** The first-week flag limit (docs/decisions/0029-new-account-limits.md). */
  newAccountFlagLimit: (max: number, resetSeconds: number) =>
    `New accounts can flag ${max} items a day in their first week. You can flag another ${untilReset(resetSeconds)}.`,
  /** The daily flag limit of every account (docs/product.md#flags). */
  flagDailyLimit: (max: number, resetSeconds: number) =>
    `You can flag ${max} items a day. You can flag another ${untilReset(resetSeconds)}.`,
  noOpenFlags: 'This item has no open flags',
  votingRingNotFound: 'There is no such voting-ring signal, or it was already dismissed',
  // Verified holders (Open Badges)
  badgeInputRequired: 'Give either the address of your badge or the credential itself.',
  badgeAlreadyAdded: 'You have already added this badge.',
  badgeNotFound: 'Badge not found',
  badgeRecipientMismatch: 'This badge was issued to an address that is not one of your verified email addresses.',
  badgeRevoked: 'The issuer has revoked this badge.',
  badgeExpired: 'This badge has expired.',
  badgeUnknown: 'This badge does not prove any certification of the catalogue.',
  badgeBadSignature: 'This badge could not be verified with its issuer: its signature or origin does not match.',
  badgeUnreachable: 'The badge or its issuer could not be reached.',
  badgeNotABadge: 'This is not an Open Badge.',
  badgeNoLongerVerifies: 'Your badge for {certification} no longer verifies: it is {status}.',
  badgeTooManyChecks: 'You can add 20 badges an hour. Please try again later.',
} as const;
