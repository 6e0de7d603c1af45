import { SEARCH_BOX_TEXT, SEARCH_QUERY_MAX } from '@certitude/shared';
import { useNavigate } from 'react-router';

/**
 * A search box that leads to /search?q= (docs/product.md#search): a plain GET form, so it works before the page's
 * script has loaded and without it; once it has, the search opens without reloading the page.
 */
export function SearchForm({
  initial = '',
  size,
  landmark,
  onSearch,
}: {
  initial?: string;
  size?: 'lg';
  /** The name of the search landmark: each on a page has its own. */
  landmark: string;
  onSearch?: () => void;
}) {
  const navigate = useNavigate();
  const large = size === 'lg';
  return (
    <form
      action="/search"
      method="get"
      role="search"
      aria-label={landmark}
      className="d-flex gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        const q = new FormData(e.currentTarget).get('q');
        onSearch?.();
        void navigate(`/search?q=${encodeURIComponent(String(q ?? '').trim())}`);
      }}
    >
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
