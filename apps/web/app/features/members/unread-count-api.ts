import { unreadCountSchema } from '@certitude/shared';
import { api } from '../../lib/api-client';

/*
 * The bell's one call (docs/api.md#members), apart from the notifications page's calls so that it brings nothing
 * but the API client. The bell loads this module with its first count, after the page is shown: none of it is part
 * of a page's first load. (The schema is only referenced behind `__CHECK_ANSWERS__`: a production build leaves it out.)
 */
export async function fetchUnreadCount(): Promise<number> {
  return (await api('/api/notifications/unread-count', { schema: __CHECK_ANSWERS__ && unreadCountSchema })).count;
}
