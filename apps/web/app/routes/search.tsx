import { LISTING_TEXT, MSG, SEARCH_QUERY_MAX, SEARCH_TEXT, suggestSearch } from '@certitude/shared';
import { data, Link } from 'react-router';
import { SearchForm } from '../components/search-form';
import { SearchResults } from '../features/search/search-results';
import { pageMeta } from '../lib/meta';
import type { Route } from './+types/search';

/** Control characters are spaces to a search, as the API's search text rule reads them. */
const readQuery = (raw: string | null) => (raw ?? '').replace(/\p{Cc}/gu, ' ').trim();

export async function loader({ request, context }: Route.LoaderArgs) {
  const q = readQuery(new URL(request.url).searchParams.get('q'));
  const base = { publicUrl: context.publicUrl, q, results: [], suggestion: null, problem: null };
  if (q.length > SEARCH_QUERY_MAX) return data({ ...base, problem: MSG.searchTooLong }, { status: 400 });
  if (q === '') return base;
  const results = await context.data.searchCertifications(q);
  const suggestion = results.length === 0 ? suggestSearch(q, await context.data.listCertifications()) : null;
  return { ...base, results, suggestion };
}

export const meta: Route.MetaFunction = ({ data: d }) => {
  const tags = pageMeta({
    title: d?.q ? `${d.q} | ${SEARCH_TEXT.title}` : SEARCH_TEXT.title,
    description: SEARCH_TEXT.description,
    url: `${d?.publicUrl ?? ''}/search${d?.q ? `?q=${encodeURIComponent(d.q)}` : ''}`,
  });
  // A search's answers change with the catalogue: people share them, search engines need not keep them.
  return [...tags, { name: 'robots', content: 'noindex, follow' }];
};

/** /search?q=: the ranked search, rendered on the server (docs/product.md#search). */
export default function Search({ loaderData }: Route.ComponentProps) {
  const { q, results, suggestion, problem } = loaderData;
  return (
    <div className="container py-4" style={{ maxWidth: '56rem' }}>
      <h1 className="h2 mb-3">{SEARCH_TEXT.title}</h1>
      <SearchForm initial={q} size="lg" landmark={SEARCH_TEXT.again} />
      {problem ? (
        <p className="alert alert-warning mt-3" role="alert">
          {problem}
        </p>
      ) : q === '' ? (
        <p className="text-body-secondary mt-3">{SEARCH_TEXT.prompt}</p>
      ) : results.length > 0 ? (
        <SearchResults q={q} results={results} />
      ) : (
        <div className="text-center py-5" role="status">
          <h2 className="h4">{LISTING_TEXT.noCertificationsFound}</h2>
          <p className="text-body-secondary">{SEARCH_TEXT.nothingFor(q)}</p>
          {suggestion && (
            <p>
              {SEARCH_TEXT.didYouMean}{' '}
              <Link to={`/search?q=${encodeURIComponent(suggestion)}`} className="fw-semibold">
                {suggestion}
              </Link>
              ?
            </p>
          )}
          <div className="d-flex gap-2 justify-content-center">
            <Link to="/search" className="btn btn-outline-secondary">
              {LISTING_TEXT.clearSearch}
            </Link>
            <Link to="/" className="btn btn-outline-primary">
              {SEARCH_TEXT.showAll}
            </Link>
          </div>
        </div>
      )}
    </div>
  );
}
