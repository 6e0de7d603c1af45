/**
 * The texts of stored notifications (docs/product.md#notifications), filled in by the server when the event
 * happens: `{name}` placeholders, replaced by `fillText`.
 */
export const NOTIFICATION_TEXT = {
  commentReply: '{username} replied to your comment on {certification}',
  submissionApproved: 'Your {kind} {label} was approved',
  submissionRejected: 'Your {kind} {label} was rejected: {reason}',
  revisionApplied: 'Your suggested edit of {certification} was applied',
  revisionRejected: 'Your suggested edit of {certification} was rejected: {reason}',
  watchedComment: '{username} commented on {certification}',
  watchedRevision: '{username} changed {certification}: {summary}',
  contentHidden: 'Your {item} was hidden pending review after several members flagged it',
  contentRemoved: 'A moderator removed your {item}: {reason}',
} as const;

/** A text of `NOTIFICATION_TEXT` with its `{name}` placeholders filled in (an unknown one stays as it is). */
export function fillText(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);
}
