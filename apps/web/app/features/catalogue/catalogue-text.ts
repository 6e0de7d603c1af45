/**
 * The home listing's own texts (docs/product.md#home-listing): the search row, the grid, the cards' ratings line and
 * the server-made filter form. The listing's texts that other pages share are LISTING_TEXT of page-text.ts. Only the
 * home page's code uses this file, so it stays in that page's script, where the minifier writes its texts in place.
 */
export const CATALOGUE_TEXT = {
  loadMore: 'Load more certifications',
  grid: 'Certifications',
  search: 'Catalogue',
  searchBox: 'Search certifications',
  clearSearchBox: 'Clear search box',
  vendorRow: 'Filter by vendor',
  /** The vendor buttons' first, 'All (243)', and the menu of the others, 'More vendors (12)'. */
  allVendors: 'All',
  moreVendors: 'More vendors',
  /** The means of a card's ratings: 'Difficulty 3.2 · Value 4.0 · Recognition 3.9'. */
  difficulty: 'Difficulty',
  value: 'Value',
  recognition: 'Recognition',
  filters: 'Filter and sort',
  sortBy: 'Sort by',
  level: 'Level',
  anyLevel: 'Any level',
  domain: 'Domain',
  anyDomain: 'Any domain',
  maxCost: 'Exam cost up to (US$)',
  costKnown: (known: number, total: number) => `Cost known for ${known} of ${total}`,
  includeRetired: 'Include retired',
  apply: 'Apply',
  clearFilters: 'Clear filters',
} as const;
