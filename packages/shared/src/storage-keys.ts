/** What the web app keeps in localStorage (docs/product.md#stored-in-the-browser). */
export const STORAGE_KEYS = {
  accessToken: 'accessToken',
  refreshToken: 'refreshToken',
  user: 'user',
  theme: 'theme',
  welcomeShown: 'welcomeShown',
  visited: 'visited',
  supportBannerDismissed: 'supportBannerDismissed',
  compareTray: 'compareTray',
} as const;
