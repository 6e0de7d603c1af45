import { formatDate } from '@certitude/shared';

/** A publication date in a stable, locale-independent form, so server and client render the same text. */
export function ArticleDate({ iso }: { iso: string | null }) {
  if (!iso) return null;
  return <time dateTime={iso}>{formatDate(iso)}</time>;
}
