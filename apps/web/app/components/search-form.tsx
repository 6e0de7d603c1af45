import { SEARCH_BOX_TEXT, SEARCH_QUERY_MAX } from '@certitude/shared';

/**
 * A search box that leads to /search?q= (docs/product.md#search): a plain GET form, the same with or without the
 * page's script, and none of it in the first scripts of every page.
 */
export function SearchForm({
  initial = '',
  size,
  landmark,
}: {
  initial?: string;
  size?: 'lg';
  /** The name of the search landmark: each on a page has its own. */
  landmark: string;
}) {
  const large = size === 'lg';
  return (
    <form action="/search" method="get" role="search" aria-label={landmark} className="d-flex gap-2">
      <input
        type="search"
        name="q"
        className={large ? 'form-control form-control-lg' : 'form-control form-control-sm'}
        defaultValue={initial}
        maxLength={SEARCH_QUERY_MAX}
        placeholder={SEARCH_BOX_TEXT.label}
        aria-label={SEARCH_BOX_TEXT.label}
        key={initial}
      />
      <button type="submit" className={large ? 'btn btn-primary' : 'btn btn-outline-primary btn-sm'}>
        {SEARCH_BOX_TEXT.button}
      </button>
    </form>
  );
}
