import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** apps/server, found from this module whether it runs from src/ (tsx, tests) or from the dist/ bundle. */
function findServerRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 5; i++) {
    if (existsSync(join(dir, 'package.json')) && existsSync(join(dir, 'drizzle.config.ts'))) return dir;
    dir = dirname(dir);
  }
  throw new Error('Cannot locate apps/server from ' + import.meta.url);
}

export const SERVER_ROOT = findServerRoot();
const REPO_ROOT = resolve(SERVER_ROOT, '..', '..');
export const WEB_ROOT = join(REPO_ROOT, 'apps', 'web');
export const WEB_BUILD_DIR = join(WEB_ROOT, 'build');
