// Bundles the server and the operator command line into dist/, with the shared package and the npm packages
// inlined: a start then reads a handful of files instead of several hundred, which took most of its second
// (docs/performance.md, section 5, "Start-up"). The code the entries share goes to chunks beside them, so that
// `import.meta.url` is dist/ for every module (the migrations, copied beside the bundle, are found from it).
import { cpSync, rmSync } from 'node:fs';
import { build } from 'esbuild';

/** Loaded from node_modules at run time: files of their own beside the code, or one instance shared with the web build. */
const external = [
  '@electric-sql/pglite', // its WebAssembly and data files
  '@node-rs/argon2', // a native addon
  '@fastify/swagger-ui', // the static files of the API's reference page
  'react-router', // the web app's server build imports it too: one instance for both
  'pino', // its transports start workers from their own files
  'pg-native', // an optional addon of pg, not installed
  'vite', // development only
  'pino-pretty', // development only
];

rmSync('dist', { recursive: true, force: true });
await build({
  // dist/server.js is the small entry that may start the server again with the memory flags (src/launch.ts).
  entryPoints: { server: 'src/launch.ts', 'server-main': 'src/server.ts', cli: 'src/cli.ts' },
  outdir: 'dist',
  bundle: true,
  splitting: true,
  chunkNames: '[name]-[hash]',
  platform: 'node',
  format: 'esm',
  target: 'node22',
  sourcemap: true,
  external,
  // Bundled CommonJS packages call require(); an ES module has none of its own.
  banner: {
    js: "import { createRequire as __certitudeRequire } from 'node:module'; const require = __certitudeRequire(import.meta.url);",
  },
  logLevel: 'warning',
});
cpSync('src/db/migrations', 'dist/migrations', { recursive: true });
console.log('server built into apps/server/dist');
