/**
 * Limits of certification facts, revisions and ratings. Apart from limits.ts, which the home page's first paint
 * loads: these are read only where facts and ratings are shown or edited.
 */
/** Certification facts (docs/product.md#certification-facts): the ranges a value must fall in. */
export const EXAM_COST_MAX_USD = 100_000;
export const EXAM_DURATION_MAX_MINUTES = 48 * 60;
export const EXAM_QUESTIONS_MAX = 1000;
export const PASSING_SCORE_MAX = 100;
export const VALIDITY_MONTHS_MAX = 240;
export const FACT_TEXT_MAX = 1000;
export const PREREQUISITES_MAX = 20;
export const PREVIOUS_CODES_MAX = 20;
export const REVISION_SUMMARY_MAX = 300;
export const ALIASES_MAX = 10;
export const ALIAS_MAX = 40;
export const BADGE_CLASSES_MAX = 20;
/** A fact whose newest source was read longer ago than this may be out of date. */
export const FACT_FRESH_MONTHS = 12;

/** Ratings (docs/product.md#ratings): the scales and limits. */
export const RATING_MIN = 1;
export const RATING_MAX = 5;
export const STUDY_HOURS_MAX = 2000;
export const REVIEW_MAX = 2000;
export const EXAM_YEAR_MIN = 1990;
/** Below this many ratings a mean says more about the few raters than the certification: it is not shown. */
export const RATINGS_FOR_MEANS = 3;
export const REVIEWS_PAGE_MAX = 50;
