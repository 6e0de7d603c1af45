import { index, route, type RouteConfig } from '@react-router/dev/routes';

/** The route table (docs/product.md#routes). */
export default [
  index('routes/home.tsx'),
  route('articles', 'routes/articles.tsx'),
  route('articles/:slug', 'routes/article.tsx'),
  route('about', 'routes/about.tsx'),
  route('admin', 'routes/admin.tsx'),
  route('profile', 'routes/profile.tsx'),
  route('notifications', 'routes/notifications.tsx'),
  route('u/:username', 'routes/public-profile.tsx'),
  route('unsubscribe', 'routes/unsubscribe.tsx'),
  route('privacy', 'routes/privacy.tsx'),
  route('terms', 'routes/terms.tsx'),
  route('cookies', 'routes/cookies.tsx'),
  route('certification/:id/history', 'routes/certification-history.tsx'),
  route('certification/:id?', 'routes/certification.tsx'),
  route('compare', 'routes/compare.tsx'),
  route('search', 'routes/search.tsx'),
  route('paths', 'routes/paths.tsx'),
  route('paths/:domain', 'routes/path-map.tsx'),
  route('moderation-log', 'routes/moderation-log.tsx'),
  route('data', 'routes/open-data.tsx'),
  route('verify-email', 'routes/verify-email.tsx'),
  route('reset-password', 'routes/reset-password.tsx'),
  route('auth/callback', 'routes/auth-callback.tsx'),
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig;
