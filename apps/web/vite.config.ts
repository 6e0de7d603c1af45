import { reactRouter } from '@react-router/dev/vite';
import { defineConfig, type Rollup } from 'vite';

/**
 * How the browser's JavaScript is cut into files. The home page has a budget of 120 KB gzip for all the
 * scripts of its first render (scripts/quality.mjs checks it; docs/quality.md has the figures), and React,
 * React DOM and React Router alone take about 110 KB of it. So:
 * - the framework is one file, `vendor`;
 * - the code every page needs at once (the root route and everything it imports statically: navbar,
 *   footer, stores; and the page tags of lib/meta.ts) is one file, `shell`, rather than a dozen small ones
 *   that each compress worse;
 * - of the shared package, only the modules of the first paint join the shell (page-text.ts, not the
 *   whole message catalogue of text/*.ts; the policy's core, which decides the cards' Edit; dates.ts, the one
 *   way dates are written, which the cards' Retiring date uses); the rest is
 *   `texts`, and zod with the schemas is `schemas`,
 *   both loaded by the dialogs and pages that use them.
 * A module that Rollup puts in a named chunk brings its static imports along, so every module of the
 * shared package is named here: otherwise the shell would pull the whole package in through its index.
 */
const VENDOR = /\/node_modules\/(react|react-dom|scheduler|react-router)\//;
const ENTRY = /\/@react-router\/dev\/dist\/config\/defaults\/entry\.client\.tsx$/;
const SCHEMAS = /\/node_modules\/zod\//;
const SHARED = /\/packages\/shared\/src\/(.+)\.ts$/;
const SHARED_IN_SHELL = new Set(['page-text', 'first-paint-limits', 'enums', 'storage-keys', 'policy-core', 'dates']);

/**
 * Modules of the shared package that only code loaded later imports, each in a small file of its own: the notification
 * bell's texts and figures (member-nav.ts) and the badges' number (badge.ts) load with the bell, not with the `texts` file, on every page a member opens.
 * The home page's search (search.ts) and the domain names it matches (domains.ts) too: they load with the list's search code just after the first paint
 * (features/catalogue/catalogue-search.ts), the server having said which cards the address's search shows.
 * The footer's link texts (footer-text.ts) load with the footer.
 * (Left to Rollup, they would join `texts` through the package's index, which re-exports them.)
 */
const SHARED_APART = new Set(['member-nav', 'badge', 'search', 'domains', 'footer-text']);

function sharedChunk(module: string): string {
  if (SHARED_APART.has(module)) return module;
  if (module.startsWith('schemas/')) return 'schemas';
  return SHARED_IN_SHELL.has(module) ? 'shell' : 'texts';
}

/** The app's own modules that the root route imports statically, directly or not, and the page tags every route uses. */
function shellModules(getModuleIds: () => IterableIterator<string>, getModuleInfo: Rollup.GetModuleInfo) {
  const shell = new Set<string>();
  const queue = [...getModuleIds()].filter((id) => id.endsWith('/app/root.tsx') || id.endsWith('/app/lib/meta.ts'));
  for (let id = queue.pop(); id !== undefined; id = queue.pop()) {
    if (shell.has(id) || id.startsWith('\0') || id.includes('/node_modules/') || SHARED.test(id)) continue;
    shell.add(id);
    queue.push(...(getModuleInfo(id)?.importedIds ?? []));
  }
  return shell;
}

// One graph walk per build: the module graph is complete when Rollup starts asking.
const shells = new WeakMap<Rollup.GetModuleInfo, Set<string>>();

const manualChunks: Rollup.GetManualChunk = (id, { getModuleIds, getModuleInfo }) => {
  if (VENDOR.test(id) || ENTRY.test(id)) return 'vendor';
  if (SCHEMAS.test(id)) return 'schemas';
  const shared = SHARED.exec(id);
  if (shared) return sharedChunk(shared[1]!);
  let shell = shells.get(getModuleInfo);
  if (!shell) shells.set(getModuleInfo, (shell = shellModules(getModuleIds, getModuleInfo)));
  if (shell.has(id) && !id.endsWith('.css')) return 'shell';
  return undefined;
};

export default defineConfig(({ mode }) => ({
  plugins: [reactRouter()],
  // The API answers' schema check (app/globals.d.ts): on in development, a literal false in the production build.
  define: { __CHECK_ANSWERS__: JSON.stringify(mode !== 'production') },
  // Terser with two passes writes about 3% less than esbuild's minifier (decision 0012, "Later").
  build: {
    target: 'es2022',
    assetsInlineLimit: 0,
    minify: 'terser',
    terserOptions: { compress: { passes: 3 }, format: { comments: false } },
  },
  environments: {
    // The server's render is not sent anywhere: minifying it would only lengthen the build.
    ssr: { build: { minify: false } },
    client: {
      build: {
        rollupOptions: {
          output: {
            manualChunks,
            // Seven characters of hash (42 bits) tell a hundred files apart as well as eight, and every file name is
            // written in the scripts that load it.
            entryFileNames: 'assets/[name]-[hash:7].js',
            chunkFileNames: 'assets/[name]-[hash:7].js',
            assetFileNames: 'assets/[name]-[hash:7][extname]',
          },
        },
      },
    },
  },
  // The server's render bundles its packages, so that a start loads a few files instead of hundreds; React and React
  // Router aside (the server shares them), and elkjs (3 MB, loaded only when a paths map is laid out).
  ssr: { noExternal: [/^(?!(react|react-dom|react-router|@react-router\/node|scheduler|elkjs)(\/|$))/] },
  css: { devSourcemap: true },
}));
