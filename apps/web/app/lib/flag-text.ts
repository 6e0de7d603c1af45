/**
 * The words of flagging (docs/product.md#flags) on the web side. Kept apart from packages/shared/src/schemas/flags.ts
 * on purpose: that module belongs to the `schemas` chunk (with zod), which the certification page must not load
 * before a member opens the flag dialog. (They could move to the shared message catalogue later.)
 */
export type FlagWhat = 'comment' | 'resource' | 'certification' | 'review';

export const FLAG_TEXT = {
  flag: 'Flag',
  flagged: 'Flagged',
  flagLabel: (what: FlagWhat) => `Flag ${what}`,
  dialogTitle: (what: FlagWhat) => `Flag this ${what}`,
  intro: 'Tell the moderators what is wrong. They will take a look; the author is not told who flagged.',
  reasonLegend: 'What is wrong?',
  chooseReason: 'Please choose a reason',
  note: 'Note',
  noteOptional: '(optional)',
  noteRequired: '(required)',
  noteHint: 'A few words help the moderators decide.',
  cancel: 'Cancel',
  send: 'Send flag',
  sending: 'Sending...',
  failed: 'Could not send your flag. Please try again.',
  reviewHidden: 'Your review is hidden pending review.',
  reviewRemoved: 'A moderator removed your review.',
} as const;
