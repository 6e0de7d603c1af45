/** The history page of a certification (docs/product.md#certification-facts). */
export const HISTORY_TEXT = {
  title: (name: string) => `History of ${name}`,
  description: (name: string) => `Every change of the facts of ${name}: who changed what, when and why.`,
  unchanged: 'Nobody has changed this certification since it was published.',
  revisions: 'Revisions, newest first',
  /** A revision's state. */
  applied: 'Applied',
  pending: 'Waiting for review',
  notApplied: 'Not applied',
  /** A revision whose author's account is gone. */
  formerMember: 'A former member',
  revertsOf: (id: number) => `(reverts #${id})`,
  revert: 'Revert',
  revertFailed: 'Could not revert this revision',
  moderatorReason: (reason: string) => `Moderator: ${reason}`,
  /** The certification page's button that opens the form, and the form's title. */
  suggestEdit: 'Suggest an edit',
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
