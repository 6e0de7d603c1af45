import { LISTING_TEXT, SEARCH_TEXT, suggestSearch } from '@certitude/shared';
import { useMemo } from 'react';
import type { ListedCertification } from './listed-certification';

/**
 * Nothing matches the search and vendor (docs/product.md#search): what was searched, the nearest search that finds
 * something, and a way out of each. Loaded only once a search has found nothing.
 */
export default function NoMatch({
  query,
  certifications,
  onSearch,
  onClearSearch,
  onAllVendors,
}: {
  query: string;
  certifications: readonly ListedCertification[];
  onSearch(q: string): void;
  onClearSearch(): void;
  onAllVendors(): void;
}) {
  const q = query.trim();
  const suggestion = useMemo(() => (q ? suggestSearch(q, certifications) : null), [q, certifications]);
  return (
    <div className="text-center py-5">
      <h2 className="h4">{LISTING_TEXT.noCertificationsFound}</h2>
      <p className="text-body-secondary">{SEARCH_TEXT.noMatch}</p>
      {q && (
        <p className="text-body-secondary" data-testid="did-you-mean">
          {SEARCH_TEXT.nothingFor(q)}
          {suggestion && (
            <>
              {' '}
              {SEARCH_TEXT.didYouMean}{' '}
              <button
                type="button"
                className="btn btn-link p-0 align-baseline fw-semibold"
                onClick={() => onSearch(suggestion)}
              >
                {suggestion}
              </button>
              ?
            </>
          )}
        </p>
      )}
      <div className="d-flex justify-content-center gap-2">
        <button type="button" className="btn btn-outline-primary" onClick={onClearSearch}>
          {LISTING_TEXT.clearSearch}
        </button>
        <button type="button" className="btn btn-outline-primary" onClick={onAllVendors}>
          {LISTING_TEXT.showAllVendors}
        </button>
      </div>
    </div>
  );
}
