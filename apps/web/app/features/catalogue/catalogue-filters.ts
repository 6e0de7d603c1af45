import { useEffect, useState } from 'react';
import { loadedSearch, loadSearch, type SearchEngine } from './catalogue-search';
import type { CatalogueFilters } from './catalogue-types';

/** The search text and vendor filter; held by the page so they survive a reload of the list. */
export function useCatalogueFilters(initialQuery = '', initialVendor: string | null = null): CatalogueFilters {
  const [query, setQuery] = useState(initialQuery);
  const [vendor, setVendor] = useState<string | null>(initialVendor);
  return { query, setQuery, vendor, setVendor };
}

/** The search's code: null until loaded, which starts after the first paint (catalogue-search.ts). */
export function useSearchEngine(): SearchEngine | null {
  const [engine, setEngine] = useState(loadedSearch);
  useEffect(() => {
    if (!engine) void loadSearch().then(setEngine);
  }, [engine]);
  return engine;
}
