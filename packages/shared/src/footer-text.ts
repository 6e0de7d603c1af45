/**
 * The footer's links (docs/product.md#legal-pages-and-footer). The footer loads after the first paint, so its texts load with it, in a
 * file of their own (apps/web/vite.config.ts).
 */
export const FOOTER_TEXT = {
  /** The way in to the certification paths (docs/product.md#paths), also the paths page's title. */
  paths: 'Certification paths',
  /** The public moderation log (docs/product.md#moderation-log-page). */
  moderationLog: 'Moderation log',
  /** The open data page, /data. */
  openData: 'Open data',
} as const;
