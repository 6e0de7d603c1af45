import { createHash } from 'node:crypto';
import { FEED_TITLES, markdownToPlainText, PRODUCT_NAME } from '@certitude/shared';
import type { Database } from '../../db/client.js';
import type { ArticleService } from '../articles/article.service.js';
import { atomXml, feedUpdated, type AtomEntry, type AtomFeed } from './atom.js';
import { findNewestApprovedCertifications } from './feeds.repository.js';

/** Entries in a feed: readers poll often and want what is new, not the whole catalogue. */
export const FEED_ENTRIES_MAX = 50;

/** One feed as answered: the document, its validator and its time. */
export interface FeedDocument {
  xml: string;
  /** A weak validator: the bytes sent differ by Content-Encoding, the document does not. */
  etag: string;
  updated: Date;
}

const later = (a: Date, b: Date) => (a > b ? a : b);

/**
 * The Atom feeds of new certifications and published articles (docs/api.md#feeds). Both are read live on every
 * request, like the other reads of articles, so an approval or a publication is in the next answer on every
 * instance with no cache to drop; readers that poll get 304 through the ETag while nothing changed.
 */
export class FeedService {
  /** Stable ids (tag URIs, RFC 4151) on the site's own host: a renamed slug leaves an entry the same entry. */
  private readonly tagPrefix: string;

  constructor(
    private readonly db: Database,
    private readonly articles: ArticleService,
    private readonly publicUrl: string,
  ) {
    this.tagPrefix = `tag:${new URL(publicUrl).hostname},2024:`;
  }

  /** The certifications most recently approved into the public catalogue, newest first. */
  async certificationsFeed(): Promise<FeedDocument> {
    const rows = await findNewestApprovedCertifications(this.db, FEED_ENTRIES_MAX);
    const entries: AtomEntry[] = rows.map((row) => ({
      id: `${this.tagPrefix}certification/${row.id}`,
      title: `${row.name} (${row.certCode})`,
      url: `${this.publicUrl}/certification/${row.slug}`,
      published: row.approvedAt,
      updated: later(row.updatedAt, row.approvedAt),
      author: this.site(),
      summary: markdownToPlainText(row.description),
      categories: [row.vendor],
    }));
    return this.document({
      id: `${this.tagPrefix}feeds/certifications`,
      title: FEED_TITLES.certifications,
      subtitle: `Certifications newly added to the ${PRODUCT_NAME} catalogue`,
      selfUrl: `${this.publicUrl}/feeds/certifications.atom`,
      pageUrl: `${this.publicUrl}/`,
      author: this.site(),
      entries,
    });
  }

  /** The published articles, newest first; each signed by its author (the team for the seeded ones). */
  async articlesFeed(): Promise<FeedDocument> {
    const list = (await this.articles.list()).slice(0, FEED_ENTRIES_MAX);
    const entries: AtomEntry[] = list.map((a) => {
      const updated = new Date(a.updatedAt);
      const published = a.publishedAt ? new Date(a.publishedAt) : updated;
      return {
        id: `${this.tagPrefix}article/${a.id}`,
        title: a.title,
        url: `${this.publicUrl}/articles/${a.slug}`,
        published,
        updated: later(updated, published),
        author: a.author ? { name: a.author } : this.site(),
        summary: a.summary.trim(),
      };
    });
    return this.document({
      id: `${this.tagPrefix}feeds/articles`,
      title: FEED_TITLES.articles,
      subtitle: `Articles published on ${PRODUCT_NAME}`,
      selfUrl: `${this.publicUrl}/feeds/articles.atom`,
      pageUrl: `${this.publicUrl}/articles`,
      author: this.site(),
      entries,
    });
  }

  private site() {
    return { name: PRODUCT_NAME, uri: `${this.publicUrl}/` };
  }

  private document(feed: AtomFeed): FeedDocument {
    const xml = atomXml(feed);
    return {
      xml,
      etag: `W/"${createHash('sha1').update(xml).digest('base64url')}"`,
      updated: feedUpdated(feed.entries),
    };
  }
}

/** Whether an If-None-Match header names this validator (weak comparison, RFC 9110 section 13.1.2), or is `*`. */
export function ifNoneMatchHits(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  return header.split(',').some((tag) => tag.trim() === '*' || opaque(tag) === opaque(etag));
}
