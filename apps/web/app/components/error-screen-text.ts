/**
 * What the error screen says under its title (docs/product.md#error-screens); its title and buttons are ERROR_PAGE_TEXT
 * of page-text.ts. Kept apart so that it loads with the screen, which every page's first scripts do without.
 */
export const ERROR_SCREEN_TEXT = 'An unexpected error occurred while showing this page.';
