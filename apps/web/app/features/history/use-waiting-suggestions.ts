import { revisionSchema, type User } from '@certitude/shared';
import { useEffect, useState } from 'react';
import { api, listOf } from '../../lib/api-client';

/**
 * How many of the member's suggested edits of a certification wait for a moderator (0 for a visitor), read from the
 * revisions the member may see (their own pending ones among them). `again` is anything that changes when the member
 * has just sent one, so that the count is read anew.
 */
export function useWaitingSuggestions(slug: string, user: User | null, again?: unknown): number {
  const [waiting, setWaiting] = useState<{ for: string; count: number } | null>(null);
  const username = user?.username ?? null;
  useEffect(() => {
    if (!username) return;
    let live = true;
    api(`/api/certification/${encodeURIComponent(slug)}/revisions`, {
      schema: __CHECK_ANSWERS__ && listOf(revisionSchema),
    }).then(
      (list) =>
        live &&
        setWaiting({
          for: `${username}/${slug}`,
          count: list.filter((r) => r.status === 'PENDING' && r.author === username).length,
        }),
      () => undefined, // nothing to say then: the history page still lists them
    );
    return () => {
      live = false;
    };
  }, [slug, username, again]);
  return username && waiting?.for === `${username}/${slug}` ? waiting.count : 0;
}
