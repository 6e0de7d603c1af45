import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useLocation, type NavigationType } from 'react-router';

/**
 * What the browser keeps of the home page's lists for this tab (sessionStorage): each history entry's scroll
 * position, by the entry's key, and the last list left (its address and key), which a certification's "← Back"
 * returns to.
 */
const LIST_MEMORY = { scroll: 'homeScroll:', last: 'homeLast' } as const;

/** The last list left: its address and its history entry's key. */
export interface LastList {
  href: string;
  key: string;
}

/** What a link back to a list passes (location state): the key of the entry whose scroll position to restore. */
export interface BackToList {
  listKey: string;
}

function read(name: string): string | null {
  try {
    return sessionStorage.getItem(name);
  } catch {
    return null;
  }
}

function write(name: string, value: string) {
  try {
    sessionStorage.setItem(name, value);
  } catch {
    // Storage full or refused: the list opens at the top.
  }
}

/** The last list left as stored (a string, the same one until it changes: a store's snapshot). */
export const storedLastList = (): string | null => read(LIST_MEMORY.last);

/** The last list left, from what `storedLastList` read. */
export function parseLastList(stored: string | null): LastList | null {
  try {
    return JSON.parse(stored ?? 'null') as LastList | null;
  } catch {
    return null;
  }
}

/**
 * The home page's list in the address and in the tab's memory (docs/product.md#home-listing): the search text and
 * the vendor are written into the address as they change (no empty parameter); leaving the list remembers its
 * scroll position; coming back to it (Back, or a link that names it) returns the position to restore, which a
 * first load (hydration) never does.
 */
export function useListMemory(
  query: string,
  vendor: string | null,
  navigationType: NavigationType,
  clientNavigation: boolean,
): number | undefined {
  const location = useLocation();
  const { key } = location;
  const [restoreY] = useState(() => {
    if (!clientNavigation) return undefined;
    const entry = navigationType === 'POP' ? key : (location.state as Partial<BackToList> | null)?.listKey;
    const saved = entry ? read(LIST_MEMORY.scroll + entry) : null;
    const y = Number(saved);
    return saved !== null && y > 0 ? y : undefined;
  });
  const href = useRef(location.pathname + location.search);
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const params = new URLSearchParams(window.location.search);
    const q = query.trim();
    if (q) params.set('q', q);
    else params.delete('q');
    if (vendor) params.set('vendor', vendor);
    else params.delete('vendor');
    href.current = params.size ? `/?${params}` : '/';
    try {
      // The router's own state (the entry's key) stays: Back finds this entry's scroll position by it.
      window.history.replaceState(window.history.state, '', href.current);
    } catch {
      // Too many in a row for the browser: the next change writes the address.
    }
  }, [query, vendor]);
  useLayoutEffect(() => {
    let y = window.scrollY;
    const onScroll = () => {
      y = window.scrollY;
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      write(LIST_MEMORY.scroll + key, String(y));
      write(LIST_MEMORY.last, JSON.stringify({ href: href.current, key } satisfies LastList));
    };
  }, [key]);
  return restoreY;
}
