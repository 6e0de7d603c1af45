/**
 * The footer's links (docs/product.md#legal-pages-and-footer). The footer loads after the first paint, so its texts load with it, in a
 * file of their own (apps/web/vite.config.ts).
 */
export const FOOTER_TEXT = {
  tagline: 'The community guide to IT certifications: ranked by professionals, with the resources that got them there.',
  /** The two link lists, as a screen reader names them, and their headings. */
  footerNav: 'Footer',
  explore: 'Explore',
  quickLinks: 'Quick links',
  browse: 'Browse certifications',
  /** The way in to the certification paths (docs/product.md#paths), also the paths page's title. */
  paths: 'Certification paths',
  /** The public moderation log (docs/product.md#moderation-log-page). */
  moderationLog: 'Moderation log',
  /** The open data page, /data. */
  openData: 'Open data',
  articles: 'Articles',
  about: 'About',
  /** The quick links: home, then down to the listing. */
  topCertifications: 'Top certifications',
  searchByVendor: 'Search by vendor',
  privacy: 'Privacy',
  terms: 'Terms',
  cookies: 'Cookies',
} as const;
