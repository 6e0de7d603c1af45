/** The product's figures (docs/product.md#limits-and-timings), and the server-side limits this product chose. */
export const PENDING_COUNT_POLL_MS = 30_000;

export const USERNAME_MIN = 3;
export const USERNAME_MAX = 50;
export const LOGIN_PASSWORD_MIN = 6;
export const PASSWORD_MIN = 8;
/** argon2 hashing cost grows with input; no honest password is longer. */
export const PASSWORD_MAX = 128;
export const EMAIL_MAX = 254;

export const COMMENT_MIN = 1;
export const COMMENT_MAX = 2000;
export const COMMENT_WARN_ABOVE = 1800;
export const COMMENT_MAX_DEPTH = 3;
export const COMMENT_INDENT_REM = 2;
/** The most top-level threads one page of a discussion holds; the certification page shows 20 at a time. */
export const COMMENT_PAGE_MAX = 100;
export const COMMENT_PAGE_SIZE = 20;

export const NAME_MAX = 200;
export const CERT_CODE_MAX = 50;
export const VENDOR_MAX = 100;
export const DESCRIPTION_MAX = 10_000;
export const URL_MAX = 2048;
/** The longest search the catalogue accepts (GET /api/certification?q=). */
export { SEARCH_QUERY_MAX } from './first-paint-limits.js';
/** The most results a search answers with. */
export const SEARCH_RESULTS_MAX = 50;
export const REASON_MAX = 1000;
export const ARTICLE_TITLE_MAX = 200;
export const ARTICLE_SUMMARY_MAX = 300;
export const ARTICLE_CONTENT_MAX = 50_000;

export const REVIEW_TURNAROUND = '1-2 business days';

export const RESET_SUCCESS_REDIRECT_MS = 2000;
export const RESET_LOGIN_MODAL_DELAY_MS = 1000;
export const SOCIAL_SUCCESS_REDIRECT_MS = 2000;
export const SOCIAL_ERROR_REDIRECT_MS = 3000;
export const SOCIAL_PROVIDER_ERROR_REDIRECT_MS = 5000;
export const LOGIN_SUCCESS_NOTIFY_MS = 100;

export const ACCESS_TOKEN_TTL_SECONDS = 5 * 60;
export const REFRESH_TOKEN_TTL_DAYS = 90;
export const EMAIL_VERIFICATION_TTL_HOURS = 24;
export const PASSWORD_RESET_TTL_HOURS = 1;

export const MARKETING_CERTIFICATIONS = '100+';
export const MARKETING_VENDORS = '5+';

export const BREAKPOINTS = { xs: 0, sm: 576, md: 768, lg: 992, xl: 1200, xxl: 1400 } as const;
export const MODAL_TRANSITION_MS = 300;
export const BACKDROP_TRANSITION_MS = 150;

/** Request bodies above this size are answered 413 (docs/api.md#conventions). */
export const BODY_LIMIT_BYTES = 100 * 1024;

/** Cookie policy ceilings (docs/product.md#legal-pages-and-footer): no such cookie is set today; they bind any added later. */
export const PERSISTENT_COOKIE_MAX_YEARS = 1;
export const ANALYTICS_COOKIE_MAX_YEARS = 2;

/**
 * Flags (docs/product.md#flags): how many items any account may flag a day, and how many items one member's flags may
 * help hide a day. Beyond the second, their flags are still taken and listed for the moderators, but no longer count
 * towards hiding anything until the day is over.
 */
export const FLAGS_PER_DAY = 20;
export const FLAG_HIDES_PER_FLAGGER_PER_DAY = 3;

/** How many certifications one page of the list can hold (GET /api/certification?limit=). */
export const LIST_PAGE_MAX = 100;
