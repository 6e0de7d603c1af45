// What every benchmark needs: the built server on a free port, load from autocannon, resident memory read
// from /proc, databases of its own on the PostgreSQL server, and its results as a table and as JSON.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { cpus, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { SignJWT } from 'jose';
import pg from 'pg';
import chromium from '../../scripts/chromium.json' with { type: 'json' };

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
/** Debian's Chromium, and the flags that keep it off the closed network of these machines (scripts/chromium.json). */
export const CHROME_PATH = process.env.CHROME_PATH ?? chromium.path;
export const CHROME_FLAGS = chromium.flags;
export const SMOKE = process.argv.includes('--smoke');
export const RESULTS_DIR = join(ROOT, 'bench', 'results');
/** The PostgreSQL server the benchmarks create their databases on. */
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const JWT_SECRET = 'bench-secret-that-is-long-enough-for-hs256-signing';

/** Access tokens for members ({ id, username, role } rows), minted with the servers' secret for `issuer`. */
export function accessTokens(members, issuer, expiresIn = '30m') {
  const key = new TextEncoder().encode(JWT_SECRET);
  return Promise.all(
    members.map((m) =>
      new SignJWT({ username: m.username, role: m.role, typ: 'access' })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(String(m.id))
        .setIssuer(issuer)
        .setIssuedAt()
        .setExpirationTime(expiresIn)
        .sign(key),
    ),
  );
}

export async function freePort() {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

const SERVER_SCRIPT = join(ROOT, 'apps/server/dist/server.js');
let seededTemplate;

/**
 * Gives an empty DATA_DIR the embedded database a first start of this build makes (migrated, catalogue seeded),
 * copied from one made once per build and kept under the system's temporary folder: a first start costs 10 to 25 s
 * on a 2-core machine (initdb, migrations, seed), a copy well under one. A directory holding a database is left as
 * it is. Used by the benchmarks and the reliability drills; measured start-ups are those of a server whose
 * database exists, which the copy does not change.
 */
export async function useSeededTemplate(dataDir) {
  if (existsSync(join(dataDir, 'db'))) return;
  seededTemplate ??= makeSeededTemplate();
  cpSync(join(await seededTemplate, 'db'), join(dataDir, 'db'), { recursive: true });
}

async function makeSeededTemplate() {
  const built = statSync(SERVER_SCRIPT);
  const key = createHash('sha256').update(`${built.size}:${built.mtimeMs}`).digest('hex').slice(0, 12);
  const dir = join(tmpdir(), `certitude-seeded-${key}`);
  if (existsSync(join(dir, 'complete'))) return dir;
  // Templates of earlier builds go first.
  for (const old of readdirSync(tmpdir()).filter((n) => n.startsWith('certitude-seeded-'))) {
    rmSync(join(tmpdir(), old), { recursive: true, force: true });
  }
  const work = mkdtempSync(join(tmpdir(), 'certitude-seeding-'));
  const first = await startProcess({ env: { DATA_DIR: work }, seeded: false, readyTimeoutMs: 180_000 });
  await first.stop();
  writeFileSync(join(work, 'complete'), '');
  try {
    renameSync(work, dir);
  } catch {
    // Another process made it meanwhile: theirs serves.
    rmSync(work, { recursive: true, force: true });
  }
  return dir;
}

/**
 * Starts a Node script (the built server by default) on `port` (a free one unless given) and waits for its first
 * 200 on `readyPath`. `startMs` is the time from spawn to that first answer: the start-up a user waits for. The
 * server on a new DATA_DIR of its own starts from the seeded template (`useSeededTemplate`) unless `seeded` is
 * false. The benchmarks, the reliability drills (drills/lib/drill.mjs) and the page-speed gates start servers here.
 */
export async function startProcess({
  script = SERVER_SCRIPT,
  port: fixedPort,
  seeded = true,
  readyTimeoutMs = 60_000,
  env = {},
  readyPath = '/readyz',
  // BENCH_NODE_ARGS='--cpu-prof --cpu-prof-dir=/tmp/prof' profiles the servers a benchmark starts.
  nodeArgs = process.env.BENCH_NODE_ARGS ? process.env.BENCH_NODE_ARGS.split(' ') : [],
} = {}) {
  const port = fixedPort ?? (await freePort());
  const url = `http://127.0.0.1:${port}`;
  const dataDir = env.DATA_DIR ?? mkdtempSync(join(tmpdir(), 'certitude-bench-'));
  if (seeded && script === SERVER_SCRIPT && !env.DATABASE_URL) await useSeededTemplate(dataDir);
  const spawnedAt = performance.now();
  const child = spawn(process.execPath, [...nodeArgs, script], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      JWT_SECRET,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  /** `{ code, signal }` once the process has ended. */
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  const deadline = Date.now() + readyTimeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${script} exited with ${child.exitCode}:\n${output}`);
    try {
      // Its own connection each time, closed after the answer: nothing lingers towards a server a drill kills.
      const res = await fetch(`${url}${readyPath}`, {
        headers: { connection: 'close' },
        signal: AbortSignal.timeout(2_000),
      });
      await res.arrayBuffer();
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`${script} did not answer in ${readyTimeoutMs / 1000} s:\n${output}`);
    }
    await sleep(10);
  }
  const startMs = performance.now() - spawnedAt;
  const alive = () => child.exitCode === null && child.signalCode === null;
  return {
    url,
    port,
    dataDir,
    pid: child.pid,
    child,
    startMs,
    output: () => output,
    exited,
    alive,
    /** Sends `signal` (if the process still runs) and resolves with `{ code, signal }` once it has ended. */
    kill(signal = 'SIGKILL') {
      if (alive()) child.kill(signal);
      return exited;
    },
    /** SIGTERM, then the exit code. */
    async stop() {
      if (alive()) child.kill('SIGTERM');
      return (await exited).code;
    },
  };
}

/** Resident memory of a process, in MB, from /proc (Linux). */
export function rssMb(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0);
  return kb / 1024;
}

/** Samples a process's resident memory every 100 ms until `stop()`, which returns the peak in MB. */
export function sampleRss(pid) {
  let peak = rssMb(pid);
  const timer = setInterval(() => {
    try {
      peak = Math.max(peak, rssMb(pid));
    } catch {
      // the process ended
    }
  }, 100);
  return {
    stop() {
      clearInterval(timer);
      return peak;
    },
  };
}

/**
 * A smoke run checks that a benchmark still runs, not how fast: its load is capped at this many requests a second
 * (autocannon's `overallRate`), so that it costs CI seconds of CPU rather than two cores flat out.
 */
export const SMOKE_RATE = 100;

/** One autocannon run; its figures as plain numbers. Requests that were not 2xx are counted, not hidden. */
export async function load(opts) {
  const result = await autocannon({
    connections: 50,
    duration: SMOKE ? 2 : 10,
    ...(SMOKE ? { overallRate: SMOKE_RATE } : {}),
    ...opts,
  });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    total: result.requests.total,
    ok: result['2xx'],
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    durationS: result.duration,
  };
}

export const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

export function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/** Runs `fn` against a fresh database of the PostgreSQL server, dropped afterwards. */
export async function withDatabase(label, fn) {
  const name = `certitude_bench_${label}_${process.pid}`;
  await adminQuery(`drop database if exists ${name} with (force)`);
  await adminQuery(`create database ${name}`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  try {
    return await fn(url.toString(), name);
  } finally {
    await adminQuery(`drop database if exists ${name} with (force)`);
  }
}

export async function adminQuery(sql, url = ADMIN_URL) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await client.query(sql);
  } finally {
    await client.end();
  }
}

export const fmt = (n, digits = 1) => (typeof n === 'number' ? n.toFixed(digits) : String(n));

/**
 * One row per measured call: its p95 at the larger size against its p95 at the seeded size, met when the ratio is at
 * most `limit` (always met in a smoke run). `timings` are `{ seeded: { name: {p50, p95} }, large: { ... } }`.
 */
export function p95RatioRows(seeded, large, limit = 1.5) {
  return Object.keys(seeded).map((name) => {
    const small = seeded[name];
    const big = large[name];
    const ratio = big.p95 / small.p95;
    return {
      metric: `${name}: p50 ${fmt(small.p50)} -> ${fmt(big.p50)} ms; p95 (ms)`,
      value: big.p95,
      floor: small.p95,
      ratio,
      target: `<= ${limit}x seeded`,
      met: SMOKE || ratio <= limit,
    };
  });
}

/** Prints rows as an aligned table and returns the same as Markdown. */
export function table(rows) {
  const head = ['metric', 'value', 'floor', 'ratio', 'target', 'met'];
  const cells = rows.map((r) => [
    r.metric,
    r.valueText ?? fmt(r.value),
    r.floor === undefined ? '' : (r.floorText ?? fmt(r.floor)),
    r.ratio === undefined ? '' : fmt(r.ratio, 2),
    r.target,
    r.met ? 'yes' : 'NO',
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i].length)));
  const line = (c) => c.map((v, i) => v.padEnd(widths[i])).join('  ');
  console.log([line(head), ...cells.map(line)].join('\n'));
  return [
    `| ${head.join(' | ')} |`,
    `| ${head.map(() => '---').join(' | ')} |`,
    ...cells.map((c) => `| ${c.join(' | ')} |`),
  ].join('\n');
}

/** Writes a benchmark's results for bench/run.mjs, which assembles docs/performance.md from them. */
export function writeResult(result) {
  mkdirSync(RESULTS_DIR, { recursive: true });
  const full = {
    ...result,
    date: new Date().toISOString(),
    node: process.version,
    smoke: SMOKE,
    command: `node bench/${result.name}.mjs${SMOKE ? ' --smoke' : ''}`,
  };
  writeFileSync(join(RESULTS_DIR, `${result.name}${SMOKE ? '.smoke' : ''}.json`), `${JSON.stringify(full, null, 2)}\n`);
  return full;
}

export function machine() {
  const cpu = cpus();
  return {
    cores: cpu.length,
    model: cpu[0]?.model ?? 'unknown',
    memoryGb: Math.round(totalmem() / 2 ** 30),
  };
}

/** A fresh copy of the built web app's files is served by the server; the benchmarks may add one of their own. */
export const WEB_CLIENT_DIR = join(ROOT, 'apps/web/build/client');

/**
 * Grows a benchmark database to the scale of a large community with bench/lib/scale.sql (its `$1` is the busiest
 * certification's id). Answers how long it took, in milliseconds.
 */
export async function growToScale(client, busiestId) {
  const statements = readFileSync(join(ROOT, 'bench/lib/scale.sql'), 'utf8')
    .split(/;\s*\n/)
    .map((s) => s.replace(/^\s*--.*$/gm, '').trim())
    .filter(Boolean);
  const started = performance.now();
  for (const statement of statements) await client.query(statement, statement.includes('$1') ? [busiestId] : []);
  return performance.now() - started;
}
