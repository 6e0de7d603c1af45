import { PRODUCT_NAME } from '@certitude/shared';

/** The support banner's words: only the banner, in the first render of every page, uses them. */
export const SUPPORT_BANNER_TEXT = {
  label: 'Support',
  sentence: `${PRODUCT_NAME} is free, with no ads and no tracking. If it helped you choose or pass a certification,`,
  link: `support ${PRODUCT_NAME}`,
  newTab: ' (opens in a new tab)',
  dismiss: 'Dismiss support banner',
} as const;
