/**
 * The home page's list address (docs/product.md#home-listing): no empty parameter, and not the default sort. The one
 * rule for both ways of applying the filters: Apply in the browser (`filtersHref`), and the form sent without
 * JavaScript, which the page's loader sends on to the clean address (`cleanListParams`).
 */
export function cleanListParams(entries: Iterable<[string, string]>): URLSearchParams {
  const params = new URLSearchParams();
  for (const [name, value] of entries) {
    if (value !== '' && !(name === 'sort' && value === 'best')) params.append(name, value);
  }
  return params;
}

/** The home page's address with these parameters. */
export function listHref(params: URLSearchParams): string {
  return params.size ? `/?${params}` : '/';
}

/** The address the home page's Apply goes to: the search text and the vendor kept, then the form's choices. Loaded on Apply, not with the page. */
export function filtersHref(form: HTMLFormElement, query: string, vendor: string | null): string {
  const entries: [string, string][] = [
    ['q', query.trim()],
    ['vendor', vendor ?? ''],
  ];
  for (const [name, value] of new FormData(form)) {
    if (name !== 'q' && name !== 'vendor') entries.push([name, String(value)]);
  }
  return listHref(cleanListParams(entries));
}
