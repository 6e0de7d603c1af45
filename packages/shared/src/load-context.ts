import type { Article } from './schemas/admin.js';
import type { Certification, Resource, Stats } from './schemas/catalogue.js';

/**
 * What the server hands to the web app's loaders when it renders a page. The web app reads data through
 * this interface and never imports server code; the server implements it with its services.
 */
export interface PageData {
  listCertifications(): Promise<Certification[]>;
  getCertification(idOrSlug: string): Promise<Certification | null>;
  stats(): Promise<Stats>;
  /** The approved resources of a public certification; null when there is no such certification. */
  listResources(idOrSlug: string): Promise<Resource[] | null>;
  /** Published articles, newest first, without their content. */
  listArticles(): Promise<Article[]>;
  /** A published article by slug; null when there is none. */
  getArticle(slug: string): Promise<Article | null>;
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
