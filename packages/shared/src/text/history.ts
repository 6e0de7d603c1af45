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
  /** The facts card's link to the history page. */
  historyOfChanges: 'History of changes',
} as const;
