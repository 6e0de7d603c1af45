// Bundles the server and the operator command line into dist/, with the shared package inlined and every
// npm dependency left external; copies the migrations beside the bundle.
import { cpSync, readFileSync, rmSync } from 'node:fs';
import { build } from 'esbuild';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = [...Object.keys(pkg.dependencies ?? {}), 'vite', 'pino-pretty'];

rmSync('dist', { recursive: true, force: true });
await build({
  // dist/server.js is the small entry that may start the server again with the memory flags (src/launch.ts).
  entryPoints: { server: 'src/launch.ts', 'server-main': 'src/server.ts', cli: 'src/cli.ts' },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node22',
  sourcemap: true,
  external,
  logLevel: 'warning',
});
cpSync('src/db/migrations', 'dist/migrations', { recursive: true });
console.log('server built into apps/server/dist');
