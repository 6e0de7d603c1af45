// Benchmark 5, memory: the built server (npm run build first) under a minute of mixed reads (home page, list API,
// certification pages, comparisons, paths, discussions), on the embedded database and on PostgreSQL. The resident
// memory of the server and of every process it started (found through /proc) is sampled every 250 ms: after start,
// at the peak of the load and at idle after it. `--before <server.js of another build>` measures that build too,
// alternated with this one in the same run window (this machine is shared: only side by side do they compare);
// `--rounds N` (3 by default) gives medians of N runs each, `--seconds N` loads N s instead of 60. `--smoke` runs a few seconds of each, once.
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import autocannon from 'autocannon';
import {
  adminQuery,
  fmt,
  median,
  ROOT,
  SMOKE,
  startProcess,
  table,
  useSeededTemplate,
  withDatabase,
  writeResult,
} from './lib/harness.mjs';

const option = (name) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : undefined;
};
const THIS_BUILD = join(ROOT, 'apps/server/dist/server.js');
const BEFORE = option('--before') && resolve(option('--before'));
const ROUNDS = SMOKE ? 1 : Number(option('--rounds') ?? 3);
const LOAD_S = SMOKE ? 3 : Number(option('--seconds') ?? 60);
const IDLE_S = SMOKE ? 1 : 10;
const CONNECTIONS = SMOKE ? 4 : 16;
const SAMPLE_MS = 250;
const METRICS_TOKEN = 'bench-metrics-token-that-is-long-enough';
const TARGETS = { PGlite: 500, PostgreSQL: 200, own: 150 };
const MB = 1024 * 1024;

if (!existsSync(THIS_BUILD)) {
  console.error('The server is not built: run npm run build first.');
  process.exit(1);
}

/** Every process id with its parent's, from /proc. */
function parents() {
  const map = new Map();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      map.set(Number(name), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // gone meanwhile
    }
  }
  return map;
}

/** A /proc status or smaps_rollup field in MB (0 when the process is gone). */
function procMb(pid, file, field) {
  try {
    const text = readFileSync(`/proc/${pid}/${file}`, 'utf8');
    return Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(text)?.[1] ?? 0) / 1024;
  } catch {
    return 0;
  }
}

/** Resident memory of `pid` and of every process under it, in MB; `own` is that of `pid` alone. */
function treeRss(pid) {
  const parentOf = parents();
  const tree = [pid];
  for (let i = 0; i < tree.length; i++) {
    for (const [child, parent] of parentOf) if (parent === tree[i]) tree.push(child);
  }
  const own = procMb(pid, 'status', 'VmRSS');
  // Its private memory: without the pages mapped from files (Node.js's own code, shared with every Node.js process).
  const ownAnon = procMb(pid, 'status', 'RssAnon');
  return {
    total: tree.reduce((sum, p) => sum + procMb(p, 'status', 'VmRSS'), 0),
    own,
    ownAnon,
    processes: tree.length,
  };
}

/** Samples `treeRss` every 250 ms until `stop()`, which gives the peaks. */
function sampler(pid) {
  const peak = { total: 0, own: 0, ownAnon: 0, processes: 1 };
  const take = () => {
    const now = treeRss(pid);
    peak.total = Math.max(peak.total, now.total);
    peak.own = Math.max(peak.own, now.own);
    peak.ownAnon = Math.max(peak.ownAnon, now.ownAnon);
    peak.processes = Math.max(peak.processes, now.processes);
  };
  take();
  const timer = setInterval(take, SAMPLE_MS);
  return {
    stop() {
      clearInterval(timer);
      take();
      return peak;
    },
  };
}

/**
 * The PostgreSQL server's share for this database: the proportional set size (shared pages divided among the
 * processes that map them) of the postmaster, its background processes and the connections to `database`.
 */
async function postgresMb(database) {
  const rows = (
    await adminQuery(
      `select pid from pg_stat_activity where datname = '${database}' or (datname is null and backend_type <> 'client backend')`,
    )
  ).rows;
  const dir = (await adminQuery('show data_directory')).rows[0].data_directory;
  let postmaster = [];
  try {
    postmaster = [Number(readFileSync(join(dir, 'postmaster.pid'), 'utf8').split('\n')[0])];
  } catch {
    // not on this machine's file system: the postmaster is left out
  }
  return [...postmaster, ...rows.map((r) => r.pid)].reduce((sum, p) => sum + procMb(p, 'smaps_rollup', 'Pss'), 0);
}

/** What the server's own process holds, from its /metrics (V8's heap, memory outside it such as WebAssembly's). */
async function heapMb(url) {
  const text = await (await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).text();
  const value = (name) => Number(new RegExp(`^${name} (\\S+)`, 'm').exec(text)?.[1] ?? NaN) / MB;
  return {
    heapUsed: value('nodejs_heap_size_used_bytes'),
    heapTotal: value('nodejs_heap_size_total_bytes'),
    external: value('nodejs_external_memory_bytes'),
  };
}

/** The addresses of the mixed reads, shuffled the same way every run. */
async function readsOf(url) {
  const list = await (await fetch(`${url}/api/certification`)).json();
  const slugs = list.map((c) => c.slug);
  const domains = [...new Set(list.flatMap((c) => c.domains ?? []))];
  const paths = [
    '/',
    '/?sort=best',
    '/?q=aws',
    '/api/certification',
    '/api/certification?limit=20&sort=best',
    '/api/certification?limit=20&sort=new',
    '/paths',
    '/about',
    ...slugs.map((s) => `/certification/${s}`),
    ...slugs.slice(0, 60).map((s) => `/api/certification/${s}/comments?limit=20`),
    ...slugs.slice(0, 40).map((s, i) => `/compare?c=${s},${slugs[(i * 7 + 3) % slugs.length]}`),
    ...domains.map((d) => `/paths/${d}`),
  ];
  let seed = 42;
  const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  for (let i = paths.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [paths[i], paths[j]] = [paths[j], paths[i]];
  }
  return paths;
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** One run: start, 2 s, a minute of mixed reads, 10 s of idle; stop. */
async function run(script, env, database) {
  const app = await startProcess({ script, env: { ...env, METRICS: 'true', METRICS_TOKEN }, readyPath: '/' });
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
      ['before', BEFORE],
      ['after', THIS_BUILD],
    ]
  : [['this build', THIS_BUILD]];
const runs = Object.fromEntries(builds.map(([label]) => [label, { PGlite: [], PostgreSQL: [] }]));

// A seeded embedded database of our own, copied for each run (the shared template may be replaced meanwhile).
const template = mkdtempSync(join(tmpdir(), 'certitude-memory-template-'));
await useSeededTemplate(template);
await withDatabase('memory', async (databaseUrl, database) => {
  // The database's first start migrates and seeds it; every measured start finds it ready.
  const first = await startProcess({ env: { DATABASE_URL: databaseUrl }, readyPath: '/' });
  await first.stop();
  for (let round = 1; round <= ROUNDS; round++) {
    for (const [label, script] of builds) {
      const dataDir = mkdtempSync(join(tmpdir(), 'certitude-bench-'));
      cpSync(join(template, 'db'), join(dataDir, 'db'), { recursive: true });
      const embedded = await run(script, { DATA_DIR: dataDir });
      runs[label].PGlite.push(embedded);
      const postgres = await run(script, { DATABASE_URL: databaseUrl }, database);
      runs[label].PostgreSQL.push(postgres);
      console.log(
        `round ${round}, ${label}: PGlite peak ${fmt(embedded.peak)} MB, PostgreSQL peak ${fmt(postgres.peak)} MB` +
          ` (PostgreSQL's own processes ${fmt(postgres.postgresPeak)} MB PSS)`,
      );
    }
  }
});

rmSync(template, { recursive: true, force: true });

const med = (list, key) => median(list.map((r) => r[key]));
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
        valueText: fmt(med(list, 'startMs'), 0),
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
const markdown = table(rows);
writeResult({
  name: 'memory',
  title: '5. Memory',
  rows,
  extra: { runs, rounds: ROUNDS, loadSeconds: LOAD_S, connections: CONNECTIONS, before: BEFORE ?? null },
  markdown: [
    `The built server (\`node apps/server/dist/server.js\`) under ${LOAD_S} s of mixed reads (home page, list API,`,
    'certification pages, comparisons, paths, discussions; brotli accepted), ' +
      `${CONNECTIONS} connections, on the embedded database and on PostgreSQL. Resident memory (VmRSS) of the server and`,
    `every process it started, sampled every ${SAMPLE_MS} ms: 2 s after start, its peak during the load, and ${IDLE_S} s after`,
    `it. Medians of ${ROUNDS} run(s)${BEFORE ? ', the two builds alternated' : ''}.`,
    '',
    markdown,
  ].join('\n'),
});
