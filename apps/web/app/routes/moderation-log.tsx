import { ERROR_PAGE_TEXT, ID_MAX, MODERATION_LOG_PAGE_SIZE, MODERATION_LOG_TEXT } from '@certitude/shared';
import { Link } from 'react-router';
import { ModerationLogEntry } from '../features/moderation-log/moderation-log-entry';
import { useStaffEntries } from '../features/moderation-log/use-staff-entries';
import { pageMeta } from '../lib/meta';
import type { Route } from './+types/moderation-log';

const CURSOR = /^[1-9]\d{0,9}$/;

export async function loader({ request, context }: Route.LoaderArgs) {
  const raw = new URL(request.url).searchParams.get('cursor');
  // A cursor this list never gave out is the app's 404 page, not the first page under another address.
  if (raw !== null && (!CURSOR.test(raw) || Number(raw) > ID_MAX))
    throw new Response(ERROR_PAGE_TEXT.pageNotFound, { status: 404 });
  const cursor = raw === null ? null : Number(raw);
  const page = await context.data.moderationLog(
    cursor === null ? { limit: MODERATION_LOG_PAGE_SIZE } : { limit: MODERATION_LOG_PAGE_SIZE, cursor },
  );
  return { entries: page.entries, nextCursor: page.nextCursor, cursor, publicUrl: context.publicUrl };
}

export const meta: Route.MetaFunction = ({ data }) => {
  const url = `${data?.publicUrl ?? ''}/moderation-log`;
  const cursor = data?.cursor ?? null;
  return pageMeta({
    title: cursor === null ? MODERATION_LOG_TEXT.title : MODERATION_LOG_TEXT.olderTitle,
    description: MODERATION_LOG_TEXT.description,
    url: cursor === null ? url : `${url}?cursor=${cursor}`,
  });
};

/**
 * /moderation-log: every moderator's decision, newest first, a page at a time, rendered on the server; the pages are
 * plain links, so the log reads without script (docs/product.md#moderation-log-page). Moderators and admins also read
 * the titles kept from the public, asked for once the page runs in their browser.
 */
export default function ModerationLogScreen({ loaderData }: Route.ComponentProps) {
  const { nextCursor, cursor } = loaderData;
  const entries = useStaffEntries(loaderData.entries, { limit: MODERATION_LOG_PAGE_SIZE, cursor });
  return (
    <div className="container py-4" style={{ maxWidth: '56rem' }}>
      <h1 className="h2 mb-2">{MODERATION_LOG_TEXT.title}</h1>
      <p className="lead mb-4">{MODERATION_LOG_TEXT.intro}</p>
      {entries.length === 0 ? (
        <p className="text-body-secondary">{MODERATION_LOG_TEXT.empty}</p>
      ) : (
        <ol className="list-group mb-4" aria-label={MODERATION_LOG_TEXT.title} data-testid="moderation-log">
          {entries.map((e) => (
            <ModerationLogEntry key={e.id} entry={e} />
          ))}
        </ol>
      )}
      {(cursor !== null || nextCursor !== null) && (
        <nav aria-label={MODERATION_LOG_TEXT.pages} className="d-flex flex-wrap gap-3">
          {cursor !== null && <Link to="/moderation-log">{MODERATION_LOG_TEXT.newestEntries}</Link>}
          {nextCursor !== null && (
            <Link to={`/moderation-log?cursor=${nextCursor}`} rel="next">
              {MODERATION_LOG_TEXT.olderEntries}
            </Link>
          )}
        </nav>
      )}
    </div>
  );
}
