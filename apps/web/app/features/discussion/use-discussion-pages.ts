import type { Comment, DiscussionPage } from '@certitude/shared';
import { useCallback, useEffect, useState } from 'react';
import { countComments } from './comment-tree';
import { fetchCommentsPage } from './comments-api';

type Load =
  | { state: 'loading' }
  | { state: 'failed' }
  | {
      state: 'ready';
      comments: Comment[];
      nextCursor: string | null;
      more: 'idle' | 'loading' | 'failed';
      /** Comments in all when the server said (its first page's figure), else those of the pages loaded. */
      total: number;
      totalKnown: boolean;
    };

/**
 * The pages of a certification's discussion: the first as the server rendered it (`initial`) or loaded here, the
 * next ones on `loadMore`, a failed load tried again with `retry`, and `update` for what the member changes.
 */
export function useDiscussionPages(certificationId: number, initial?: DiscussionPage | null) {
  const [load, setLoad] = useState<Load>(
    initial
      ? {
          state: 'ready',
          comments: initial.threads,
          nextCursor: initial.nextCursor,
          more: 'idle',
          total: initial.commentCount,
          totalKnown: true,
        }
      : { state: 'loading' },
  );
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (initial && attempt === 0) return;
    const abort = new AbortController();
    fetchCommentsPage(certificationId, null, abort.signal).then(
      ({ threads, nextCursor }) =>
        setLoad({
          state: 'ready',
          comments: threads,
          nextCursor,
          more: 'idle',
          total: countComments(threads),
          totalKnown: false,
        }),
      () => {
        if (!abort.signal.aborted) setLoad({ state: 'failed' });
      },
    );
    return () => abort.abort();
  }, [certificationId, attempt, initial]);

  const loadMore = async () => {
    if (load.state !== 'ready' || !load.nextCursor) return;
    setLoad({ ...load, more: 'loading' });
    try {
      const page = await fetchCommentsPage(certificationId, load.nextCursor);
      setLoad((l) => {
        if (l.state !== 'ready') return l;
        const known = new Set(l.comments.map((c) => c.id));
        const fresh = page.threads.filter((c) => !known.has(c.id));
        return {
          ...l,
          comments: [...l.comments, ...fresh],
          nextCursor: page.nextCursor,
          more: 'idle',
          total: l.totalKnown ? l.total : l.total + countComments(fresh),
        };
      });
    } catch {
      setLoad((l) => (l.state === 'ready' ? { ...l, more: 'failed' } : l));
    }
  };

  const update = useCallback((change: (list: Comment[]) => Comment[]) => {
    setLoad((l) => (l.state === 'ready' ? { ...l, comments: change(l.comments) } : l));
  }, []);

  const retry = () => {
    setLoad({ state: 'loading' });
    setAttempt((n) => n + 1);
  };

  return { load, loadMore, retry, update };
}
