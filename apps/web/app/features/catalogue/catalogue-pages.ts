import type { Certification } from '@certitude/shared';
import type { Page, PagedList } from './catalogue-types';

/** One page of the list from the API: the home page's search (`contains`) and vendor over the address's filters. */
export async function fetchPage(
  paged: PagedList,
  contains: string,
  vendor: string | null,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<Page> {
  const params = new URLSearchParams(paged.listQuery);
  if (contains) params.set('contains', contains);
  if (vendor) params.set('vendor', vendor);
  if (cursor) params.set('cursor', cursor);
  const res = await fetch(`/api/certification?${params}`, { signal });
  if (!res.ok) throw new Error(`${res.status}`);
  return {
    items: (await res.json()) as Certification[],
    total: Number(res.headers.get('x-total-count')),
    next: /[?&]cursor=(\d+)/.exec(res.headers.get('link') ?? '')?.[1] ?? null,
  };
}
