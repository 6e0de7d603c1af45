import { LISTING_TEXT, showingCount, type Certification, type User } from '@certitude/shared';
import { memo, useEffect, useLayoutEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { useCurrentUser } from '../../lib/auth-store';
import { searchHaystacks, vendorCounts, visibleMask } from './catalogue-search';
import { useCertificationEditor } from './certification-editor';
import { CertificationCard } from './certification-card';

/**
 * The card grid, rendered once per list. Filtering does not render it again: a layout effect flips the
 * `hidden` attribute of the cells whose visibility changed, so a keystroke over 2,000 certifications costs
 * one pass over an array and a few attribute writes, not 2,000 component renders. `shownAtFirst` gives the
 * server render and hydration the same cells hidden (a search given in the address).
 */
const Grid = memo(function Grid({
  certifications,
  shownAtFirst,
  listRef,
  user,
}: {
  certifications: Certification[];
  user: User | null;
  shownAtFirst: ReadonlySet<number>;
  listRef: RefObject<HTMLUListElement | null>;
}) {
  return (
    <ul ref={listRef} className="row g-3 list-unstyled" aria-label="Certifications">
      {certifications.map((c) => (
        <li key={c.id} className="col-12 col-md-6 col-xl-4" hidden={!shownAtFirst.has(c.id)}>
          <CertificationCard cert={c} user={user} />
        </li>
      ))}
    </ul>
  );
});

export interface CatalogueFilters {
  query: string;
  setQuery: (query: string) => void;
  vendor: string | null;
  setVendor: (vendor: string | null) => void;
}

/** The search text and vendor filter; held by the page so they survive a reload of the list. */
export function useCatalogueFilters(initialQuery = ''): CatalogueFilters {
  const [query, setQuery] = useState(initialQuery);
  const [vendor, setVendor] = useState<string | null>(null);
  return { query, setQuery, vendor, setVendor };
}

/** The home listing (docs/product.md#home-listing): Submit, search, vendor filters, the grid and its empty states. */
export function CatalogueBrowser({
  certifications,
  initialQuery = '',
  filters,
}: {
  certifications: Certification[];
  initialQuery?: string;
  filters?: CatalogueFilters;
}) {
  const user = useCurrentUser();
  const editor = useCertificationEditor();
  const own = useCatalogueFilters(initialQuery);
  const { query, setQuery, vendor, setVendor } = filters ?? own;
  const haystacks = useMemo(() => searchHaystacks(certifications), [certifications]);
  const vendors = useMemo(() => vendorCounts(certifications), [certifications]);
  const mask = useMemo(
    () => visibleMask(certifications, haystacks, query, vendor),
    [certifications, haystacks, query, vendor],
  );
  const shown = useMemo(() => mask.reduce((n, v) => (v ? n + 1 : n), 0), [mask]);
  const total = certifications.length;
  const listRef = useRef<HTMLUListElement>(null);
  // Fixed at mount; cells added later start shown and the effect below settles them.
  const [shownAtFirst] = useState(() => new Set(certifications.filter((_, i) => mask[i]).map((c) => c.id)));
  useLayoutEffect(() => {
    const cells = listRef.current?.children;
    if (!cells) return;
    for (let i = 0; i < cells.length; i++) {
      const cell = cells[i] as HTMLElement;
      const hidden = !mask[i];
      if (cell.hidden !== hidden) cell.hidden = hidden;
    }
  }, [mask]);
  // On a phone the vendor buttons are one row that scrolls sideways: a newly chosen one is brought into view
  // ('Show all vendors' included). Not at mount, when the page may have been scrolled to below the row.
  const rowRef = useRef<HTMLDivElement>(null);
  const chosen = useRef(false);
  useEffect(() => {
    if (chosen.current)
      rowRef.current?.querySelector('[aria-pressed=true]')?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
    chosen.current = true;
  }, [vendor]);

  const header = (
    <div className="d-flex flex-wrap justify-content-between align-items-center gap-2 mb-3">
      <h1 className="h2 mb-0">{LISTING_TEXT.homeTitle}</h1>
      {user && (
        <button type="button" className="btn btn-primary" onClick={editor.submit}>
          {LISTING_TEXT.submitCertification}
        </button>
      )}
    </div>
  );

  if (total === 0) {
    return (
      <>
        {header}
        <div className="text-center py-5">
          <h2 className="h4">{LISTING_TEXT.noCertificationsAvailable}</h2>
          <p className="text-body-secondary">Be the first to add one for the community.</p>
          {user && (
            <button type="button" className="btn btn-primary" onClick={editor.submit}>
              {LISTING_TEXT.submitCertification}
            </button>
          )}
        </div>
      </>
    );
  }

  return (
    <>
      {header}
      <div role="search" className="mb-3">
        <div className="search-box mb-2">
          <input
            type="search"
            className="form-control form-control-lg pe-5"
            placeholder={LISTING_TEXT.searchPlaceholder}
            aria-label="Search certifications"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
          />
          {query && (
            <button
              type="button"
              className="btn-close search-clear"
              aria-label="Clear search box"
              onClick={() => setQuery('')}
            />
          )}
        </div>
        <p className="text-body-secondary small mb-2" aria-live="polite">
          {showingCount(shown, total)}
        </p>
        <div
          ref={rowRef}
          className="vendor-filters d-flex flex-nowrap flex-md-wrap gap-2"
          role="group"
          aria-label="Filter by vendor"
        >
          <button
            type="button"
            className={`btn btn-sm ${vendor === null ? 'btn-primary' : 'btn-outline-primary'}`}
            aria-pressed={vendor === null}
            onClick={() => setVendor(null)}
          >
            All ({total})
          </button>
          {vendors.map((v) => (
            <button
              key={v.vendor}
              type="button"
              className={`btn btn-sm ${vendor === v.vendor ? 'btn-primary' : 'btn-outline-primary'}`}
              aria-pressed={vendor === v.vendor}
              onClick={() => setVendor(v.vendor)}
            >
              {v.vendor} ({v.count})
            </button>
          ))}
        </div>
      </div>
      {shown === 0 && (
        <div className="text-center py-5">
          <h2 className="h4">{LISTING_TEXT.noCertificationsFound}</h2>
          <p className="text-body-secondary">No certification matches your search and filter.</p>
          <div className="d-flex justify-content-center gap-2">
            <button type="button" className="btn btn-outline-primary" onClick={() => setQuery('')}>
              {LISTING_TEXT.clearSearch}
            </button>
            <button type="button" className="btn btn-outline-primary" onClick={() => setVendor(null)}>
              {LISTING_TEXT.showAllVendors}
            </button>
          </div>
        </div>
      )}
      <Grid certifications={certifications} shownAtFirst={shownAtFirst} listRef={listRef} user={user} />
    </>
  );
}
