// Benchmark 5, memory: the built server (npm run build first) under a minute of mixed reads (home page, list API,
// certification pages, comparisons, paths, discussions), on the embedded database and on PostgreSQL. The resident
// memory of the server and of every process it started (found through /proc) is sampled every 250 ms: after start,
// at the peak of the load and at idle after it. `--before <server.js of another build>` measures that build too,
// alternated with this one in the same run window (this machine is shared: only side by side do they compare);
// `--flags '<MEMORY_FLAGS>'` instead alternates this build with its default flags ('before') and with those
// ('after'), and `--env 'NAME=value ...'` with those settings (both may be given). `--rounds N` (3 by default) gives medians of N runs each, `--seconds N` loads N s instead of 60. `--smoke` runs a few seconds of each, once.
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import autocannon from 'autocannon';
import * as harness from './lib/harness.mjs';
import { heapMb, METRICS_TOKEN, postgresMb, readsOf, SAMPLE_MS, sampler, treeRss } from './lib/process-memory.mjs';

const option = (name) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : undefined;
};
const THIS_BUILD = join(harness.ROOT, 'apps/server/dist/server.js');
const BEFORE = option('--before') && resolve(option('--before'));
const FLAGS = option('--flags');
/** `--env 'NAME=value ...'`: settings of the server's environment (cache sizes, say) for the 'after' runs. */
const ENV = Object.fromEntries(
  (option('--env') ?? '')
    .split(/\s+/)
    .filter(Boolean)
    .map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]),
);
const ROUNDS = harness.SMOKE ? 1 : Number(option('--rounds') ?? 3);
const LOAD_S = harness.SMOKE ? 3 : Number(option('--seconds') ?? 60);
const IDLE_S = harness.SMOKE ? 1 : 10;
const CONNECTIONS = harness.SMOKE ? 4 : 16;
const TARGETS = { PGlite: 500, PostgreSQL: 200, own: 150 };

if (!existsSync(THIS_BUILD)) {
  console.error('The server is not built: run npm run build first.');
  process.exit(1);
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** One run: start, 2 s, a minute of mixed reads, 10 s of idle; stop. */
async function run(script, env, database) {
  const app = await harness.startProcess({ script, env: { ...env, METRICS: 'true', METRICS_TOKEN }, readyPath: '/' });
  try {
    await sleep(2_000);
    const afterStart = treeRss(app.pid);
    const pgAfterStart = database ? await postgresMb(database) : 0;
    const paths = await readsOf(app.url);
    const sampling = sampler(app.pid);
    let pgPeak = pgAfterStart;
    const pgTimer = database
      ? setInterval(
          () =>
            postgresMb(database).then(
              (mb) => (pgPeak = Math.max(pgPeak, mb)),
              () => undefined,
            ),
          5_000,
        )
      : undefined;
    const result = await autocannon({
      url: app.url,
      connections: CONNECTIONS,
      duration: LOAD_S,
      ...(harness.SMOKE ? { overallRate: harness.SMOKE_RATE } : {}),
      headers: { 'accept-encoding': 'br, gzip' },
      requests: paths.map((path) => ({ method: 'GET', path })),
    });
    const heap = await heapMb(app.url);
    clearInterval(pgTimer);
    const peak = sampling.stop();
    await sleep(IDLE_S * 1_000);
    const idle = treeRss(app.pid);
    return {
      afterStart: afterStart.total,
      peak: peak.total,
      idle: idle.total,
      ownAfterStart: afterStart.own,
      ownPeak: peak.own,
      ownAnonPeak: peak.ownAnon,
      ownIdle: idle.own,
      processes: peak.processes,
      ...heap,
      postgresPeak: database ? Math.max(pgPeak, await postgresMb(database)) : undefined,
      startMs: app.startMs,
      requests: result.requests.total,
      rps: result.requests.average,
      p99: result.latency.p99,
      failed: result.non2xx + result.errors + result.timeouts,
    };
  } finally {
    await app.stop();
  }
}

const builds = BEFORE
  ? [
      ['before', BEFORE, {}],
      ['after', THIS_BUILD, {}],
    ]
  : FLAGS !== undefined || Object.keys(ENV).length > 0
    ? [
        ['before', THIS_BUILD, {}],
        ['after', THIS_BUILD, { ...(FLAGS === undefined ? {} : { MEMORY_FLAGS: FLAGS }), ...ENV }],
      ]
    : [['this build', THIS_BUILD, {}]];
const runs = Object.fromEntries(builds.map(([label]) => [label, { PGlite: [], PostgreSQL: [] }]));

// A seeded embedded database of our own, copied for each run (the shared template may be replaced meanwhile).
const template = mkdtempSync(join(tmpdir(), 'certitude-memory-template-'));
await harness.useSeededTemplate(template);
await harness.withDatabase('memory', async (databaseUrl, database) => {
  // The database's first start migrates and seeds it; every measured start finds it ready.
  const first = await harness.startProcess({ env: { DATABASE_URL: databaseUrl }, readyPath: '/' });
  await first.stop();
  for (let round = 1; round <= ROUNDS; round++) {
    for (const [label, script, flags] of builds) {
      const dataDir = mkdtempSync(join(tmpdir(), 'certitude-bench-'));
      cpSync(join(template, 'db'), join(dataDir, 'db'), { recursive: true });
      const embedded = await run(script, { ...flags, DATA_DIR: dataDir });
      runs[label].PGlite.push(embedded);
      const postgres = await run(script, { ...flags, DATABASE_URL: databaseUrl }, database);
      runs[label].PostgreSQL.push(postgres);
      console.log(
        `round ${round}, ${label}: PGlite peak ${harness.fmt(embedded.peak)} MB, PostgreSQL peak ${harness.fmt(postgres.peak)} MB` +
          ` (PostgreSQL's own processes ${harness.fmt(postgres.postgresPeak)} MB PSS)`,
      );
    }
  }
});

rmSync(template, { recursive: true, force: true });

const med = (list, key) => harness.median(list.map((r) => r[key]));
const rows = [];
for (const [label] of builds) {
  const prefix = builds.length > 1 ? `${label}, ` : '';
  for (const kind of ['PGlite', 'PostgreSQL']) {
    const list = runs[label][kind];
    const limit = TARGETS[kind];
    const failed = list.reduce((sum, r) => sum + r.failed, 0);
    rows.push(
      {
        metric: `${prefix}${kind}: resident memory after start (MB)`,
        value: med(list, 'afterStart'),
        target: 'reported',
        met: true,
      },
      {
        metric: `${prefix}${kind}: resident memory at peak (MB)`,
        value: med(list, 'peak'),
        target: label === 'before' ? 'reported' : `<= ${limit}`,
        met: label === 'before' || med(list, 'peak') <= limit,
      },
      {
        metric: `${prefix}${kind}: resident memory at idle after the load (MB)`,
        value: med(list, 'idle'),
        target: 'reported',
        met: true,
      },
      {
        metric: `${prefix}${kind}: V8 heap used at the end of the load (MB)`,
        value: med(list, 'heapUsed'),
        target: 'reported',
        met: true,
      },
      {
        metric: `${prefix}${kind}: memory outside V8's heap (WebAssembly, buffers) (MB)`,
        value: med(list, 'external'),
        target: 'reported',
        met: true,
      },
      {
        metric: `${prefix}${kind}: start to first page (ms)`,
        value: med(list, 'startMs'),
        valueText: harness.fmt(med(list, 'startMs'), 0),
        target: '< 3000',
        met: med(list, 'startMs') < 3000,
      },
      { metric: `${prefix}${kind}: mixed reads per second`, value: med(list, 'rps'), target: 'reported', met: true },
      {
        metric: `${prefix}${kind}: failed reads`,
        value: failed,
        valueText: String(failed),
        target: '0',
        met: failed === 0,
      },
    );
  }
  const pg = runs[label].PostgreSQL;
  const judged = label !== 'before';
  rows.push(
    {
      metric: `${prefix}server's own share: its peak on PostgreSQL (MB)`,
      value: med(pg, 'ownPeak'),
      target: judged ? `<= ${TARGETS.own}` : 'reported',
      met: !judged || med(pg, 'ownPeak') <= TARGETS.own,
    },
    {
      metric: `${prefix}server's own share without Node.js's code mapped from disk (RssAnon) (MB)`,
      value: med(pg, 'ownAnonPeak'),
      target: 'reported',
      met: true,
    },
    {
      metric: `${prefix}PostgreSQL server's processes for this database, peak PSS (MB)`,
      value: med(pg, 'postgresPeak'),
      target: 'reported',
      met: true,
    },
  );
}
console.log(`\nMemory (median of ${ROUNDS} run(s) of each)`);
const markdown = harness.table(rows);
harness.writeResult({
  name: 'memory',
  title: '5. Memory',
  rows,
  extra: {
    runs,
    rounds: ROUNDS,
    loadSeconds: LOAD_S,
    connections: CONNECTIONS,
    before: BEFORE ?? null,
    flags: FLAGS ?? null,
  },
  markdown: [
    `The built server (\`node apps/server/dist/server.js\`) under ${LOAD_S} s of mixed reads (home page, list API,`,
    'certification pages, comparisons, paths, discussions; brotli accepted), ' +
      `${CONNECTIONS} connections, on the embedded database and on PostgreSQL. Resident memory (VmRSS) of the server and`,
    `every process it started, sampled every ${SAMPLE_MS} ms: 2 s after start, its peak during the load, and ${IDLE_S} s after`,
    `it. Medians of ${ROUNDS} run(s)${BEFORE ? ', the two builds alternated' : ''}` +
      `${FLAGS !== undefined ? `, the default flags ('before') alternated with MEMORY_FLAGS='${FLAGS}' ('after')` : ''}.`,
    '',
    markdown,
  ].join('\n'),
});
