import { useEffect, useState } from 'react';
import type { Page, PagedList } from './catalogue-types';
import type { ListedCertification } from './listed-certification';

/**
 * Past this many certifications (after the address's filters) the home page no longer holds the whole list: it
 * shows pages of `HOME_PAGE_SIZE`, and the search and vendor buttons ask the server (docs/product.md#home-listing).
 */
export const HOME_FULL_LIST_MAX = 1000;
export const HOME_PAGE_SIZE = 60;

/** The code that fetches pages of a large list: loaded with the first search, vendor or 'Load more' that needs it. */
const pages = () => import('./catalogue-pages');

/**
 * The paged list's current page: the server's first page while the search and vendor are the address's, else the
 * API's answer for them (the previous answer stays on screen until it comes; a newer keystroke cancels an older
 * request). `shownFor` is the search the page on screen answers.
 */
export function usePagedList(
  paged: PagedList | undefined,
  first: ListedCertification[],
  query: string,
  vendor: string | null,
) {
  const contains = query.trim();
  const key = `${contains}|${vendor ?? ''}`;
  const initialKey = paged ? `${paged.contains}|${paged.vendor ?? ''}` : key;
  const [remote, setRemote] = useState<(Page & { key: string; contains: string }) | null>(null);
  useEffect(() => {
    if (!paged || key === initialKey) return;
    const controller = new AbortController();
    pages()
      .then((m) => m.fetchPage(paged, contains, vendor, null, controller.signal))
      .then(
        (page) => setRemote({ ...page, key, contains }),
        () => {
          if (!controller.signal.aborted) setRemote({ items: [], total: 0, next: null, failed: true, key, contains });
        },
      );
    return () => controller.abort();
  }, [paged, key, initialKey, contains, vendor]);
  const initial: (Page & { key: string; contains: string }) | undefined = paged && {
    items: first,
    total: paged.total,
    next: paged.next,
    key: initialKey,
    contains: paged.contains,
  };
  // The API's answer for the current search (a first page, or pages loaded with 'Load more'); else the server's
  // first page for the address's search; else, while a new search is on its way, the answer before it.
  const page = remote?.key === key ? remote : key === initialKey ? initial : (remote ?? initial);
  const more = async () => {
    if (!paged || !page?.next) return;
    try {
      const next = await (await pages()).fetchPage(paged, page.contains, vendor, page.next);
      setRemote({ ...next, items: [...page.items, ...next.items], key: page.key, contains: page.contains });
    } catch {
      setRemote({ ...page, failed: true });
    }
  };
  return { page, more };
}
