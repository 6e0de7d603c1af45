/** The locally stored items of spec §3. */
export const STORAGE_KEYS = {
  accessToken: 'accessToken',
  refreshToken: 'refreshToken',
  user: 'user',
  theme: 'theme',
  welcomeShown: 'welcomeShown',
  visited: 'visited',
  supportBannerDismissed: 'supportBannerDismissed',
} as const;
