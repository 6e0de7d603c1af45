import type { Article } from './schemas/articles.js';
import type { Certification, CertificationListQuery, Resource, Stats } from './schemas/catalogue.js';
import type { Comment } from './schemas/discussion.js';
import type { Domain, Revision } from './schemas/facts.js';
import type { PublicProfile } from './schemas/members.js';
import type { NextStep, PathDomain, PathMap } from './schemas/paths.js';
import type { ModerationLogPage } from './schemas/integrity.js';
import type { Comparison, RatingsPage } from './schemas/ratings.js';
import type { UnsubscribeInfo } from './member-emails.js';
import type { OpenDataIndex } from './schemas/open-data.js';

/**
 * What the server hands to the web app's loaders when it renders a page. The web app reads data through
 * this interface and never imports server code; the server implements it with its services.
 */
export interface PageData {
  listCertifications(): Promise<Certification[]>;
  /** The list filtered and ordered as GET /api/certification with these parameters answers it (without paging). */
  browseCertifications(query: CertificationListQuery): Promise<Certification[]>;
  getCertification(idOrSlug: string): Promise<Certification | null>;
  /** The ranked search of /search, as GET /api/search answers it. */
  searchCertifications(q: string): Promise<Certification[]>;
  stats(): Promise<Stats>;
  /** The approved resources of a public certification; null when there is no such certification. */
  listResources(idOrSlug: string): Promise<Resource[] | null>;
  /** Published articles, newest first, without their content. */
  listArticles(): Promise<Article[]>;
  /** A published article by slug; null when there is none. */
  getArticle(slug: string): Promise<Article | null>;
  /** The domain taxonomy with the number of public certifications in each. */
  listDomains(): Promise<Domain[]>;
  /** The public history of a certification (applied and rejected revisions), newest first; null when unknown. */
  listRevisions(idOrSlug: string): Promise<Revision[] | null>;
  /**
   * The first page of a public certification's discussion (oldest first) with its size: what the certification
   * page renders on the server. Null when there is no such public certification.
   */
  discussionFirstPage(idOrSlug: string, limit: number): Promise<DiscussionPage | null>;
  /**
   * A public certification's rating summary and its first reviews (ratings with a review shown, as `?reviewed=true`);
   * null when there is no such certification.
   */
  ratings(idOrSlug: string, limit: number): Promise<RatingsPage | null>;
  /** Certifications side by side, in the order given; `missing` names those that are not public. */
  compare(idsOrSlugs: string[]): Promise<Comparison | { missing: string[] }>;
  /** The domains of /paths with the number of public certifications in each (GET /api/paths). */
  listPaths(): Promise<PathDomain[]>;
  /** A domain's map as GET /api/paths/{domain} answers it; null for an unknown domain. */
  pathMap(domain: string): Promise<PathMap | null>;
  /** What to take after a public certification (GET /api/certification/{id}/next); null when unknown. */
  nextSteps(idOrSlug: string): Promise<NextStep[] | null>;
  /** A page of the public moderation log, newest first, as GET /api/moderation-log answers it. */
  moderationLog(query: { limit: number; cursor?: number }): Promise<ModerationLogPage>;
  /**
   * What /u/{username} shows: the member's public profile as GET /api/users/{username} answers it, or only the name
   * of an account that is suspended or deleted; null for an unknown name (and the system account).
   */
  publicProfile(username: string): Promise<PublicProfile | UnavailableProfile | null>;
  /**
   * What /unsubscribe?token= shows before the member confirms: the member and the one kind of email the mailed
   * token turns off, and whether that kind is on now; null for a token that is not valid (forged, malformed, or
   * of an account that no longer exists). Reading it changes nothing.
   */
  unsubscribeInfo(token: string): Promise<UnsubscribeInfo | null>;
  /** The newest open data dump's index, as GET /data/index.json answers it (built first when none exists). */
  openDataIndex(): Promise<OpenDataIndex>;
}

/**
 * A member whose profile is not shown: the page says why, without any of their content. The server answers
 * 'suspended' while a suspension is in force (docs/product.md#suspensions); members cannot be deleted while keeping
 * their name yet, so it never answers 'deleted' today.
 */
export interface UnavailableProfile {
  username: string;
  unavailable: 'suspended' | 'deleted';
}

export interface DiscussionPage {
  threads: Comment[];
  /** Top-level threads in all. */
  threadCount: number;
  /** Comments in all, replies included (deleted placeholders left out). */
  commentCount: number;
  /** When the newest comment was written; null for an empty discussion. */
  latestCommentAt: string | null;
  /** The cursor of the next page, for GET /api/certification/{id}/comments?limit=&cursor=. */
  nextCursor: string | null;
}

export interface ServerLoadContext {
  /** Nonce of this response's Content-Security-Policy, for the inline scripts React Router renders. */
  nonce: string;
  /** The public address of the site, for canonical links and social tags. */
  publicUrl: string;
  data: PageData;
  /** External donation page of the support banner (SUPPORT_URL); no banner when unset. */
  supportUrl?: string;
}
