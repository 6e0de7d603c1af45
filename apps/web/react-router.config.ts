import type { Config } from '@react-router/dev/config';

export default {
  appDirectory: 'app',
  buildDirectory: 'build',
  ssr: true,
  future: {
    // A route's client loader stays in its route's file: split apart, the home page's first scripts gained a file of
    // their own for a few lines (docs/decisions/0012-home-page-javascript-budget.md).
    v8_splitRouteModules: false,
    v8_viteEnvironmentApi: true,
    v8_trailingSlashAwareDataRequests: true,
  },
} satisfies Config;
