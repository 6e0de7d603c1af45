import { can, publicModerationEntrySchema, type PublicModerationEntry } from '@certitude/shared';
import { useEffect, useState } from 'react';
import { api, listOf } from '../../lib/api-client';
import { useCurrentUser } from '../../lib/auth-store';

/**
 * The page is rendered for everyone, without the titles the log keeps from the public (rejected submissions, items
 * that are not public). A moderator or admin asks for the same page again with their token and reads those titles;
 * anyone else keeps the page as rendered, and so does a moderator whose request fails.
 */
export function useStaffEntries(
  rendered: PublicModerationEntry[],
  page: { limit: number; cursor: number | null },
): PublicModerationEntry[] {
  const user = useCurrentUser();
  const staff = can(user, 'moderate');
  const [own, setOwn] = useState<{ for: PublicModerationEntry[]; list: PublicModerationEntry[] } | null>(null);
  useEffect(() => {
    if (!staff) return;
    let live = true;
    const query = `limit=${page.limit}${page.cursor === null ? '' : `&cursor=${page.cursor}`}`;
    api(`/api/moderation-log?${query}`, { schema: __CHECK_ANSWERS__ && listOf(publicModerationEntrySchema) }).then(
      (list) => live && setOwn({ for: rendered, list }),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [staff, rendered, page.limit, page.cursor]);
  return staff && own?.for === rendered ? own.list : rendered;
}
