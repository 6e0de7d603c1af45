/**
 * What the 404 screen says under its title (docs/product.md#error-screens); its title and buttons are ERROR_PAGE_TEXT of
 * page-text.ts. Kept apart so that it loads with the screen, which every page's first scripts do without.
 */
export const NOT_FOUND_SCREEN_TEXT = 'The page you are looking for does not exist or has moved.';
