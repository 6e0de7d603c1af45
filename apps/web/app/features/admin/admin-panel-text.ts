/**
 * The words of the admin panel's tabs that nothing else shows (docs/product.md#admin-panel); loaded with the panel
 * only. The panel's words the navbar, the server or the article pages share are ADMIN_TEXT of the shared texts.
 */
export const ADMIN_PANEL_TEXT = {
  staleTab: 'Stale facts',
  /** The article editor and the Articles tab. */
  title: 'Title',
  slug: 'Slug',
  slugHint: 'Optional: made from the title when empty.',
  summary: 'Summary',
  markdown: 'Markdown',
  content: 'Content',
  status: 'Status',
  author: 'Author',
  actions: 'Actions',
  /** The Members tab. */
  roleOf: (username: string) => `Role of ${username}`,
  username: 'Username',
  email: 'Email',
  role: 'Role',
  /** The Moderation Log tab. */
  when: 'When',
  who: 'Who',
  action: 'Action',
  item: 'Item',
  reason: 'Reason',
  /** The review queue: a submission whose author's account is gone. */
  unknownSubmitter: 'unknown',
  /** The Stale facts tab. */
  staleLoadFailed: 'The stale facts could not be loaded.',
  staleNone: 'Every certification’s facts were read this year.',
  staleIntro: 'Certifications whose facts no page was ever read for, then those read over a year ago, oldest first.',
  certification: 'Certification',
  vendor: 'Vendor',
  lastChecked: 'Last checked',
  never: 'Never',
} as const;
