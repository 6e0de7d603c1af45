import type { Comment, CommentSort } from '@certitude/shared';
import { badRequest } from '../../lib/errors.js';

/**
 * Pages of top-level threads (docs/api.md#discussion). A cursor freezes the discussion as the first page saw it,
 * by the highest comment id in it (`m`), not by a time: later pages hold only threads with an id up to `m`, ordered
 * by what they were then (replies counted up to `m` too), and continue after the last thread's key, not after a
 * count. So a comment posted while someone pages never makes a thread appear twice or vanish; a thread deleted
 * meanwhile is simply not there. (A deleted reply can still move its thread under `best`: nothing is left of it.)
 *
 * Why an id and not a moment: created_at is when the comment's transaction began, and one that began before the
 * first page was cut may commit after it, unseen by the first page yet older than its moment; nor is an app
 * server's clock the database's. A sequence hands ids out at insert, not at commit, so a bare id would not do
 * either; but every insert into a discussion first moves its version (postComment), which locks the
 * certification's row until the commit, and only then takes its id. Within one discussion, ids therefore follow
 * the commits, and a read that sees comment `m` has seen every comment of it with a lower id that will ever commit
 * (docs/architecture.md#caches).
 */
interface Cursor {
  /** The highest comment id of the discussion when the first page was cut. */
  m: number;
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
    !whole(c.m) ||
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

/** How many comments of a thread (its root excluded) have an id up to `upTo`. */
function repliesUpTo(thread: Comment, upTo: number): number {
  let n = 0;
  for (const reply of thread.replies) {
    if (reply.id <= upTo) n++;
    n += repliesUpTo(reply, upTo);
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
export function sortThreads(tree: Comment[], sort: CommentSort): Comment[] {
  if (sort === 'oldest') return tree;
  const keyed = tree.map((t) => ({ t, k: [repliesUpTo(t, Infinity), Date.parse(t.createdAt), t.id] as Key }));
  return keyed.sort((x, y) => compareKeys(sort, x.k, y.k)).map((x) => x.t);
}

/**
 * One page of `tree`. `newestId` is the highest comment id among the rows the tree was built from, which a first
 * page freezes; a later page's cursor brings the one its first page froze.
 */
export function pageThreads(
  tree: Comment[],
  request: { sort: CommentSort; limit: number; cursor?: string },
  newestId: number,
): { threads: Comment[]; total: number; nextCursor?: string } {
  const cursor = request.cursor === undefined ? undefined : decodeCursor(request.cursor, request.sort);
  const upTo = cursor?.m ?? newestId;
  const keyed = tree
    .filter((t) => t.id <= upTo)
    .map((t) => ({ t, k: [repliesUpTo(t, upTo), Date.parse(t.createdAt), t.id] as Key }))
    .sort((x, y) => compareKeys(request.sort, x.k, y.k));
  const start = cursor ? keyed.findIndex((x) => compareKeys(request.sort, x.k, cursor.k) > 0) : 0;
  const from = start < 0 ? keyed.length : start;
  const page = keyed.slice(from, from + request.limit);
  const last = page.at(-1);
  const more = from + request.limit < keyed.length;
  return {
    threads: page.map((x) => x.t),
    total: keyed.length,
    nextCursor: more && last ? encodeCursor({ m: upTo, s: request.sort, k: last.k }) : undefined,
  };
}
