import type { Comment, CommentSort } from '@certitude/shared';
import { PrecompressedBody } from '../../lib/precompressed.js';
import { pageThreads } from './comment-paging.js';

export interface KeptTree {
  certificationId: number;
  version: number;
  tree: Comment[];
  /** The highest comment id it was read with: where a first page cut from it freezes the discussion (comment-paging.ts). */
  newestId: number;
  body: PrecompressedBody;
  /** Pages cut from this tree, by sort, limit and cursor: the first page of a busy discussion is asked for on every view. */
  pages: Map<string, KeptPage>;
  /** Comments in all (placeholders left out) and the newest one's time, counted on first use. */
  size?: { comments: number; latest: string | null };
  /** What it costs in memory (see `treeSize`), its pages' bodies and every compressed copy made so far included. */
  bytes: number;
}
export interface KeptPage {
  threads: Comment[];
  body: PrecompressedBody;
  total: number;
  nextCursor?: string;
}
/** Pages kept per tree; the first pages of each order are what is asked for again and again. */
const PAGES_PER_TREE = 32;
/**
 * What a tree costs in memory when kept: its JSON (and its compressed copies, counted as they are made), and about
 * twice the JSON again for the objects it was built from. Its pages share those objects: their bodies are counted.
 */
const treeSize = (body: PrecompressedBody) => body.length * 2 + body.bytes;

/**
 * The discussions' comment trees kept in memory, one per certification, each under the discussion version it was
 * read with (CommentService.keptTree), within a limit in bytes: the least recently built go first.
 */
export class DiscussionCache {
  private readonly trees = new Map<number, KeptTree>();
  private held = 0;

  constructor(private readonly maxBytes = 16 * 1024 * 1024) {}

  /** What the kept trees cost now, in bytes: never more than the limit. */
  get bytes(): number {
    return this.held;
  }

  /** The tree kept for this certification at this version, if any. */
  get(certificationId: number, version: number): KeptTree | undefined {
    const kept = this.trees.get(certificationId);
    return kept && kept.version === version ? kept : undefined;
  }

  /** A tree for this version, kept unless it alone is over the limit; returned either way. */
  keep(certificationId: number, version: number, tree: Comment[], rows: { id: number }[]): KeptTree {
    const body = new PrecompressedBody(JSON.stringify(tree));
    const entry: KeptTree = {
      certificationId,
      version,
      tree,
      newestId: rows.reduce((max, row) => Math.max(max, row.id), 0),
      body,
      pages: new Map<string, KeptPage>(),
      bytes: treeSize(body),
    };
    body.onGrow = (bytes) => this.grow(entry, bytes);
    const previous = this.trees.get(certificationId);
    if (previous) this.held -= previous.bytes;
    this.trees.delete(certificationId);
    if (entry.bytes > this.maxBytes) return entry;
    this.trees.set(certificationId, entry);
    this.held += entry.bytes;
    this.evict();
    return entry;
  }

  /** A page of the tree's top-level threads (comment-paging.ts), cut once and kept with the tree. */
  page(kept: KeptTree, request: { sort: CommentSort; limit: number; cursor?: string }): KeptPage {
    const key = `${request.sort}|${request.limit}|${request.cursor ?? ''}`;
    const hit = kept.pages.get(key);
    if (hit) return hit;
    // A first page's cursor freezes the discussion it was cut from; any later comment moves the version, so a kept
    // first page is never older than the discussion it shows.
    const page = pageThreads(kept.tree, request, kept.newestId);
    const body = new PrecompressedBody(JSON.stringify(page.threads));
    const entry = { threads: page.threads, body, total: page.total, nextCursor: page.nextCursor };
    if (kept.pages.size >= PAGES_PER_TREE) {
      const [oldestKey, oldest] = kept.pages.entries().next().value!;
      kept.pages.delete(oldestKey);
      this.grow(kept, -oldest.body.bytes);
    }
    kept.pages.set(key, entry);
    this.grow(kept, body.bytes);
    body.onGrow = (bytes) => {
      if (kept.pages.get(key) === entry) this.grow(kept, bytes);
    };
    return entry;
  }

  /** A kept tree's cost moved by `bytes` (a page cut or dropped, a compressed copy made). */
  private grow(kept: KeptTree, bytes: number) {
    kept.bytes += bytes;
    if (this.trees.get(kept.certificationId) !== kept) return;
    this.held += bytes;
    this.evict();
  }

  /** The oldest kept trees go first (a Map iterates in insertion order; a refreshed tree moves to the end). */
  private evict() {
    for (const [id, tree] of this.trees) {
      if (this.held <= this.maxBytes) break;
      this.trees.delete(id);
      this.held -= tree.bytes;
    }
  }
}
