// `npm run bench`: every benchmark in turn, then docs/performance.md from their results. `--smoke` runs each
// for seconds (CI keeps them from rotting) and writes no document. A benchmark that errors fails the run; a
// missed target is reported, not fatal, because these machines are shared and noisy.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { release } from 'node:os';
import { join } from 'node:path';
import { machine, RESULTS_DIR, ROOT, SMOKE } from './lib/harness.mjs';

const BENCHMARKS = ['reads', 'pages', 'votes', 'scale', 'memory', 'keystroke', 'paths', 'open-data'];
const SMOKE_LIMIT_MS = 10 * 60_000;
const only = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const chosen = only.length ? BENCHMARKS.filter((b) => only.includes(b)) : BENCHMARKS;

let failed = [];
for (const name of chosen) {
  console.log(`\n==> bench/${name}.mjs${SMOKE ? ' --smoke' : ''}`);
  const started = performance.now();
  const run = spawnSync(process.execPath, [join(ROOT, 'bench', `${name}.mjs`), ...(SMOKE ? ['--smoke'] : [])], {
    cwd: ROOT,
    stdio: 'inherit',
    // A smoke run's benchmark takes a minute or two: one that hangs fails the run in 10 minutes instead of holding CI.
    ...(SMOKE ? { timeout: SMOKE_LIMIT_MS, killSignal: 'SIGKILL' } : {}),
  });
  if (run.error?.code === 'ETIMEDOUT')
    console.log(`bench/${name}.mjs did not finish within ${SMOKE_LIMIT_MS / 60_000} minutes`);
  console.log(
    `<== bench/${name}.mjs: ${run.status === 0 ? 'ran' : 'FAILED'} in ${((performance.now() - started) / 1000).toFixed(0)} s`,
  );
  if (run.status !== 0) failed.push(name);
}

const results = BENCHMARKS.map((name) => join(RESULTS_DIR, `${name}${SMOKE ? '.smoke' : ''}.json`))
  .filter((file) => existsSync(file))
  .map((file) => JSON.parse(readFileSync(file, 'utf8')));

const summary = results.flatMap((r) =>
  r.rows.map((row) => {
    const by = row.met || typeof row.ratio !== 'number' ? '' : ` (ratio ${row.ratio.toFixed(2)})`;
    return `| ${r.title.split(':')[0]} | ${row.metric} | ${row.target} | ${row.met ? 'met' : `missed${by}`} |`;
  }),
);
console.log(`\n${summary.filter((l) => l.endsWith('|') && l.includes('missed')).length} targets missed`);

if (!SMOKE && !only.length) {
  const m = machine();
  const doc = [
    '# Performance',
    '',
    `Measured ${new Date().toISOString().slice(0, 10)} on ${m.cores} cores (${m.model}), ${m.memoryGb} GB, Linux ${release()},`,
    `Node ${process.version}, PostgreSQL 15 on the same machine. Reproduce with \`npm run build && npm run bench\` (each`,
    'benchmark alone: `npm run bench:reads`, `bench:pages`, `bench:votes`, `bench:scale`, `bench:memory`, `bench:keystroke`,',
    '`npm run bench -- paths`). Every figure is',
    'measured against its floor in the same run, alternating the two where it can, because this machine is shared: its',
    'absolute numbers drift from run to run, the ratios much less. CI runs `npm run bench -- --smoke` (seconds per',
    'benchmark) so that none of them rots.',
    '',
    '## Summary',
    '',
    '| benchmark | metric | target | result |',
    '| --- | --- | --- | --- |',
    ...summary,
    '',
    ...results.flatMap((r) => [`## ${r.title}`, '', `Command: \`${r.command}\`, ${r.date}.`, '', r.markdown, '']),
    '## Notes on the misses',
    '',
    '<!-- notes -->',
    '',
  ].join('\n');
  const file = join(ROOT, 'docs', 'performance.md');
  // Notes on the misses are written by hand and kept across runs.
  const previous = existsSync(file) ? readFileSync(file, 'utf8') : '';
  const notes = previous.includes('## Notes on the misses') ? previous.split('## Notes on the misses')[1].trim() : '';
  writeFileSync(file, doc.replace('<!-- notes -->', notes || '<!-- notes -->'));
  console.log(`wrote ${file}`);
}

if (failed.length) {
  console.error(`benchmarks that failed to run: ${failed.join(', ')}`);
  process.exit(1);
}
