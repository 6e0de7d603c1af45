// `npm run certitude -- <command>`: the operator command line, built first if needed.
import { spawnSync } from 'node:child_process';
import { buildNeeded, ROOT } from './build-state.mjs';

if (buildNeeded()) {
  const result = spawnSync('npm', ['run', 'build', '--silent'], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
await import('../apps/server/dist/cli.js');
