import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { MIN_NODE_MAJOR, nodeVersionProblem } from './node-version.js';

const START = fileURLToPath(new URL('../../../scripts/start.mjs', import.meta.url));

describe('the Node.js version', () => {
  it('22 and 24 start; older ones get one line naming what is needed and what runs', () => {
    expect(nodeVersionProblem('24.11.0')).toBeUndefined();
    expect(nodeVersionProblem('22.12.0')).toBeUndefined();
    expect(nodeVersionProblem('20.19.5')).toBe(
      'Certitude needs Node.js 22 or newer (24 LTS recommended); this is Node.js 20.19.5.',
    );
    expect(nodeVersionProblem('18.0.0')).toMatch(/^Certitude needs Node\.js 22 or newer/);
  });

  it.runIf(Number(process.versions.node.split('.')[0]) < MIN_NODE_MAJOR)(
    'npm start on this older Node.js prints that line and exits 1, before building anything',
    () => {
      const run = spawnSync(process.execPath, [START], { encoding: 'utf8', timeout: 30_000 });
      expect(run.status).toBe(1);
      expect(run.stdout).toBe('');
      expect(run.stderr).toBe(`${nodeVersionProblem()}\n`);
    },
  );
});
