/** One cached page: its status, headers and HTML cut at the nonce, so that each answer gets its own. */
interface CachedPage {
  headers: Record<string, string>;
  parts: string[];
  bytes: number;
  storedAt: number;
}

export interface PageCacheOptions {
  /** The most HTML kept, in bytes (UTF-16 string length as a measure); the oldest pages go first. */
  maxBytes: number;
  /** How long a page may be served without a change being heard, as a bound on what a missed message costs. */
  ttlMs: number;
}

/**
 * The pages a visitor sees, rendered once and served from memory until something changes (the way Lobsters
 * caches logged-out pages). Sign-in lives in the browser, so every server-rendered page is a visitor's page;
 * a request that carries credentials or cookies is never served from here all the same. Each answer gets a
 * fresh Content-Security-Policy nonce: the cached HTML is kept cut at the nonce it was rendered with.
 */
export class PageCache {
  private readonly pages = new Map<string, CachedPage>();
  private bytes = 0;
  private generation = 0;

  constructor(private readonly opts: PageCacheOptions) {}

  /** A counter that moves on every clear: a render that began before a change must not be stored. */
  get version(): number {
    return this.generation;
  }

  get size(): number {
    return this.pages.size;
  }

  /** The page for `key` with `nonce` in place of the one it was rendered with, or undefined. */
  get(key: string, nonce: string, now = Date.now()): { headers: Record<string, string>; html: string } | undefined {
    const page = this.pages.get(key);
    if (!page) return undefined;
    if (now - page.storedAt > this.opts.ttlMs) {
      this.remove(key, page);
      return undefined;
    }
    // Most recently used last: the Map's order is the eviction order.
    this.pages.delete(key);
    this.pages.set(key, page);
    return { headers: page.headers, html: page.parts.join(nonce) };
  }

  set(key: string, page: { headers: Record<string, string>; html: string; nonce: string; version: number }) {
    if (page.version !== this.generation || !page.nonce) return;
    const bytes = page.html.length;
    if (bytes > this.opts.maxBytes / 4) return;
    const old = this.pages.get(key);
    if (old) this.remove(key, old);
    this.pages.set(key, { headers: page.headers, parts: page.html.split(page.nonce), bytes, storedAt: Date.now() });
    this.bytes += bytes;
    for (const [oldest, entry] of this.pages) {
      if (this.bytes <= this.opts.maxBytes) break;
      this.remove(oldest, entry);
    }
  }

  clear(): void {
    this.generation++;
    this.pages.clear();
    this.bytes = 0;
  }

  private remove(key: string, page: CachedPage) {
    this.pages.delete(key);
    this.bytes -= page.bytes;
  }
}

/**
 * The pages a visitor's copy may be kept for, and the query parameters each reads: any other path (an unknown
 * one renders the not-found page) or parameter is rendered every time and never kept, so that random addresses
 * cannot push the site's real pages out of the cache. Pages that carry a secret in their address (verify-email,
 * reset-password, auth/callback) are never kept either.
 */
const CACHEABLE_PAGES: [RegExp, string[]][] = [
  [/^\/$/, ['q']],
  [/^\/(about|privacy|terms|cookies|articles)$/, []],
  [/^\/articles\/[a-z0-9-]{1,200}$/, []],
  [/^\/certification\/[a-z0-9-]{1,200}$/, []],
];

/** Whether the page at `url` may be kept: a known page, with no other query parameter than those it reads. */
export function cacheablePage(url: string): boolean {
  const q = url.indexOf('?');
  const path = q < 0 ? url : url.slice(0, q);
  const page = CACHEABLE_PAGES.find(([pattern]) => pattern.test(path));
  if (!page) return false;
  if (q < 0) return true;
  const keys = [...new URLSearchParams(url.slice(q + 1)).keys()];
  return keys.length <= page[1].length && keys.every((key) => page[1].includes(key));
}
