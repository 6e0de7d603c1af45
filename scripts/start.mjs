// `npm start`: build what is not built, then run the server (it migrates and seeds on its own).
import { spawnSync } from 'node:child_process';
import { refuseOldNode } from './node-version.mjs';

refuseOldNode();
const { buildNeeded, ROOT } = await import('./build-state.mjs');

const reason = buildNeeded();
if (reason) {
  console.log(`Building Certitude (${reason})...`);
  const result = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
await import('../apps/server/dist/server.js');
