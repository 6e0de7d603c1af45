/**
 * Every user-facing text of the product (docs/product.md#texts) lives here once (or in page-text.ts, for the texts of
 * every page's first paint); both the web app and the server use these constants, so a changed sentence
 * changes everywhere.
 */
import { formatDateTime } from './dates.js';
import { FOOTER_TEXT } from './footer-text.js';
import { DOMAIN_SLUGS } from './domains.js';
import type { ModerationAction } from './enums.js';
import { COMMENT_MAX, PASSWORD_MIN, REVIEW_TURNAROUND, SEARCH_QUERY_MAX } from './limits.js';
import { ERROR_PAGE_TEXT, LISTING_TEXT, NAV_TEXT, PRODUCT_NAME, REQUEST_TEXT, VOTE_TEXT } from './page-text.js';

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

/** Texts of the admin panel and the article pages. */
export const ADMIN_TEXT = {
  adminPanel: 'Admin Panel',
  reviewQueue: 'Review Queue',
  members: 'Members',
  moderationLog: 'Moderation Log',
  articles: 'Articles',
  approve: 'Approve',
  reject: 'Reject',
  rejectReason: 'Reason for rejection',
  nothingPending: 'Nothing is waiting for review.',
  editOfPublished: 'Edit of a published certification',
  /** The queue's section and mark of published items members' flags hid (docs/product.md#flags). */
  queueHiddenByFlags: 'Hidden by members’ flags',
  hiddenByFlags: 'Hidden by flags',
  hiddenByFlagsHint: 'Published before; members’ flags hid it. Approve puts it back, Reject removes it.',
  queueCertifications: 'Certifications',
  queueResources: 'Resources',
  queueRevisions: 'Revisions',
  loadPendingFailed: 'Failed to load pending items',
  approveFailed: 'Failed to approve the submission',
  rejectFailed: 'Failed to reject the submission',
  searchMembers: 'Search members by username or email',
  changeRoleFailed: 'Failed to change the role',
  roleChanged: 'Role updated',
  noEntries: 'No moderation actions yet.',
  loadLogFailed: 'Failed to load the moderation log',
  newArticle: 'New Article',
  editArticle: 'Edit Article',
  deleteArticle: 'Delete',
  deleteArticleConfirm: 'Delete this article? This cannot be undone.',
  saveArticle: 'Save Article',
  preview: 'Preview',
  published: 'Published',
  draft: 'Draft',
  articleSaveFailed: 'Failed to save the article',
  articleDeleteFailed: 'Failed to delete the article',
  articlesTitle: 'Articles',
  noArticles: 'No articles have been published yet.',
  loadArticlesFailed: 'Failed to load articles',
  readMore: 'Read more',
  backToArticles: 'Back to Articles',
  teamAuthor: `${PRODUCT_NAME} Team`,
} as const;

/** Texts of the screens (docs/product.md#screens) that several places show. */
export const TEXT = {
  ...LISTING_TEXT,
  ...ERROR_PAGE_TEXT,
  loadingResources: 'Loading resources...',
  noResourcesAvailable: 'No Resources Available',
  noResourcesText: 'No learning resources have been submitted for this certification yet.',
  backToCertifications: 'Back to Certifications',
  reviewTurnaround: REVIEW_TURNAROUND,
  legalLastUpdated: 'January 1, 2024',
  submitting: 'Submitting...',
  submitNewCertification: 'Submit New Certification',
  certificationSubmitted: 'Certification Submitted!',
  editCertification: 'Edit Certification',
  updateCertification: 'Update Certification',
  updating: 'Updating...',
  gotIt: 'Got it!',
  cancel: 'Cancel',
  submitResource: 'Submit Resource',
  submitResourceTitle: 'Submit Learning Resource',
  resourceSubmitted: 'Resource Submitted!',
  thankYouForSubmission: 'Thank you for your submission',
  learningResources: 'Learning Resources',
  back: 'Back',
  pendingReview: 'Pending review',
  /** The badge of an item members' flags hid, where its author sees it (docs/product.md#flags). */
  hiddenPendingReview: 'Hidden pending review',
} as const;

/** Texts of the About page, the welcome popup and the support banner (docs/product.md#about-page, docs/product.md#dialogs). */
export const SITE_TEXT = {
  aboutHero: 'Discover the Best Tech Certifications',
  aboutMission: 'Our Mission',
  featureRankings: 'Community Rankings',
  featureResources: 'Curated Resources',
  featureInsights: 'Expert Insights',
  featureGrowth: 'Career Growth',
  howItWorks: `How ${PRODUCT_NAME} Works`,
  stepDiscover: 'Discover Certifications',
  stepFeedback: 'Community Feedback',
  stepResources: 'Access Resources',
  joinCommunity: 'Join Our Community',
  ctaTitle: 'Ready to Advance Your Career?',
  ctaButton: 'Explore Certifications',
  welcomeNext: 'Next',
  welcomePrevious: 'Previous',
  welcomeSkip: 'Skip and browse as guest',
  welcomeCreateAccount: 'Create Free Account',
  welcomeSignIn: 'Sign In',
  lastUpdatedLabel: 'Last updated:',
} as const;

/** Labels and texts of the account screens (docs/product.md#sign-in-and-registration, docs/product.md#profile). */
export const ACCOUNT_TEXT = {
  loginTitle: 'Welcome Back',
  registerTitle: `Join ${PRODUCT_NAME}`,
  forgotTitle: 'Forgot Password',
  username: 'Username',
  password: 'Password',
  emailAddress: 'Email Address',
  confirmPassword: 'Confirm Password',
  passwordHint: '8+ characters',
  forgotPasswordLink: 'Forgot your password?',
  signIn: NAV_TEXT.signIn,
  signingIn: 'Signing in...',
  getStarted: NAV_TEXT.getStarted,
  logout: NAV_TEXT.logout,
  createAccount: 'Create Account',
  creatingAccount: 'Creating Account...',
  signInInstead: 'Sign In Instead',
  noAccount: "Don't have an account?",
  haveAccount: 'Already have an account?',
  orContinueWith: 'or continue with',
  google: 'Google',
  github: 'GitHub',
  backToLogin: 'Back to Login',
  forgotIntro: "Enter your account's email address and we will send you a link to reset your password.",
  sendResetLink: 'Send Reset Link',
  sending: 'Sending...',
  forgotSent: 'If an account exists for that address, a password reset link is on its way. Please check your inbox.',
  registrationSuccessTitle: 'Registration Successful',
  registrationSuccessText:
    'Your account has been created. We sent a verification link to your email address: please verify it before signing in.',
  continueToLogin: 'Continue to Login',
  gotIt: 'Got it',
  verifyTitle: 'Email Verification',
  verifying: 'Verifying your email...',
  verifySuccess: 'Your email address has been verified. You can now sign in.',
  logInNow: 'Log In Now',
  resendEmail: 'Resend Email',
  resendIntro: 'Enter your email address and we will send you a new verification link.',
  resendSent: 'If an unverified account exists for that address, a new verification link is on its way.',
  resetTitle: 'Reset Password',
  validatingReset: 'Validating reset link...',
  invalidResetLink: 'Invalid Reset Link',
  missingResetToken: 'This password reset link is incomplete. Please use the link from your email.',
  requestNewReset: 'Request New Reset',
  newPassword: 'New Password',
  confirmNewPassword: 'Confirm New Password',
  resetSubmit: 'Reset Password',
  resetting: 'Resetting...',
  resetSuccess: 'Your password has been reset. Redirecting to login...',
  passwordStrength: 'Password strength',
  criterionLength: 'At least 8 characters',
  criterionLowercase: 'A lowercase letter',
  criterionUppercase: 'An uppercase letter',
  criterionNumber: 'A number',
  criterionSpecial: 'A special character',
  login: 'Login',
  callbackTitle: 'Signing you in',
  callbackLoading: 'Completing sign in...',
  callbackSuccess: 'Authentication successful! Redirecting...',
  callbackRedirecting: 'Redirecting to the home page...',
  profileTitle: 'Profile',
  /** On the home page, for a visitor sent there from /profile (docs/product.md#profile). */
  profileSignInPrompt: 'Please sign in to see your profile.',
  loadingProfile: 'Loading profile...',
  tabProfileInfo: 'Profile Info',
  tabChangePassword: 'Change Password',
  tabChangeEmail: 'Change Email',
  accountType: 'Account Type',
  memberSince: 'Member Since',
  currentPassword: 'Current Password',
  updatePassword: 'Update Password',
  updating: 'Updating...',
  passwordUpdated: 'Password updated successfully',
  newEmail: 'New Email',
  updateEmail: 'Update Email',
  emailUpdated:
    'Email updated. We sent a link to your new address: open it to confirm the address. Until then it is marked as not verified, and you can still sign in.',
  emailNotVerified: 'Not verified',
  emailNotVerifiedHint: 'Open the link we sent to this address to confirm it.',
  resendToMyAddress: 'Send the link again',
  resendFromLogin: 'Send the verification email again',
} as const;

/**
 * The texts of stored notifications (docs/product.md#notifications), filled in by the server when the event
 * happens: `{name}` placeholders, replaced by `fillText`.
 */
export const NOTIFICATION_TEXT = {
  commentReply: '{username} replied to your comment on {certification}',
  submissionApproved: 'Your {kind} {label} was approved',
  submissionRejected: 'Your {kind} {label} was rejected: {reason}',
  revisionApplied: 'Your suggested edit of {certification} was applied',
  revisionRejected: 'Your suggested edit of {certification} was rejected: {reason}',
  watchedComment: '{username} commented on {certification}',
  watchedRevision: '{username} changed {certification}: {summary}',
  contentHidden: 'Your {item} was hidden pending review after several members flagged it',
  contentRemoved: 'A moderator removed your {item}: {reason}',
} as const;

/** A text of `NOTIFICATION_TEXT` with its `{name}` placeholders filled in (an unknown one stays as it is). */
export function fillText(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);
}

const members = (n: number) => (n === 1 ? '1 member' : `${n} members`);

/** The certification paths: /paths and a domain's map /paths/{domain} (docs/product.md#paths). */
export const PATHS_TEXT = {
  title: FOOTER_TEXT.paths,
  intro:
    'Pick a domain to see its certifications from foundational to expert, which ones build on which, and what members take next.',
  description:
    'Certification paths by domain: every certification from foundational to expert, the prerequisites between them and the steps members take next.',
  empty: 'There are no paths yet.',
  certifications: (n: number) => (n === 1 ? '1 certification' : `${n} certifications`),
  allPaths: 'All paths',
  mapTitle: (name: string) => `${name} certification path`,
  mapIntro:
    'Certifications by level, from foundational to expert, with the prerequisites between them and the steps members take next. Each certification links to its page.',
  mapDescription: (name: string, n: number) =>
    `The ${name} certification path: ${n === 1 ? '1 certification' : `${n} certifications`} by level, from foundational to expert, with their prerequisites and what members take next.`,
  mapEmpty: 'No certification belongs to this domain yet.',
  mapUnavailable: 'The map could not be drawn just now; the list below holds the same paths.',
  mapLabel: (name: string) => `Map of the ${name} path; the list below holds the same content`,
  mapHint: 'Drag to move; Ctrl + scroll, pinch or the buttons zoom. Keyboard: arrow keys move, + and - zoom, 0 resets.',
  mapControls: 'Map controls',
  zoomIn: 'Zoom in',
  zoomOut: 'Zoom out',
  resetView: 'Reset view',
  levelNotSet: 'Level not set',
  listTitle: 'Certifications by level',
  buildsOn: 'Builds on',
  leadsTo: 'Leads to',
  required: 'required',
  recommended: 'recommended',
  /** A COMMON_NEXT edge seen from its later certification: members took the earlier one before it. */
  takenBefore: (n: number) => `${members(n)} took it before`,
  /** A COMMON_NEXT edge seen from its earlier certification. */
  takenNext: (n: number) => `${members(n)} took it next`,
  youHoldThis: 'You hold this',
  legendTitle: 'Legend',
  legendRequired: 'Required first',
  legendRecommended: 'Recommended first',
  legendCommonNext: 'Members’ common next step (thicker: more members)',
  legendHeld: 'You hold this',
  legendVendors: 'Vendors',
  legendOtherVendors: 'Other vendors',
  overviewTitle: 'At a glance',
  overviewIntro: (name: string) =>
    `Every ${name} certification on one screen, by level and by the other domain it belongs to, coloured by vendor.`,
  /** The overview's column of the certifications that belong to this domain alone. */
  overviewOnly: (name: string) => `${name} only`,
  /** The overview's column of the certifications shared with another domain. */
  overviewWith: (name: string) => `With ${name}`,
  /** The overview's column of the certifications shared with domains that hold few of them. */
  overviewOthers: 'With other domains',
  overviewLevels: 'Level',
  overviewCell: (area: string, level: string) => `${area}, ${level}`,
} as const;

/** The paths on a certification page (docs/product.md#certification-page): what to take next and what it builds on. */
export const NEXT_STEPS_TEXT = {
  title: 'What to take next',
  buildsOn: 'Builds on',
  successor: 'Replaces this certification',
  prerequisiteOf: 'Builds on this certification',
  commonNext: (n: number) => `${members(n)} took it next`,
  required: 'Required',
  recommended: 'Recommended',
  seePath: (domainName: string) => `See the ${domainName} path`,
} as const;

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

/** The history page of a certification (docs/product.md#certification-facts). */
export const HISTORY_TEXT = {
  /** In place of what a rejected revision proposed, for anyone but moderators and admins. */
  withheld: 'What was proposed is shown to moderators only.',
  /** Who decided a revision: 'Approved by mod_ann', 'Not applied by …'; a change applied at once names its author. */
  approvedBy: 'Approved by',
  rejectedBy: 'Not applied by',
  /** The facts card of a certification with a suggestion of the viewer's waiting for a moderator. */
  yourSuggestionWaiting: 'Your suggested edit is waiting for a moderator’s review.',
  yourSuggestionsWaiting: (n: number) => `Your ${n} suggested edits are waiting for a moderator’s review.`,
  seeHistory: 'See it in the history',
} as const;

/** The comparison page and the way to it (docs/product.md#comparison). */
export const COMPARE_TEXT = {
  title: 'Compare certifications',
  /** The home page's entry to the comparison. */
  entry: 'Compare',
  /** Under the Community score row: what the percentage is. */
  scoreHint:
    'How surely members vote it up: the share of up votes that its votes show with 95% confidence, so few votes keep it low.',
  howTo:
    'Choose two to four certifications to see them side by side: search for them here, or press Compare on their cards and pages.',
  picked: 'Picked to compare',
  nonePicked: 'Nothing picked yet.',
  pickOneMore: 'Pick one more to compare',
  compareNow: 'Compare now',
  full: 'A comparison holds at most 4 certifications: remove one first.',
} as const;

/** Choosing a certification by searching the catalogue (Suggest an edit's prerequisites and successor, Compare). */
export const CHOOSER_TEXT = {
  placeholder: 'Type a name, vendor or exam code',
  loading: 'Loading the certifications...',
  noMatch: 'No certification matches',
  failed: 'Could not load the certifications. Please try again.',
  addPrerequisite: 'Add a prerequisite',
  noPrerequisites: 'No prerequisites.',
  successor: 'Successor',
  successorNow: 'Successor:',
  otherSuccessor: 'Choose another successor',
  addToComparison: 'Add a certification to compare',
} as const;

/** Suspensions in the admin panel's Members tab (docs/product.md#admin-panel). */
export const SUSPENSION_TEXT = {
  column: 'Suspension',
  suspend: 'Suspend',
  /** The Flags tab's action on a flagged item's author. */
  suspendAuthor: 'Suspend author',
  lift: 'Lift suspension',
  history: 'Suspensions',
  hideHistory: 'Hide suspensions',
  dialogTitle: (username: string) => `Suspend ${username}`,
  length: 'How long',
  forDays: 'For a number of days',
  days: 'Number of days',
  untilLifted: 'Until lifted',
  reason: 'Reason',
  reasonHint: 'The member reads it when they try to sign in; it is also shown in the public moderation log.',
  cancel: 'Cancel',
  suspending: 'Suspending...',
  suspendedUntilLifted: 'Suspended until lifted',
  suspendedUntil: (when: string) => `Suspended until ${when}`,
  suspendedNotice: (username: string) => `${username} is suspended`,
  liftedNotice: (username: string) => `The suspension of ${username} was lifted`,
  suspendFailed: 'Failed to suspend the account',
  liftFailed: 'Failed to lift the suspension',
  loadHistoryFailed: 'Failed to load the suspensions',
  noHistory: 'This account has never been suspended.',
  historyCaption: (username: string) => `Suspensions of ${username}`,
  from: 'From',
  until: 'Until',
  by: 'By',
  state: 'State',
  inForce: 'In force',
  ended: 'Ended',
  liftedBy: (who: string | null, when: string) => `Lifted ${when}${who ? ` by ${who}` : ''}`,
  formerModerator: 'a former moderator',
} as const;

/** Reversing every vote of an account in the admin panel's Members tab (docs/product.md#reversing-votes). */
export const VOTE_REVERSAL_TEXT = {
  reverse: 'Reverse votes',
  dialogTitle: (username: string) => `Reverse the votes of ${username}`,
  explanation:
    'Every vote of this account on certifications and resources is removed, and the counts go down with them. This cannot be undone.',
  reason: 'Reason',
  reasonHint: 'It is shown in the public moderation log.',
  cancel: 'Cancel',
  reversing: 'Reversing...',
  reversedNotice: (n: number) => `Removed ${n} ${n === 1 ? 'vote' : 'votes'}`,
  reverseFailed: 'Failed to reverse the votes',
} as const;

/**
 * What a suspended member reads when they try to sign in (the 403 of POST /auth/login and POST /auth/oauth/session,
 * docs/product.md#suspensions): the end as a moment in the site's one time format (dates.ts), or "until a moderator lifts it", then the moderator's reason.
 */
export function suspendedMessage(reason: string, endsAt: string | null): string {
  const until = endsAt ? `until ${formatDateTime(endsAt)}` : 'until a moderator lifts it';
  return `Your account is suspended ${until}: ${reason}`;
}

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

/** The search page (docs/product.md#search). */
export const SEARCH_TEXT = {
  title: 'Search',
  again: 'Search again',
  description: 'Search the certification catalogue by name, exam code, vendor or nickname.',
  prompt: 'Type a name, an exam code (az104, SY0-701), a vendor or a nickname (Sec+).',
  results: (n: number, q: string) => `${n} ${n === 1 ? 'certification' : 'certifications'} for “${q}”`,
  nothingFor: (q: string) => `Nothing matches “${q}”.`,
  didYouMean: 'Did you mean',
  showAll: 'Show all certifications',
  retired: 'Retired',
} as const;
