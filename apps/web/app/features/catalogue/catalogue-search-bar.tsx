import { LISTING_TEXT, showingCount } from '@certitude/shared';
import { useEffect, useMemo, useRef } from 'react';
import type { VendorCount } from './catalogue-search';
import { CATALOGUE_TEXT } from './catalogue-text';
import type { CatalogueFilters } from './catalogue-types';
import { moveAlongRow } from './vendor-row-keys';

/**
 * How many vendors a wide screen shows as buttons, the most common ones (two rows at most); the others are in a
 * menu with their counts. A phone keeps every vendor in its one line that scrolls sideways.
 */
const VENDOR_BUTTONS_WIDE = 8;

/** The search box, the 'Showing X of Y' count and the vendor buttons. */
export function CatalogueSearch({
  query,
  setQuery,
  vendor,
  setVendor,
  vendors,
  shown,
  total,
}: CatalogueFilters & { vendors: VendorCount[]; shown: number; total: number }) {
  // On a phone the vendor buttons are one row that scrolls sideways: a newly chosen one is brought into view
  // ('Show all vendors' included). Not at mount, when the page may have been scrolled to below the row.
  const rowRef = useRef<HTMLDivElement>(null);
  const chosen = useRef(false);
  const common = useMemo(
    () =>
      new Set(
        [...vendors]
          .sort((a, b) => b.count - a.count)
          .slice(0, VENDOR_BUTTONS_WIDE)
          .map((v) => v.vendor),
      ),
    [vendors],
  );
  const others = vendors.filter((v) => !common.has(v.vendor));
  const otherChosen = vendor !== null && !common.has(vendor);
  useEffect(() => {
    if (chosen.current)
      rowRef.current?.querySelector('[aria-pressed=true]')?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
    chosen.current = true;
  }, [vendor]);
  return (
    <div role="search" aria-label={CATALOGUE_TEXT.search} className="mb-3">
      <div className="search-box mb-2">
        <input
          type="search"
          className="form-control form-control-lg pe-5"
          placeholder={LISTING_TEXT.searchPlaceholder}
          aria-label={CATALOGUE_TEXT.searchBox}
          value={query}
          onChange={(e) => setQuery(e.target.value)}
        />
        {query && (
          <button
            type="button"
            className="btn-close search-clear"
            aria-label={CATALOGUE_TEXT.clearSearchBox}
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
        aria-label={CATALOGUE_TEXT.vendorRow}
        onKeyDown={moveAlongRow}
      >
        <button
          type="button"
          className={`btn btn-sm ${vendor === null ? 'btn-primary' : 'btn-outline-primary'}`}
          aria-pressed={vendor === null}
          tabIndex={vendor === null || otherChosen ? 0 : -1}
          onClick={() => setVendor(null)}
        >
          {`${CATALOGUE_TEXT.allVendors} (${total})`}
        </button>
        {vendors.map((v) => (
          <button
            key={v.vendor}
            type="button"
            className={`btn btn-sm ${vendor === v.vendor ? 'btn-primary' : 'btn-outline-primary'}${common.has(v.vendor) ? '' : ' d-md-none'}`}
            aria-pressed={vendor === v.vendor}
            tabIndex={vendor === v.vendor ? 0 : -1}
            onClick={() => setVendor(v.vendor)}
          >
            {`${v.vendor} (${v.count})`}
          </button>
        ))}
        {others.length > 0 && (
          <select
            className={`form-select form-select-sm w-auto d-none d-md-block${otherChosen ? ' border-primary' : ''}`}
            aria-label={CATALOGUE_TEXT.moreVendors}
            value={otherChosen ? vendor : ''}
            onChange={(e) => setVendor(e.target.value || null)}
          >
            <option value="">{`${CATALOGUE_TEXT.moreVendors} (${others.length})`}</option>
            {others.map((v) => (
              <option key={v.vendor} value={v.vendor}>
                {`${v.vendor} (${v.count})`}
              </option>
            ))}
          </select>
        )}
      </div>
    </div>
  );
}
