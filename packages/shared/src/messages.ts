/**
 * Every user-facing text of product-spec §2, §5 and §8 lives here once; both the web app and the server
 * use these constants, so a changed sentence changes everywhere.
 */
import { COMMENT_MAX, PASSWORD_MIN, REVIEW_TURNAROUND } from './limits.js';

export const PRODUCT_NAME = 'Certitude';

export const MSG = {
  // §5 validation
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

  // §8 error catalogue
  loginInvalid: 'Invalid username or password. Please try again.',
  loginTooMany: 'Too many login attempts. Please try again later.',
  serverError: 'Server error. Please try again later.',
  offline: 'No internet connection. Please check your network.',
  loginFailedDefault: 'Login failed. Please check your credentials.',
  loginFailedPrefix: 'Login Failed:',
  emailNotVerified: 'Please verify your email address before signing in. Check your inbox for the verification link.',
  registerFailed: 'Registration failed. Please try again.',
  submitCertificationFailed: 'Failed to submit certification',
  updateCertificationFailed: 'Failed to update certification. Please try again.',
  voteFailed: 'Failed to vote. Please try again.',
  loginToVote: 'Please log in to vote',
  loginToVoteTitle: 'Login to vote',
  removeUpvote: 'Remove upvote',
  removeDownvote: 'Remove downvote',
  fetchCertificationsFailed: 'Failed to fetch certifications',
  fetchResourcesFailed: 'Failed to fetch resources',
  submitResourceFailed: 'Failed to submit resource',
  postCommentFailed: 'Failed to post comment',
  postReplyFailed: 'Failed to post reply',
  updateCommentFailed: 'Failed to update comment',
  deleteCommentFailed: 'Failed to delete comment',
  certificationNotFound: 'Certification not found',
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

  // Server answers the spec leaves to API.md
  notFound: 'The requested resource was not found',
  routeNotFound: 'No such endpoint',
  unauthorized: 'You must be signed in to do that',
  sessionInvalid: 'Your session has expired or is invalid. Please sign in again.',
  forbidden: 'You do not have permission to do that',
  malformedJson: 'The request body is not valid JSON',
  bodyTooLarge: 'The request body is too large (at most 100 KiB)',
  unsupportedMediaType: 'The request body must be JSON',
  tooManyRequests: 'Too many requests. Please wait before trying again.',
  databaseUnavailable: 'The service is temporarily unavailable. Please try again shortly.',
  internalError: 'Something went wrong on our side. Please try again later.',
  duplicateCertification: 'A certification with this name and vendor already exists',
  usernameTaken: 'This username is already taken',
  emailTaken: 'An account with this email address already exists',
} as const;

/** Texts of the screens of spec §2 that several places show. */
export const TEXT = {
  homeTitle: 'Top Technology Certifications',
  loadingCertifications: 'Loading certifications...',
  loadingResources: 'Loading resources...',
  noCertificationsAvailable: 'No Certifications Available',
  noCertificationsFound: 'No Certifications Found',
  clearSearch: 'Clear search',
  showAllVendors: 'Show all vendors',
  noResourcesAvailable: 'No Resources Available',
  noResourcesText: 'No learning resources have been submitted for this certification yet.',
  backToCertifications: 'Back to Certifications',
  pageNotFound: 'Page Not Found',
  goHome: 'Go Home',
  goBack: 'Go Back',
  somethingWentWrong: 'Something went wrong',
  refreshPage: 'Refresh Page',
  reviewTurnaround: REVIEW_TURNAROUND,
  legalLastUpdated: 'January 1, 2024',
} as const;

export function showingCount(shown: number, total: number): string {
  return `Showing ${shown} of ${total} certifications`;
}

export function badgeCount(n: number): string {
  return n > 99 ? '99+' : String(n);
}
