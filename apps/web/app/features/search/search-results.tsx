import { SEARCH_TEXT, type Certification } from '@certitude/shared';
import { Link } from 'react-router';

/** The ranked answers of a search: name, vendor and exam code, best first; retired ones say so. */
export function SearchResults({ q, results }: { q: string; results: Certification[] }) {
  return (
    <>
      <p className="text-body-secondary mt-3" role="status">
        {SEARCH_TEXT.results(results.length, q)}
      </p>
      <ol className="list-group list-group-numbered" data-testid="search-results">
        {results.map((c) => (
          <li key={c.id} className="list-group-item d-flex gap-2 align-items-start">
            <div className="ms-1">
              <Link to={`/certification/${c.slug}`} className="fw-semibold">
                {c.name}
              </Link>
              <div className="small text-body-secondary">
                {c.vendor}
                {c.certCode ? ` · ${c.certCode}` : ''}
                {c.lifecycle === 'RETIRED' && (
                  <span className="badge text-bg-secondary ms-2">{SEARCH_TEXT.retired}</span>
                )}
              </div>
            </div>
          </li>
        ))}
      </ol>
    </>
  );
}
