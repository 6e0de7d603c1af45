/**
 * What the home page says under 'No Certifications Available' (docs/product.md#home-listing). Kept apart so that it
 * loads with that rare screen's own script and nothing else.
 */
export const NO_CERTIFICATIONS_TEXT = 'Be the first to add one for the community.';
