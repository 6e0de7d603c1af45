import type { Comment, CommentSort } from '@certitude/shared';
import { badRequest } from '../../lib/errors.js';

/**
 * Pages of top-level threads (docs/api.md#discussion). A cursor freezes the moment of the first page (`asOf`):
 * later pages hold only threads that existed then, ordered by what they were then (replies counted up to that
 * moment), and continue after the last thread's key, not after a count. So a comment posted while someone
 * pages never makes a thread appear twice or vanish; a thread deleted meanwhile is simply not there.
 */
interface Cursor {
  /** The first page's moment, epoch milliseconds. */
  a: number;
  s: CommentSort;
  /** The key of the last thread served: [replies, createdAt ms, id]. */
  k: [number, number, number];
}

const BAD_CURSOR = 'That cursor is not one this discussion gave out';

function decodeCursor(cursor: string, sort: CommentSort): Cursor {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw badRequest(BAD_CURSOR);
  }
  const c = parsed as Partial<Cursor>;
  const whole = (v: unknown) => typeof v === 'number' && Number.isSafeInteger(v) && v >= 0;
  if (
    !c ||
    typeof c !== 'object' ||
    !whole(c.a) ||
    !Array.isArray(c.k) ||
    c.k.length !== 3 ||
    !c.k.every(whole) ||
    c.s === undefined
  ) {
    throw badRequest(BAD_CURSOR);
  }
  if (c.s !== sort) throw badRequest('That cursor belongs to another order of the discussion');
  return c as Cursor;
}

const encodeCursor = (c: Cursor) => Buffer.from(JSON.stringify(c)).toString('base64url');

/** How many comments of a thread (its root excluded) existed at `asOf`. */
function repliesAt(thread: Comment, asOf: number): number {
  let n = 0;
  for (const reply of thread.replies) {
    if (Date.parse(reply.createdAt) <= asOf) n++;
    n += repliesAt(reply, asOf);
  }
  return n;
}

type Key = [number, number, number];

/** Negative when `a` comes first in the order. */
function compareKeys(sort: CommentSort, a: Key, b: Key): number {
  if (sort === 'newest') return b[1] - a[1] || b[2] - a[2];
  if (sort === 'best') return b[0] - a[0] || a[1] - b[1] || a[2] - b[2];
  return a[1] - b[1] || a[2] - b[2];
}

/** The top level of a discussion in the given order (the whole tree, without paging). */
export function sortThreads(tree: Comment[], sort: CommentSort, asOf = Date.now()): Comment[] {
  if (sort === 'oldest') return tree;
  const keyed = tree.map((t) => ({ t, k: [repliesAt(t, asOf), Date.parse(t.createdAt), t.id] as Key }));
  return keyed.sort((x, y) => compareKeys(sort, x.k, y.k)).map((x) => x.t);
}

export function pageThreads(
  tree: Comment[],
  request: { sort: CommentSort; limit: number; cursor?: string },
  now = Date.now(),
): { threads: Comment[]; total: number; nextCursor?: string } {
  const cursor = request.cursor === undefined ? undefined : decodeCursor(request.cursor, request.sort);
  const asOf = cursor?.a ?? now;
  const keyed = tree
    .filter((t) => Date.parse(t.createdAt) <= asOf)
    .map((t) => ({ t, k: [repliesAt(t, asOf), Date.parse(t.createdAt), t.id] as Key }))
    .sort((x, y) => compareKeys(request.sort, x.k, y.k));
  const start = cursor ? keyed.findIndex((x) => compareKeys(request.sort, x.k, cursor.k) > 0) : 0;
  const from = start < 0 ? keyed.length : start;
  const page = keyed.slice(from, from + request.limit);
  const last = page.at(-1);
  const more = from + request.limit < keyed.length;
  return {
    threads: page.map((x) => x.t),
    total: keyed.length,
    nextCursor: more && last ? encodeCursor({ a: asOf, s: request.sort, k: last.k }) : undefined,
  };
}
