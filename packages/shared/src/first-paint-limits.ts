/**
 * The figures the first paint of every page reads (docs/product.md#limits-and-timings), apart from limits.ts so
 * that the home page's first scripts do not carry every limit of the product (docs/decisions/0012).
 */
export const REQUEST_TIMEOUT_MS = 15_000;
export const WELCOME_POPUP_DELAY_MS = 1000;
export const META_DESCRIPTION_MAX = 155;
export const FOOTER_SCROLL_Y = 400;
/** The longest search (the navbar's search box holds no more). */
export const SEARCH_QUERY_MAX = 100;
