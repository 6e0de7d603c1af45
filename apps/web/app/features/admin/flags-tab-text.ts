/** The words of the Flags tab of the admin panel (docs/product.md#flags); loaded with the admin panel only. */
export const FLAGS_TAB_TEXT = {
  tab: 'Flags',
  heading: 'Flagged items',
  intro: 'Items members flagged, the most flagged first.',
  loading: 'Loading flags...',
  loadFailed: 'Could not load the flags.',
  retry: 'Try again',
  empty: 'No open flags.',
  hidden: 'Hidden pending review',
  flags: (n: number) => (n === 1 ? '1 flag' : `${n} flags`),
  by: (author: string | null) => (author ? `by ${author}` : 'by a deleted account'),
  /** Before the author's linked name. */
  byPrefix: 'by ',
  reasons: 'Reasons',
  notes: 'Notes',
  /** What screen readers hear after Dismiss, Remove, Lift suspension, Reverse votes and Dismiss of a voting ring. */
  dismissWhat: (name: string) => ` the flags on ${name}`,
  /** After Remove and Suspend author. */
  named: (name: string) => ` ${name}`,
  ofMember: (username: string) => ` of ${username}`,
  ringDismissWhat: (certification: string) => ` the voting-ring signal on ${certification}`,
  dismiss: 'Dismiss',
  remove: 'Remove',
  dismissTitle: (name: string) => `Dismiss the flags on ${name}`,
  dismissExplanation: 'The item stays (or comes back, if the flags hid it). The reason goes in the moderation log.',
  removeTitle: (name: string) => `Remove ${name}`,
  removeExplanation: 'The item is removed and its author is told the reason. The reason goes in the moderation log.',
  reason: 'Reason',
  reasonHint: 'Public in the moderation log.',
  cancel: 'Cancel',
  dismissing: 'Dismissing...',
  removing: 'Removing...',
  resolveFailed: 'Could not save the decision. Please try again.',
  dismissed: (name: string) => `Dismissed the flags on ${name}.`,
  removed: (name: string) => `Removed ${name}.`,
  ringsHeading: 'Voting-ring signals',
  ringsIntro: 'Certifications whose votes in one day came mostly from accounts younger than a week.',
  ringsEmpty: 'No voting-ring signals.',
  ringVotes: (votes: number, fresh: number) => `${votes} votes, ${fresh} from new accounts`,
  ringWindow: 'Window',
  ringAccounts: 'Accounts',
  ringDismiss: 'Dismiss',
  ringDismissLabel: (name: string) => `Dismiss the voting-ring signal on ${name}`,
  ringDismissed: (name: string) => `Dismissed the voting-ring signal on ${name}.`,
  ringDismissFailed: 'Could not dismiss the signal. Please try again.',
} as const;

/**
 * The flagged item as the decisions name it: a comment or a review by its author on its certification (its `title`
 * is the certification's name), a resource or a certification by its own name.
 */
export function flaggedItemName(item: {
  targetType: keyof typeof TARGET_TYPE_LABELS;
  title: string;
  author: string | null;
}): string {
  const by = item.author ? `by ${item.author}` : 'by a deleted account';
  switch (item.targetType) {
    case 'comment':
      return `this comment ${by} on ${item.title}`;
    case 'rating':
      return `this review ${by} on ${item.title}`;
    case 'resource':
      return `the resource “${item.title}”`;
    default:
      return `“${item.title}”`;
  }
}

export const TARGET_TYPE_LABELS = {
  certification: 'Certification',
  resource: 'Resource',
  comment: 'Comment',
  rating: 'Review',
} as const;
