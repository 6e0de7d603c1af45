// `node drills/run.mjs`: every reliability drill in turn against the built server (npm run build first), each
// printing its checks and PASS/FAIL; exits non-zero when any drill fails. `--ci` runs the subset that fits in
// CI, with smaller sizes (under 5 minutes on 2 cores). `--write` writes the figures to docs/reliability.md.
// Names of drills as arguments run only those: `node drills/run.mjs crash db-outage`.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, release, totalmem } from 'node:os';
import { join } from 'node:path';
import { CI, RESULTS_DIR, ROOT } from './lib/drill.mjs';

const DRILLS = [
  { name: 'crash', ci: true },
  { name: 'graceful-stop', ci: true },
  { name: 'db-outage', ci: true },
  { name: 'redis-outage', ci: true },
  { name: 'smtp-outage', ci: true },
  { name: 'cli-while-running', ci: true },
  { name: 'backup', ci: true },
  // Five minutes of load: outside CI only.
  { name: 'sustained-load', ci: false },
];
const WRITE = process.argv.includes('--write');
const only = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const chosen = DRILLS.filter((d) => (only.length ? only.includes(d.name) : !CI || d.ci));

if (!existsSync(join(ROOT, 'apps/server/dist/server.js'))) {
  console.error('The server is not built: run npm run build first.');
  process.exit(1);
}

const ran = [];
const started = performance.now();
for (const drill of chosen) {
  const args = [join(ROOT, 'drills', `${drill.name}.mjs`), ...(CI ? ['--ci'] : [])];
  console.log(`\n==> node drills/${drill.name}.mjs${CI ? ' --ci' : ''}`);
  const t = performance.now();
  const run = spawnSync(process.execPath, args, { cwd: ROOT, stdio: 'inherit' });
  ran.push({ ...drill, pass: run.status === 0, seconds: (performance.now() - t) / 1000 });
}
const seconds = (performance.now() - started) / 1000;

console.log('\nDrills:');
for (const d of ran) console.log(`  ${d.pass ? 'PASS' : 'FAIL'}  ${d.name.padEnd(15)} ${d.seconds.toFixed(0)} s`);
const failed = ran.filter((d) => !d.pass);
console.log(
  `${failed.length ? 'FAIL' : 'PASS'}: ${ran.length - failed.length} of ${ran.length} drills passed in ${seconds.toFixed(0)} s`,
);

if (WRITE) writeDoc();
process.exit(failed.length ? 1 : 0);

function writeDoc() {
  const results = DRILLS.map((d) => join(RESULTS_DIR, `${d.name}${CI ? '.ci' : ''}.json`))
    .filter((file) => existsSync(file))
    .map((file) => JSON.parse(readFileSync(file, 'utf8')));
  const cpu = cpus();
  const machine = `${cpu.length} cores (${cpu[0]?.model ?? 'unknown'}), ${Math.round(totalmem() / 2 ** 30)} GB, Linux ${release()}, Node ${process.version}`;
  const cell = (s) => String(s).replace(/\|/g, '\\|');
  const doc = [
    '# Reliability',
    '',
    'What happens to Certitude when things break: the server killed mid-write, stopped while busy, its database,',
    'Redis or mail server gone, and hours of traffic compressed into minutes. Each drill is a plain Node script',
    'under `drills/` that starts the built server (`apps/server/dist/server.js`) on a free port, breaks something',
    'for real (a signal to the process, `pg_ctl stop` on a PostgreSQL cluster of its own, SIGKILL to a',
    'redis-server of its own, a mail server that is not there yet), and checks what a client and the database see',
    'afterwards. The shared PostgreSQL and Redis of the machine are never stopped: the drills create databases of',
    'their own on the shared PostgreSQL, and start private instances for the outages.',
    '',
    '```',
    'npm run build && node drills/run.mjs --write   # every drill, about 12 minutes; writes this file',
    'node drills/run.mjs --ci                       # the CI subset with smaller sizes, under 5 minutes',
    'node drills/crash.mjs [pglite|postgres]        # one drill: crash, graceful-stop, db-outage, redis-outage,',
    '                                               #   smtp-outage, cli-while-running, backup,',
    '                                               #   sustained-load',
    '```',
    '',
    'Each prints its checks and PASS or FAIL and exits non-zero on failure. They need PostgreSQL 15 on',
    '127.0.0.1:5432 (`DRILL_DATABASE_URL` to change it) with its binaries in `/usr/lib/postgresql/15/bin`, and',
    '`redis-server` on the PATH.',
    '',
    `Last run: ${new Date().toISOString().slice(0, 10)} on ${machine}${CI ? ', CI sizes (--ci)' : ''}. The machine is shared with other`,
    "engineers' test runs, so latencies and throughput are those of a busy machine; the pass criteria do not depend on them.",
    '',
    '## Summary',
    '',
    '| drill | result | command |',
    '| --- | --- | --- |',
    ...results.map((r) => `| ${r.title} | ${r.pass ? 'PASS' : 'FAIL'} | \`${r.command}\` |`),
    '',
    ...results.flatMap((r) => [
      `## ${r.title}`,
      '',
      `Command: \`${r.command}\`, ${r.date.slice(0, 16).replace('T', ' ')} UTC, ${r.pass ? 'PASS' : 'FAIL'}.`,
      '',
      r.description,
      '',
      '| check | figure | target | result |',
      '| --- | --- | --- | --- |',
      ...r.checks.map(
        (c) => `| ${cell(c.name)} | ${cell(c.value)} | ${cell(c.target ?? '')} | ${c.pass ? 'pass' : 'FAIL'} |`,
      ),
      '',
      ...(r.notes?.length ? [...r.notes, ''] : []),
    ]),
    '## Bugs found and fixed',
    '',
    '<!-- findings -->',
    '',
  ].join('\n');
  const file = join(ROOT, 'docs', 'reliability.md');
  // The findings are written by hand and kept across runs.
  const previous = existsSync(file) ? readFileSync(file, 'utf8') : '';
  const findings = previous.includes('## Bugs found and fixed')
    ? previous.split('## Bugs found and fixed')[1].trim()
    : '';
  writeFileSync(file, doc.replace('<!-- findings -->', findings || '<!-- findings -->'));
  // Formatted as the rest of the repository (npm run lint checks it).
  spawnSync(join(ROOT, 'node_modules/.bin/prettier'), ['--write', file], { cwd: ROOT, stdio: 'ignore' });
  console.log(`wrote ${file}`);
}
