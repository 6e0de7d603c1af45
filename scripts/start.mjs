// `npm start`: build what is not built, then run the server (it migrates and seeds on its own).
import { spawnSync } from 'node:child_process';

const MIN_NODE_MAJOR = 22; // apps/server/src/node-version.ts
if (Number(process.versions.node.split('.')[0]) < MIN_NODE_MAJOR) {
  console.error(
    `Certitude needs Node.js ${MIN_NODE_MAJOR} or newer (24 LTS recommended); this is Node.js ${process.versions.node}.`,
  );
  process.exit(1);
}
const { buildNeeded, ROOT } = await import('./build-state.mjs');

const reason = buildNeeded();
if (reason) {
  console.log(`Building Certitude (${reason})...`);
  const result = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
await import('../apps/server/dist/server.js');
