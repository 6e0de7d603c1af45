import { createHash } from 'node:crypto';
import { FEED_TITLES, markdownToPlainText, PRODUCT_NAME } from '@certitude/shared';
import type { Database } from '../../db/client.js';
import { PrecompressedBody } from '../../lib/precompressed.js';
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
  /** The document as bytes shared by every reader, compressed once per encoding: for a feed kept in memory. */
  body?: PrecompressedBody;
}

/** What the certifications' feed asks of the public list's cache, whose drops it follows. */
export interface CatalogueListCache {
  /** Runs `listener` whenever the public list is dropped, for a change here or on another instance. */
  onListDropped(listener: () => void): void;
  /** Whether a copy kept in memory hears of every change. */
  readonly cacheTrusted: boolean;
}

const later = (a: Date, b: Date) => (a > b ? a : b);

/**
 * The Atom feeds of new certifications and published articles (docs/api.md#feeds). The certifications' feed is kept
 * in memory as the public list is, and dropped with it (docs/architecture.md#caches): every change to an approved
 * certification drops the list, here and on every other instance, after its commit. The articles' feed is read live
 * on every request, like the other reads of articles, whose writes tell no other instance. Readers that poll get 304
 * through the ETag while nothing changed.
 */
export class FeedService {
  /** Stable ids (tag URIs, RFC 4151) on the site's own host: a renamed slug leaves an entry the same entry. */
  private readonly tagPrefix: string;
  /** The certifications' feed, kept (or being built) since the list was last dropped. */
  private certificationsKept: Promise<FeedDocument> | undefined;

  constructor(
    private readonly db: Database,
    private readonly articles: ArticleService,
    private readonly publicUrl: string,
    private readonly catalogue: CatalogueListCache,
  ) {
    this.tagPrefix = `tag:${new URL(publicUrl).hostname},2024:`;
    // A build under way when the list is dropped is answered to those who asked for it, but not kept.
    catalogue.onListDropped(() => (this.certificationsKept = undefined));
  }

  /**
   * The certifications most recently approved into the public catalogue, newest first: the copy kept since the
   * list was last dropped, or built afresh (and not kept while the list's cache cannot be trusted, Redis away).
   */
  certificationsFeed(): Promise<FeedDocument> {
    if (!this.catalogue.cacheTrusted) {
      this.certificationsKept = undefined;
      return this.buildCertificationsFeed();
    }
    if (this.certificationsKept) return this.certificationsKept;
    const building = this.buildCertificationsFeed();
    this.certificationsKept = building;
    // A failed build is not kept: the next request tries again.
    building.catch(() => {
      if (this.certificationsKept === building) this.certificationsKept = undefined;
    });
    return building;
  }

  private async buildCertificationsFeed(): Promise<FeedDocument> {
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
    const feed = this.document({
      id: `${this.tagPrefix}feeds/certifications`,
      title: FEED_TITLES.certifications,
      subtitle: `Certifications newly added to the ${PRODUCT_NAME} catalogue`,
      selfUrl: `${this.publicUrl}/feeds/certifications.atom`,
      pageUrl: `${this.publicUrl}/`,
      author: this.site(),
      entries,
    });
    return { ...feed, body: new PrecompressedBody(feed.xml) };
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
