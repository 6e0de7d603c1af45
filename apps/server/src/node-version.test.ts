import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { MIN_NODE_MAJOR, nodeVersionProblem } from './node-version.js';

const START = fileURLToPath(new URL('../../../scripts/start.mjs', import.meta.url));
const TEST = fileURLToPath(new URL('../../../scripts/test.mjs', import.meta.url));

describe('the Node.js version', () => {
  it('22 and 24 start; older ones get one line naming what is needed and what runs', () => {
    expect(nodeVersionProblem('24.11.0')).toBeUndefined();
    expect(nodeVersionProblem('22.12.0')).toBeUndefined();
    expect(nodeVersionProblem('20.19.5')).toBe(
      'Certitude needs Node.js 22 or newer (24 LTS recommended); this is Node.js 20.19.5.',
    );
    expect(nodeVersionProblem('18.0.0')).toMatch(/^Certitude needs Node\.js 22 or newer/);
  });

  // An older Node.js to try the commands with: the one running the tests, else the system's (Debian's is 20 on
  // the machines this project runs CI on).
  const olderNode = [process.execPath, '/usr/bin/node'].find((bin) => {
    const run = spawnSync(bin, ['-p', 'process.versions.node'], { encoding: 'utf8' });
    return run.status === 0 && Number(run.stdout.split('.')[0]) < MIN_NODE_MAJOR;
  });

  it.runIf(olderNode)(
    'npm start and npm test on an older Node.js print that line and exit 1, before building or testing anything',
    () => {
      for (const script of [START, TEST]) {
        const run = spawnSync(olderNode!, [script], { encoding: 'utf8', timeout: 30_000 });
        const version = spawnSync(olderNode!, ['-p', 'process.versions.node'], { encoding: 'utf8' }).stdout.trim();
        expect(run.status, script).toBe(1);
        expect(run.stdout, script).toBe('');
        expect(run.stderr, script).toBe(`${nodeVersionProblem(version)}\n`);
      }
    },
  );
});
