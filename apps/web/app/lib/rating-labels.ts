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
