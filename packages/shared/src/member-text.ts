/**
 * Texts of the members' pages (docs/product.md#profile, #public-profile-page,
 * #notifications-page, #unsubscribe-page) and of the Watch button. The rules' own sentences (MSG.tracker…) and the
 * stored notifications' texts (NOTIFICATION_TEXT) stay in text/notifications.ts, the emails' in member-emails.ts, the bell's in
 * member-nav.ts.
 */
import type { TrackerStatus } from './member-enums.js';
import { MSG } from './text/messages.js';
import { PRODUCT_NAME } from './page-text.js';

/** The "My certifications" section of /profile. */
export const TRACKER_TEXT = {
  title: 'My certifications',
  intro: 'Keep track of the certifications you hold, study for or plan. Each one is private unless you make it public.',
  viewPublicProfile: 'View my public profile',
  add: 'Add a certification',
  edit: 'Edit',
  remove: 'Remove',
  empty: 'You have not added any certifications yet.',
  loading: 'Loading your certifications...',
  loadFailed: 'Failed to load your certifications',
  saveFailed: 'Failed to save the certification',
  removeFailed: 'Failed to remove the certification',
  catalogueFailed: 'Failed to load the list of certifications',
  loadingCatalogue: 'Loading the list of certifications...',
  find: 'Find a certification',
  findPlaceholder: 'Name, vendor or exam code',
  certification: 'Certification',
  choose: 'Choose a certification',
  noMatch: 'No certification matches',
  status: 'Status',
  earnedOn: 'Earned on',
  expiresOn: 'Expires on',
  expiresOnHint: "Leave it empty to count it from the certification's validity.",
  targetDate: 'Target date',
  showOnProfile: 'Show on my public profile',
  public: 'Public',
  private: 'Private',
  save: 'Save',
  saving: 'Saving...',
  cancel: 'Cancel',
  earned: 'Earned',
  expires: 'Expires',
  expired: 'Expired',
  target: 'Target',
  noExpiry: 'Does not expire',
  validityUnknown: 'Validity not known yet',
} as const;

/** The one-click choice of a certification page (docs/product.md#certification-page), kept in "My certifications". */
export const TRACKER_CHOICE_TEXT = {
  group: 'In my certifications',
  HELD: 'I hold this',
  STUDYING: 'I’m studying this',
  PLANNED: 'I plan this',
  chosenHeld: (earned: string) => `You hold this, earned ${earned}: the date can be changed in My certifications.`,
  chosenStudying: 'You are studying this.',
  chosenPlanned: 'You plan this.',
  none: 'Not in your certifications yet.',
  removeHint: 'Press it again to take it out of your certifications',
  visitor: 'Sign in to keep it in your certifications.',
  saveFailed: 'Failed to save the certification',
  removeFailed: 'Failed to remove the certification',
} as const;

/** The member's own rating on a certification page's Ratings card (docs/product.md#ratings). */
export const MY_RATING_TEXT = {
  change: 'You rated it · Change',
  scores: (difficulty: number, value: number, recognition: number) =>
    `Your scores: difficulty ${difficulty}, career value ${value}, recognition ${recognition}`,
} as const;

/** "My plan" on /profile (docs/product.md#profile): the member's certifications on a timeline. */
export const MY_PLAN_TEXT = {
  title: 'My plan',
  intro: 'Your certifications by date: when you earned them, when they expire and when you aim to pass the others.',
  loading: 'Loading your plan...',
  loadFailed: 'Failed to load your plan',
  earned: 'Earned',
  expires: 'Expires',
  expired: 'Expired',
  target: 'Target',
  noDate: 'No date yet',
  ahead: (n: number) => (n === 1 ? '1 certification still to take' : `${n} certifications still to take`),
  cost: (usd: string, known: number, of: number) =>
    `Exam cost: ${usd}${known < of ? ` (cost known for ${known} of ${of})` : ''}`,
  costUnknown: 'Exam cost not known yet',
  studyHours: (hours: number, known: number, of: number) =>
    `Study time: a community median of ${hours} hours${known < of ? ` (known for ${known} of ${of})` : ''}`,
  nextTitle: 'Next steps',
  nextOf: (name: string) => `After ${name}`,
  noNext: 'No next step known yet',
} as const;

export const TRACKER_STATUS_LABELS: Record<TrackerStatus, string> = {
  HELD: 'Held',
  STUDYING: 'Studying',
  PLANNED: 'Planned',
};

/**
 * The email settings of /profile. Each kind's checkbox is named by EMAIL_KIND_LABELS (member-emails.ts), but for the
 * digest, which the settings offer as a way of receiving the others.
 */
export const EMAIL_SETTINGS_TEXT = {
  title: 'Email settings',
  intro: 'Which notifications are also sent to you by email.',
  digest: 'Daily digest instead of one email per event',
  save: 'Save email settings',
  saving: 'Saving...',
  saved: 'Your email settings were saved.',
  saveFailed: 'Failed to save your email settings',
  loading: 'Loading your email settings...',
  loadFailed: 'Failed to load your email settings',
} as const;

/** The setting of /profile that shows or hides the outcome and study hours of the member's reviews. */
export const RATING_PRIVACY_TEXT = {
  title: 'Ratings',
  label: 'Show my exam outcome and study hours with my reviews',
  help: 'Off: others see your scores and review, not whether you passed or how long you studied. The summaries of a certification count them either way.',
  saved: 'Saved.',
  saveFailed: 'Failed to save this setting',
  loadFailed: 'Failed to load this setting',
} as const;

/** /u/{username}. */
export const PUBLIC_PROFILE_TEXT = {
  notFound: MSG.memberNotFound,
  memberSince: 'Member since',
  ratings: 'Ratings',
  comments: 'Comments',
  held: 'Certifications held',
  earned: 'Earned',
  expires: 'Expires',
  suspended: 'This account is suspended. Its profile is not shown.',
  deleted: 'This account was deleted. Its profile is not shown.',
} as const;

export function publicProfileTitle(username: string): string {
  return `${username}'s certifications`;
}

export function publicProfileDescription(username: string, joined: string, held: number): string {
  const shown = held === 1 ? '1 certification' : `${held} certifications`;
  return `${username} has been a member of ${PRODUCT_NAME} since ${joined} and shares ${shown} they hold.`;
}

export function noneHeldText(username: string): string {
  return `${username} has not shared any certifications yet.`;
}

/** /notifications. */
export const NOTIFICATIONS_PAGE_TEXT = {
  title: 'Notifications',
  signInPrompt: 'Please sign in to see your notifications',
  signIn: 'Sign In',
  loading: 'Loading notifications...',
  empty: 'You have no notifications yet.',
  loadFailed: 'Failed to load notifications',
  markFailed: 'Failed to mark notifications as read',
  markAllRead: 'Mark all as read',
  markRead: 'Mark as read',
  unread: 'Unread',
  loadMore: 'Load more',
  loadingMore: 'Loading...',
} as const;

/** The Watch button of the certification page. */
export const WATCH_TEXT = {
  watch: 'Watch',
  hint: 'Be notified of new comments and applied changes',
  failed: 'Failed to change watching. Please try again.',
} as const;

/** /unsubscribe?token= (an invalid link says MEMBER_EMAIL_TEXT.unsubscribeInvalid). */
export const UNSUBSCRIBE_TEXT = {
  title: 'Unsubscribe',
  confirm: 'Unsubscribe',
  settingsHint: 'You can turn them on again, and choose the other emails you receive, on your profile page.',
  goToProfile: 'Go to my profile',
} as const;

export function unsubscribeQuestion(label: string, username: string): string {
  return `Turn off “${label}” emails for ${username}?`;
}

export function alreadyUnsubscribedText(label: string, username: string): string {
  return `“${label}” emails are already turned off for ${username}.`;
}

/** Verified holders (docs/product.md#verified-holders): the marks, the profile's badges and the form to add one. */
export const BADGE_TEXT = {
  verifiedHolder: 'Verified holder',
  verifiedHolderTitle: 'Holds a verified Open Badge of this certification',
  verified: 'Verified',
  badges: 'Verified badges',
  issuedBy: 'Issued by',
  issued: 'Issued',
  expires: 'Expires',
  addTitle: 'Prove a certification with its badge',
  addIntro:
    'Paste the link of the Open Badge your vendor issued you (from Credly, Accredible and other badge platforms). We check it with its issuer and mark the certification held and verified.',
  urlLabel: 'Badge link',
  add: 'Add badge',
  adding: 'Checking the badge...',
  added: (certification: string) => `Verified: ${certification} is marked held.`,
  remove: 'Remove badge',
  verifiedOnly: 'Verified holders only',
  verifiedCount: (n: number) => (n === 1 ? '1 verified holder' : `${n} verified holders`),
} as const;

/**
 * The first sign-in's dialog (docs/product.md#first-sign-in): which certifications the member holds, then rating
 * them, one after another; and the profile's button that opens it again.
 */
export const FIRST_SIGN_IN_TEXT = {
  holdTitle: 'Which certifications do you hold?',
  holdIntro:
    'Pick the certifications you hold: they go into your tracker as held. Add the link of a badge to have one verified, or the day you earned it.',
  find: 'Find a certification',
  findPlaceholder: 'Name, vendor or exam code',
  pick: (name: string) => `Add ${name}`,
  noMatch: 'No certification matches',
  picked: 'Your certifications',
  nonePicked: 'None picked yet.',
  badgeLink: 'Badge link (optional)',
  earnedOn: 'Earned on',
  unpick: (name: string) => `Remove ${name}`,
  earnedOrBadge: 'Give the day you earned it, or its badge link.',
  saveAndRate: 'Save and rate them',
  saving: 'Saving...',
  skip: 'Skip for now',
  rateTitle: 'Rate what you hold',
  rateIntro: 'How hard was it, what was it worth, how well is it recognised? Each one can be skipped.',
  rateProgress: (index: number, count: number, name: string) => `${name} (${index} of ${count})`,
  skipThisOne: 'Skip this one',
  finish: 'Finish',
  again: 'What you hold',
  againIntro: 'Add the certifications you hold in one go, with their badges, and rate them.',
  open: 'Add what I hold',
} as const;
