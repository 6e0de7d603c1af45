import { LISTING_TEXT, type User } from '@certitude/shared';
import { Link } from 'react-router';

/** The title with Compare and Submit (members), the address's filter problem, and the server-made filter and sort form. */
export function CatalogueHeader({
  user,
  onSubmit,
  problem,
  filtersHtml,
  onFilters,
}: {
  user: User | null;
  onSubmit(): void;
  problem?: string | null;
  filtersHtml?: string;
  onFilters(form: HTMLFormElement): void;
}) {
  return (
    <>
      <div className="d-flex flex-wrap justify-content-between align-items-center gap-2 mb-3">
        <h1 className="h2 mb-0">{LISTING_TEXT.homeTitle}</h1>
        <div className="d-flex flex-wrap gap-2">
          <Link to="/compare" className="btn btn-outline-primary">
            {LISTING_TEXT.compare}
          </Link>
          {user && (
            <button type="button" className="btn btn-primary" onClick={onSubmit}>
              {LISTING_TEXT.submitCertification}
            </button>
          )}
        </div>
      </div>
      {problem && (
        <p className="alert alert-warning py-2" role="alert">
          {problem}
        </p>
      )}
      {filtersHtml && (
        <div
          onSubmit={(e) => {
            e.preventDefault();
            onFilters(e.target as HTMLFormElement);
          }}
          dangerouslySetInnerHTML={{ __html: filtersHtml }}
        />
      )}
    </>
  );
}
