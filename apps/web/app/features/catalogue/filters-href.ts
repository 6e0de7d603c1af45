/**
 * The address the home page's Apply goes to: the search text and the vendor kept, then the form's choices; no empty
 * parameter, and not the default sort. Loaded on Apply, not with the page.
 */
export function filtersHref(form: HTMLFormElement, query: string, vendor: string | null): string {
  const params = new URLSearchParams();
  if (query.trim()) params.set('q', query.trim());
  if (vendor) params.set('vendor', vendor);
  for (const [name, value] of new FormData(form)) {
    if (value !== '' && name !== 'q' && name !== 'vendor' && !(name === 'sort' && value === 'best')) {
      params.set(name, String(value));
    }
  }
  return params.size ? `/?${params}` : '/';
}
