// Knows whether the built server and web app are older than their sources, so `npm start` builds only when needed.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('..', import.meta.url));

const COMMON = ['packages/shared/src', 'package-lock.json'];
/** What each part builds, and what it is built from. */
const PARTS = {
  web: {
    outputs: ['apps/web/build/server/index.js'],
    sources: [
      'apps/web/app',
      'apps/web/public',
      'apps/web/vite.config.ts',
      'apps/web/react-router.config.ts',
      ...COMMON,
    ],
  },
  server: {
    outputs: ['apps/server/dist/server.js', 'apps/server/dist/server-main.js', 'apps/server/dist/cli.js'],
    sources: ['apps/server/src', 'apps/server/build.mjs', ...COMMON],
  },
};

function newest(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let max = stat.mtimeMs;
  for (const entry of readdirSync(path)) max = Math.max(max, newest(join(path, entry)));
  return max;
}

function partNeeded({ outputs, sources }) {
  const paths = outputs.map((p) => join(ROOT, p));
  const missing = paths.find((p) => !existsSync(p));
  if (missing) return `${missing} is missing`;
  const builtAt = Math.min(...paths.map((p) => statSync(p).mtimeMs));
  const source = sources.find((p) => newest(join(ROOT, p)) > builtAt);
  return source ? `${source} changed since the last build` : null;
}

/**
 * Why a build is needed, or null when the build is present and newer than every source: of the whole product, or
 * of the server alone (`'server'`: its bundle and the operator command line).
 */
export function buildNeeded(part) {
  const parts = part ? [PARTS[part]] : Object.values(PARTS);
  for (const p of parts) {
    const reason = partNeeded(p);
    if (reason) return reason;
  }
  return null;
}
