import type { Comment } from '@certitude/shared';
import { describe, expect, it } from 'vitest';
import { DiscussionCache } from './discussion-cache.js';

let nextId = 1;
/** A discussion of `threads` top-level comments of `size` characters each, one reply under each. */
function discussion(threads: number, size: number): { tree: Comment[]; rows: { id: number }[] } {
  const comment = (replies: Comment[]) =>
    ({
      id: nextId++,
      content: Math.random()
        .toString(36)
        .repeat(size / 10)
        .slice(0, size),
      createdAt: new Date(Date.now() - nextId * 1000).toISOString(),
      deleted: false,
      replies,
    }) as unknown as Comment;
  const tree = Array.from({ length: threads }, () => comment([comment([])]));
  const rows = tree.flatMap((t) => [{ id: t.id }, { id: t.replies[0]!.id }]);
  return { tree, rows };
}

describe('the discussions cache', () => {
  it('stays within its limit in bytes, pages and compressed copies counted as they are made', async () => {
    const maxBytes = 256 * 1024;
    const cache = new DiscussionCache(maxBytes);
    for (let cert = 1; cert <= 30; cert++) {
      const { tree, rows } = discussion(5 + cert, 400);
      const kept = cache.keep(cert, 1, tree, rows);
      expect(cache.bytes).toBeLessThanOrEqual(maxBytes);
      for (const sort of ['oldest', 'newest', 'best'] as const) {
        const page = cache.page(kept, { sort, limit: 5 });
        await page.body.encoded('br');
        expect(cache.bytes).toBeLessThanOrEqual(maxBytes);
      }
      await kept.body.encoded('gzip');
      expect(cache.bytes).toBeLessThanOrEqual(maxBytes);
    }
    // The newest are kept, the oldest went.
    expect(cache.get(30, 1)).toBeDefined();
    expect(cache.get(1, 1)).toBeUndefined();
    // What it counts is what it holds: twice each tree's JSON for its objects, and every body's bytes.
    let held = 0;
    for (let cert = 1; cert <= 30; cert++) {
      const kept = cache.get(cert, 1);
      if (!kept) continue;
      held += kept.body.length * 2 + kept.body.bytes;
      for (const page of kept.pages.values()) held += page.body.bytes;
    }
    expect(held).toBe(cache.bytes);
    expect(held).toBeGreaterThan(maxBytes / 2);
  });

  it('answers a tree too large for it without keeping it, and nothing at a limit of 0', () => {
    const small = new DiscussionCache(1024);
    const { tree, rows } = discussion(10, 400);
    const kept = small.keep(7, 1, tree, rows);
    expect(kept.tree).toBe(tree);
    expect(small.get(7, 1)).toBeUndefined();
    expect(small.bytes).toBe(0);
    const none = new DiscussionCache(0);
    none.keep(1, 1, discussion(1, 10).tree, []);
    expect(none.get(1, 1)).toBeUndefined();
  });

  it('serves a tree only at the version it was read with', () => {
    const cache = new DiscussionCache();
    const { tree, rows } = discussion(2, 50);
    cache.keep(3, 4, tree, rows);
    expect(cache.get(3, 4)?.tree).toBe(tree);
    expect(cache.get(3, 5)).toBeUndefined();
  });
});
