/**
 * The texts of every page's first paint: the product name, the navbar, the listing, the error pages, the vote
 * buttons and what a failed call says. They live apart from text/*.ts, whose whole catalogue (MSG and the
 * texts of the dialogs, the account and admin screens) then loads only with the code that shows it: the home
 * page has a budget of 120 KB gzip of JavaScript (docs/quality.md). TEXT, MSG and ACCOUNT_TEXT include these
 * same texts, under the same names.
 */
export const PRODUCT_NAME = 'Certitude';

/** The Atom feeds' titles (docs/api.md#feeds): the feeds themselves and the links in every page's head. */
export const FEED_TITLES = {
  certifications: `${PRODUCT_NAME}: new certifications`,
  articles: `${PRODUCT_NAME}: articles`,
} as const;

/** The listing of the home page (docs/product.md#home-listing). */
export const LISTING_TEXT = {
  homeTitle: 'Top Technology Certifications',
  loadingCertifications: 'Loading certifications...',
  noCertificationsAvailable: 'No Certifications Available',
  noCertificationsFound: 'No Certifications Found',
  clearSearch: 'Clear search',
  showAllVendors: 'Show all vendors',
  searchPlaceholder: 'Search certifications by name, vendor, code or description...',
  submitCertification: 'Submit Certification',
  /** The home page's way to the comparison page (/compare). */
  compare: 'Compare certifications',
  viewAndDiscuss: 'View & Discuss',
  officialPage: 'Official Page',
  edit: 'Edit',
  notRatedYet: 'Not rated yet',
  retiring: 'Retiring',
  retired: 'Retired',
} as const;

/** A card's count of something: '1 comment', '3 ratings'. */
export function countOf(n: number, one: string): string {
  return `${n} ${one}${n === 1 ? '' : 's'}`;
}

/** The error pages: not found, and an error while showing a page (docs/product.md#error-screens). */
export const ERROR_PAGE_TEXT = {
  pageNotFound: 'Page Not Found',
  goHome: 'Go Home',
  goBack: 'Go Back',
  somethingWentWrong: 'Something went wrong',
  refreshPage: 'Refresh Page',
} as const;

export function showingCount(shown: number, total: number): string {
  return `Showing ${shown} of ${total} certifications`;
}

/** The links that skip to the page's main content and, on the home page, to the results (docs/product.md#keyboard). */
export const SKIP_LINK_TEXT = {
  main: 'Skip to main content',
  results: 'Skip to results',
} as const;

/**
 * The navbar's menu button, its link for moderators and its theme toggle (docs/product.md#navbar). Apart from
 * NAV_TEXT, which a lazily loaded prompt shares: only the shell reads these, so the minifier writes them in place.
 * The admin page's heading says 'Admin Panel' from ADMIN_TEXT for the same reason.
 */
export const NAVBAR_TEXT = {
  toggleNavigation: 'Toggle navigation',
  adminPanel: 'Admin Panel',
  switchToLight: 'Switch to light theme',
  switchToDark: 'Switch to dark theme',
} as const;

/** The account buttons of the navbar. */
export const NAV_TEXT = {
  signIn: 'Sign In',
  getStarted: 'Get Started',
  logout: 'Logout',
} as const;

/** The vote buttons and their failures (docs/product.md#voting). */
export const VOTE_TEXT = {
  voteFailed: 'Failed to vote. Please try again.',
  loginToVote: 'Please log in to vote',
  loginToVoteTitle: 'Login to vote',
  removeUpvote: 'Remove upvote',
  removeDownvote: 'Remove downvote',
} as const;

/** What a failed call says (docs/product.md#error-texts): offline, timed out, and the listing that could not be fetched. */
export const REQUEST_TEXT = {
  offline: 'No internet connection. Please check your network.',
  requestTimedOut: 'The request timed out. Please try again.',
  fetchCertificationsFailed: 'Failed to fetch certifications',
} as const;

/** The navbar's search box (docs/product.md#search); the search page's own texts are SEARCH_TEXT of text/search.ts. */
export const SEARCH_BOX_TEXT = {
  label: 'Search the catalogue',
  button: 'Search',
  landmark: 'Site search',
} as const;
