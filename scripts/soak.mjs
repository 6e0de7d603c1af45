// `node scripts/soak.mjs [runs] [-- vitest filters]`: runs the browser tests again and again, each time in
// another shuffled file order (a new seed per run), and prints one line per run: the seed, the order of the
// files, the outcome and the time. A suite that passes once may still depend on the order of its files or on
// timing; this is how to find out (docs/testing.md). Needs a build, as `npm run test:e2e` does.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { ROOT } from './build-state.mjs';

const args = process.argv.slice(2);
const dash = args.indexOf('--');
const runs = Number(dash === 0 ? 5 : (args[0] ?? 5));
const filters = dash >= 0 ? args.slice(dash + 1) : [];
if (!Number.isInteger(runs) || runs < 1) throw new Error('runs: a whole number, 1 or more');

mkdirSync(join(ROOT, 'test-results'), { recursive: true });
const results = [];
for (let i = 1; i <= runs; i++) {
  const seed = Math.floor(Math.random() * 1_000_000);
  const report = join(ROOT, 'test-results', `soak-${i}.json`);
  const started = Date.now();
  const run = spawnSync(
    'npx',
    [
      'vitest',
      'run',
      '--project',
      'e2e',
      '--sequence.shuffle.files',
      `--sequence.seed=${seed}`,
      '--reporter=dot',
      '--reporter=json',
      `--outputFile.json=${report}`,
      ...filters,
    ],
    { cwd: ROOT, stdio: ['ignore', 'inherit', 'inherit'], env: { ...process.env, FORCE_COLOR: '0' } },
  );
  const seconds = Math.round((Date.now() - started) / 1000);
  let order = [];
  let passed = 0;
  let failed = [];
  try {
    const r = JSON.parse(readFileSync(report, 'utf8'));
    const files = [...r.testResults].sort((a, b) => a.startTime - b.startTime);
    order = files.map((f) => basename(f.name, '.test.ts'));
    passed = r.numPassedTests;
    failed = files.flatMap((f) =>
      f.assertionResults.filter((t) => t.status === 'failed').map((t) => `${basename(f.name)}: ${t.title}`),
    );
  } catch {
    failed = ['(no report: the run did not finish)'];
  }
  const ok = run.status === 0 && failed.length === 0;
  results.push({ run: i, seed, ok, passed, failed, seconds, order });
  console.log(
    `\nsoak run ${i}/${runs}: ${ok ? 'PASS' : 'FAIL'} seed ${seed}, ${passed} passed, ${failed.length} failed, ${seconds} s; order: ${order.join(', ')}`,
  );
  for (const f of failed) console.log(`  failed: ${f}`);
}
writeFileSync(join(ROOT, 'test-results', 'soak.json'), `${JSON.stringify(results, null, 2)}\n`);
const passedRuns = results.filter((r) => r.ok).length;
console.log(`\n${passedRuns} of ${runs} runs passed`);
for (const r of results) {
  console.log(`  run ${r.run}: ${r.ok ? 'PASS' : 'FAIL'} seed ${r.seed} ${r.seconds} s (${r.passed} passed)`);
}
process.exit(passedRuns === runs ? 0 : 1);
