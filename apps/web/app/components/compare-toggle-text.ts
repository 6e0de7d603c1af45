/**
 * The Compare toggle's text, also the start of its name for a screen reader ('Compare AWS Certified Developer')
 * (docs/product.md#comparison). Only the toggle uses this file, so it stays in the script of the cards, where the
 * minifier writes it in place; the comparison's other texts are COMPARE_TEXT of packages/shared/src/text/compare.ts,
 * which loads later.
 */
export const COMPARE_TOGGLE_TEXT = 'Compare';
