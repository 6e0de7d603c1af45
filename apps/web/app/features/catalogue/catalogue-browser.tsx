import { REQUEST_TEXT } from '@certitude/shared';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { useCurrentUser } from '../../lib/auth-store';
import { useCatalogueFilters } from './catalogue-filters';
import { CATALOGUE_TEXT } from './catalogue-text';
import { firstCellCount, Grid, useGridVisibility, useGrowingCount } from './catalogue-grid';
import { CatalogueHeader } from './catalogue-header';
import { CatalogueSearch } from './catalogue-search-bar';
import type { VendorCount } from './catalogue-search';
import type { CatalogueFilters, PagedList } from './catalogue-types';
import type { ListedCertification } from './listed-certification';
import { useCertificationEditor } from './certification-editor';
import { usePagedList } from './use-paged-list';
import { useShownCells } from './use-shown-cells';

// Only once a search finds nothing: its code is not part of the home page's first load.
const NoMatch = lazy(() => import('./no-match'));
// Only on a catalogue that has no certification yet.
const NoCertifications = lazy(() => import('./no-certifications'));

interface CatalogueBrowserProps {
  certifications: ListedCertification[];
  /** Each vendor of the list with its count, counted by the server (catalogue-search.ts, `vendorCounts`). */
  vendors?: VendorCount[];
  /**
   * The search of the address and the certifications the server found for it, which the list shows until the
   * search's code has loaded; null without a search in the address.
   */
  shown?: { q: string; ids: number[] } | null;
  /** Where to scroll once the list is in (going back to the list): every cell is rendered at once. */
  restoreScrollY?: number;
  /** Set when the list is too large to hold in the browser (HOME_FULL_LIST_MAX): `certifications` is its first page. */
  paged?: PagedList | null;
  initialQuery?: string;
  filters?: CatalogueFilters;
  /** The server-made filter and sort form (features/catalogue/filter-form.tsx). */
  filtersHtml?: string;
  /** What was wrong with the address's filters, if anything. */
  problem?: string | null;
}

/** The home listing (docs/product.md#home-listing): Submit, search, vendor filters, the grid and its empty states. */
export function CatalogueBrowser({
  certifications,
  initialQuery = '',
  filters,
  filtersHtml,
  problem,
  paged,
  shown: shownByServer = null,
  restoreScrollY,
  vendors: vendorsOfList,
}: CatalogueBrowserProps) {
  const user = useCurrentUser();
  const editor = useCertificationEditor();
  const own = useCatalogueFilters(initialQuery);
  const { query, setQuery, vendor, setVendor } = filters ?? own;
  const { page, more } = usePagedList(paged ?? undefined, certifications, query, vendor);
  const list = page ? page.items : certifications;
  const vendors = vendorsOfList ?? paged?.vendors ?? [];
  const { mask, maskFor, shown } = useShownCells(certifications, page, query, vendor, shownByServer);
  const total = paged ? paged.all : certifications.length;
  // Fixed at mount; cells added later start shown and the effect of useGridVisibility settles them.
  const [shownAtFirst] = useState(() =>
    paged ? null : new Set(certifications.filter((_, i) => mask[i]).map((c) => c.id)),
  );
  const [firstCount] = useState(() => (restoreScrollY === undefined ? firstCellCount(mask) : list.length));
  const count = useGrowingCount(firstCount, list.length);
  const listRef = useGridVisibility(mask, maskFor, count);
  useEffect(() => {
    if (restoreScrollY === undefined) return;
    // After the scroll to the top of a path change (root.tsx), which runs in the same commit.
    const id = setTimeout(() => window.scrollTo(0, restoreScrollY));
    return () => clearTimeout(id);
  }, [restoreScrollY]);

  const navigate = useNavigate();
  // Apply keeps the search and the vendor (filters-href.ts).
  const applyFilters = (form: HTMLFormElement) =>
    void import('./filters-href').then((m) => navigate(m.filtersHref(form, query, vendor)));
  const header = (
    <CatalogueHeader
      user={user}
      onSubmit={editor.submit}
      problem={problem}
      filtersHtml={filtersHtml}
      onFilters={applyFilters}
    />
  );

  if (total === 0) {
    return (
      <>
        {header}
        <Suspense fallback={null}>
          <NoCertifications onSubmit={user ? editor.submit : null} />
        </Suspense>
      </>
    );
  }

  return (
    <>
      {header}
      <CatalogueSearch
        query={query}
        setQuery={setQuery}
        vendor={vendor}
        setVendor={setVendor}
        vendors={vendors}
        shown={shown}
        total={total}
      />
      {shown === 0 && (
        <Suspense fallback={null}>
          <NoMatch
            query={page ? page.contains : query}
            certifications={certifications}
            onSearch={setQuery}
            onClearSearch={() => setQuery('')}
            onAllVendors={() => setVendor(null)}
          />
        </Suspense>
      )}
      {page?.failed && (
        <div className="alert alert-danger" role="alert">
          {REQUEST_TEXT.fetchCertificationsFailed}
        </div>
      )}
      <Grid certifications={list} count={count} shownAtFirst={shownAtFirst} listRef={listRef} user={user} />
      {page?.next && (
        <div className="text-center mt-4">
          <button type="button" className="btn btn-outline-primary" onClick={() => void more()}>
            {CATALOGUE_TEXT.loadMore}
          </button>
        </div>
      )}
    </>
  );
}
