import { index, route, type RouteConfig } from '@react-router/dev/routes';

/** The route table (docs/product.md#routes). */
export default [
  index('routes/home.tsx'),
  route('articles', 'routes/articles.tsx'),
  route('articles/:slug', 'routes/article.tsx'),
  route('about', 'routes/about.tsx'),
  route('admin', 'routes/admin.tsx'),
  route('profile', 'routes/profile.tsx'),
  route('privacy', 'routes/privacy.tsx'),
  route('terms', 'routes/terms.tsx'),
  route('cookies', 'routes/cookies.tsx'),
  route('certification/:id?', 'routes/certification.tsx'),
  route('verify-email', 'routes/verify-email.tsx'),
  route('reset-password', 'routes/reset-password.tsx'),
  route('auth/callback', 'routes/auth-callback.tsx'),
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig;
