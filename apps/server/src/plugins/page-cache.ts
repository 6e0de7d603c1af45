import { createHash } from 'node:crypto';
import { PrecompressedBody } from '../lib/precompressed.js';

/**
 * One cached page: its headers (the Content-Security-Policy among them) and its HTML, the same bytes for every
 * reader, compressed once per encoding.
 */
interface CachedPage {
  headers: Record<string, string>;
  body: PrecompressedBody;
  bytes: number;
  storedAt: number;
}

export interface PageCacheOptions {
  /**
   * The most kept, in bytes: each page's HTML as UTF-8, its compressed copies once made and its headers (PAGE_CACHE_MB);
   * the least recently used pages go first.
   */
  maxBytes: number;
  /** How long a page may be served without a change being heard, as a bound on what a missed message costs. */
  ttlMs: number;
}

const headerBytes = (headers: Record<string, string>) =>
  Object.entries(headers).reduce((sum, [name, value]) => sum + name.length + value.length, 0);

const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi;

/**
 * A page made the same for every reader: the nonce it was rendered with is taken out everywhere (the inline
 * scripts' attributes, the root's data), and the policy allows exactly its inline scripts by their SHA-256 hashes
 * instead (decision 2, "Later"). An injected script cannot have one of those hashes, so the policy is as strict
 * as with a nonce, and the answer needs no rewriting of its HTML.
 */
function withoutNonce(html: string, nonce: string, policy: string): { html: string; policy: string } {
  const fixed = html.split(nonce).join('');
  const hashes = new Set<string>();
  for (const [, attributes, content] of fixed.matchAll(INLINE_SCRIPT)) {
    if (/\bsrc\s*=/i.test(attributes!)) continue;
    hashes.add(`'sha256-${createHash('sha256').update(content!, 'utf8').digest('base64')}'`);
  }
  return { html: fixed, policy: policy.replace(`'nonce-${nonce}'`, [...hashes].join(' ')) };
}

/**
 * The pages a visitor sees, rendered once and served from memory until something changes (the way Lobsters
 * caches logged-out pages). Sign-in lives in the browser, so every server-rendered page is a visitor's page;
 * a request that carries credentials or cookies is never served from here all the same. A kept page is the same
 * bytes for every reader (`withoutNonce`), so a hit costs about what a static file costs: no render, no HTML
 * rewriting, no compression.
 */
export class PageCache {
  private readonly pages = new Map<string, CachedPage>();
  /** The renders of missing pages under way, by key: each ends (resolves) when its render has been answered. */
  private readonly rendering = new Map<string, Promise<void>>();
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

  /** The bytes held now (see `PageCacheOptions.maxBytes`), never more than the limit. */
  get heldBytes(): number {
    return this.bytes;
  }

  /** The page for `key`, or undefined. */
  get(key: string, now = Date.now()): { headers: Record<string, string>; body: PrecompressedBody } | undefined {
    const page = this.pages.get(key);
    if (!page) return undefined;
    if (now - page.storedAt > this.opts.ttlMs) {
      this.remove(key, page);
      return undefined;
    }
    // Most recently used last: the Map's order is the eviction order.
    this.pages.delete(key);
    this.pages.set(key, page);
    return { headers: page.headers, body: page.body };
  }

  /**
   * The page for `key` once the render of it under way ends, or undefined when none is under way or it kept
   * nothing (a change meanwhile, an error, an answer not to keep). Readers who ask for a missing page while it is
   * rendered wait for that render instead of each rendering it again: after a change empties the cache, the
   * visitors of a busy page would otherwise all render it at once, each holding its own copy while it is made.
   */
  async afterRender(key: string): Promise<ReturnType<PageCache['get']>> {
    const under = this.rendering.get(key);
    if (!under) return undefined;
    await under;
    return this.get(key);
  }

  /** Marks a render of `key` as under way; the function it returns marks its end (call it whatever happened). */
  beginRender(key: string): () => void {
    let end!: () => void;
    const done = new Promise<void>((resolve) => (end = resolve));
    this.rendering.set(key, done);
    return () => {
      if (this.rendering.get(key) === done) this.rendering.delete(key);
      end();
    };
  }

  /**
   * Keeps a page rendered with `nonce` under `policy` (the Content-Security-Policy it was answered with), unless
   * something changed since its render began (`version`) or it is too large.
   */
  set(
    key: string,
    page: { headers: Record<string, string>; html: string; nonce: string; policy: string; version: number },
  ) {
    if (page.version !== this.generation || !page.nonce || !page.policy.includes(`'nonce-${page.nonce}'`)) return;
    if (page.html.length > this.opts.maxBytes / 4) return;
    const old = this.pages.get(key);
    if (old) this.remove(key, old);
    const fixed = withoutNonce(page.html, page.nonce, page.policy);
    const headers = { ...page.headers, 'content-security-policy': fixed.policy };
    const body = new PrecompressedBody(fixed.html);
    const entry: CachedPage = { headers, body, bytes: body.bytes + headerBytes(headers), storedAt: Date.now() };
    if (entry.bytes > this.opts.maxBytes / 4) return;
    // Its compressed copies are made on first demand: counted then, while the page is still kept.
    body.onGrow = (grown) => {
      if (this.pages.get(key) !== entry) return;
      entry.bytes += grown;
      this.bytes += grown;
      this.evict();
    };
    this.pages.set(key, entry);
    this.bytes += entry.bytes;
    this.evict();
  }

  /** The least recently used pages go until what is kept is within the limit. */
  private evict() {
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
  [/^\/$/, ['q', 'sort', 'level', 'domain', 'maxCostUsd', 'lifecycle']],
  [/^\/compare$/, ['c']],
  [/^\/(about|privacy|terms|cookies|articles)$/, []],
  [/^\/articles\/[a-z0-9-]{1,200}$/, []],
  [/^\/certification\/[a-z0-9-]{1,200}(\/history)?$/, []],
  [/^\/paths(\/[a-z0-9-]{1,100})?$/, []],
];

/** Whether the page at `url` may be kept: a known page, with no other query parameter than those it reads, each once. */
export function cacheablePage(url: string): boolean {
  const q = url.indexOf('?');
  const path = q < 0 ? url : url.slice(0, q);
  const page = CACHEABLE_PAGES.find(([pattern]) => pattern.test(path));
  if (!page) return false;
  if (q < 0) return true;
  const keys = [...new URLSearchParams(url.slice(q + 1)).keys()];
  // A repeated parameter (?q=a&q=b) is another address for the same page: not kept.
  return new Set(keys).size === keys.length && keys.every((key) => page[1].includes(key));
}
