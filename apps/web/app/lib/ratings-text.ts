import type { RatingOutcome } from '@certitude/shared';

export const CRITERIA = [
  { key: 'difficulty', label: 'Difficulty', low: 'easy', high: 'very hard' },
  { key: 'value', label: 'Career value', low: 'little', high: 'a lot' },
  { key: 'recognition', label: 'Recognition', low: 'unknown', high: 'widely known' },
] as const;

export const OUTCOME_LABELS: Record<RatingOutcome, string> = {
  PASSED_FIRST_TRY: 'Passed on the first try',
  PASSED_RETAKE: 'Passed on a retake',
  FAILED: 'Did not pass',
  STUDYING: 'Still studying',
};

/** The words of the Ratings card and the rating form (docs/product.md#ratings). */
export const RATINGS_TEXT = {
  title: 'Ratings',
  rate: 'Rate this certification',
  signInToRate: 'Sign in to rate',
  reviews: 'Reviews',
  moreReviews: 'More reviews',
  /** After MSG.notEnoughRatings. */
  needed: (count: number, min: number) => `(${count} of ${min} needed).`,
  count: (n: number) => `${n} ratings`,
  /** The study time: 'Study time: a median of **40 hours** (half of 12 members took between 20 and 60 hours).' */
  medianOf: 'Study time: a median of ',
  hours: (n: number) => `${n} hours`,
  spread: (count: number, p25: number, p75: number) =>
    ` (half of ${count} members took between ${p25} and ${p75} hours).`,
  /** The box of the study hours: its name for screen readers, and the end of its scale. */
  studyBox: (count: number, median: number, p25: number, p75: number) =>
    `Study time reported by ${count} members: median ${median} hours; half of them between ${p25} and ${p75} hours`,
  scaleEnd: (hours: number) => `${hours} h`,
  reviewScores: (difficulty: number, value: number, recognition: number) =>
    `Difficulty ${difficulty}, value ${value}, recognition ${recognition}`,
  /** The form. */
  form: 'Your rating',
  hoursOfStudy: 'Hours of study',
  howItWent: 'How it went',
  notSaying: 'Not saying',
  examYear: 'Exam year',
  review: 'Review',
  reviewHint: '(optional, markdown)',
  save: 'Save my rating',
  update: 'Update my rating',
  remove: 'Remove my rating',
  loadFailed: 'Could not load your rating',
  saveFailed: 'Could not save your rating',
  removeFailed: 'Could not remove your rating',
} as const;
