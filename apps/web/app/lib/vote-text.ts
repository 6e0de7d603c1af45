/**
 * The vote widget's and the catalogue notices' own texts (docs/product.md#voting); their other texts are VOTE_TEXT of
 * page-text.ts. Only the widget and the notices use this file, so it stays in their script, where the minifier writes
 * its texts in place.
 */
export const VOTE_WIDGET_TEXT = {
  /** The buttons' titles when the member has not voted this way (docs/product.md#voting). */
  upvote: 'Upvote',
  downvote: 'Downvote',
  /** Before the score, as a screen reader names it: 'Score 3'. */
  score: 'Score',
  closeNotice: 'Close',
} as const;
