/** The address of the next page of a paged list: the same path and query with the next cursor. */
export function nextPageUrl(url: string, cursor: string): string {
  const next = new URL(url, 'http://localhost');
  next.searchParams.set('cursor', cursor);
  return `${next.pathname}${next.search}`;
}
