/** A publication date in a stable, locale-independent form, so server and client render the same text. */
export function ArticleDate({ iso }: { iso: string | null }) {
  if (!iso) return null;
  const date = new Date(iso);
  const text = date.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
  return <time dateTime={iso}>{text}</time>;
}
