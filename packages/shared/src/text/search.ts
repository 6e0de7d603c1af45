/** The search page (docs/product.md#search). */
export const SEARCH_TEXT = {
  title: 'Search',
  again: 'Search again',
  description: 'Search the certification catalogue by name, exam code, vendor or nickname.',
  prompt: 'Type a name, an exam code (az104, SY0-701), a vendor or a nickname (Sec+).',
  results: (n: number, q: string) => `${n} ${n === 1 ? 'certification' : 'certifications'} for “${q}”`,
  nothingFor: (q: string) => `Nothing matches “${q}”.`,
  didYouMean: 'Did you mean',
  /** Under 'No Certifications Found' on the home page. */
  noMatch: 'No certification matches your search and filter.',
  showAll: 'Show all certifications',
  retired: 'Retired',
} as const;
