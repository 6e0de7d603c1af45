// Knows whether the built server and web app are older than their sources, so `npm start` builds only when needed.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('..', import.meta.url));

const OUTPUTS = [
  'apps/web/build/server/index.js',
  'apps/server/dist/server.js',
  'apps/server/dist/server-main.js',
  'apps/server/dist/cli.js',
];
const SOURCES = [
  'apps/web/app',
  'apps/web/public',
  'apps/web/vite.config.ts',
  'apps/web/react-router.config.ts',
  'apps/server/src',
  'apps/server/build.mjs',
  'packages/shared/src',
  'package-lock.json',
];

function newest(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let max = stat.mtimeMs;
  for (const entry of readdirSync(path)) max = Math.max(max, newest(join(path, entry)));
  return max;
}

/** Why a build is needed, or null when the build is present and newer than every source. */
export function buildNeeded() {
  const outputs = OUTPUTS.map((p) => join(ROOT, p));
  const missing = outputs.find((p) => !existsSync(p));
  if (missing) return `${missing} is missing`;
  const builtAt = Math.min(...outputs.map((p) => statSync(p).mtimeMs));
  const source = SOURCES.find((p) => newest(join(ROOT, p)) > builtAt);
  return source ? `${source} changed since the last build` : null;
}
