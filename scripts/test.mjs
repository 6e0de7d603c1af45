// `npm test`: the whole suite. Unit and integration tests (shared, server, web), then the end-to-end
// tests over the built server in a real Chromium. Without Chromium the browser tests are skipped, loudly;
// with REQUIRE_BROWSER=1 (CI) a missing Chromium fails the run.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { buildNeeded, ROOT } from './build-state.mjs';
import chromium from './chromium.json' with { type: 'json' };
import { refuseOldNode } from './node-version.mjs';

// The browser tests start the built server, which refuses an older Node.js: say so once, up front.
refuseOldNode();

const chrome = process.env.CHROME_PATH ?? chromium.path;
const hasChromium = existsSync(chrome);
const projects = (process.env.TEST_PROJECTS ?? 'shared,server,web,e2e').split(',');
const extraArgs = process.argv.slice(2);

if (projects.includes('e2e')) {
  if (!hasChromium) {
    const line = '!'.repeat(78);
    console.warn(
      `${line}\n! No Chromium at ${chrome}: the browser tests are SKIPPED.\n! Install it (apt-get install chromium) or set CHROME_PATH.\n${line}`,
    );
    if (process.env.REQUIRE_BROWSER === '1') {
      console.error('REQUIRE_BROWSER=1: failing because the browser tests cannot run.');
      process.exit(1);
    }
  }
  const reason = buildNeeded();
  if (reason) {
    console.log(`Building for the end-to-end tests (${reason})...`);
    const build = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
    if (build.status !== 0) process.exit(build.status ?? 1);
  }
}

mkdirSync(join(ROOT, 'test-results'), { recursive: true });
const report = join(ROOT, 'test-results', 'vitest.json');
const args = [
  'vitest',
  'run',
  ...projects.flatMap((p) => ['--project', p]),
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${report}`,
  ...extraArgs,
];
const result = spawnSync('npx', args, {
  cwd: ROOT,
  stdio: 'inherit',
  env: { ...process.env, FORCE_COLOR: process.env.CI ? '0' : '1' },
});

let summary = '';
/** One line per failed test (file, name, the first line of its error), so a run's last lines say what failed. */
const failedLines = [];
try {
  const r = JSON.parse(readFileSync(report, 'utf8'));
  const skipped = (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
  summary = `tests: ${r.numPassedTests} passed, ${r.numFailedTests} failed, ${skipped} skipped`;
  for (const file of r.testResults ?? []) {
    const where = relative(ROOT, file.name ?? '');
    const failed = (file.assertionResults ?? []).filter((t) => t.status === 'failed');
    for (const t of failed) {
      const first =
        String(t.failureMessages?.[0] ?? '')
          .split('\n')
          .find((l) => l.trim()) ?? '';
      failedLines.push(`failed: ${where} > ${t.fullName}: ${first.trim().slice(0, 300)}`);
    }
    // A file that failed before any test ran (a hook, an import) has no failed test of its own.
    if (file.status === 'failed' && failed.length === 0) {
      failedLines.push(
        `failed: ${where}: ${String(file.message ?? '')
          .split('\n')[0]
          .slice(0, 300)}`,
      );
    }
  }
} catch {
  summary = 'tests: 0 passed, 1 failed';
}
console.log(
  `\nDatabase: ${process.env.TEST_DATABASE_URL ? 'PostgreSQL (TEST_DATABASE_URL)' : 'PGlite'}; browser: ${hasChromium ? chrome : 'none (skipped)'}`,
);
for (const line of failedLines) console.log(line);
console.log(summary);
process.exit(result.status ?? 1);
