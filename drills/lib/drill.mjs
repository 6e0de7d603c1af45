// What every drill needs beyond bench/lib/harness.mjs: the built server on a port that survives restarts,
// requests that report a dropped connection instead of throwing, private PostgreSQL and Redis instances to
// break, members inserted in SQL, and a PASS/FAIL summary that run.mjs can assemble into docs/reliability.md.
import { execFileSync, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { accessTokens, freePort, JWT_SECRET, ROOT, startProcess, useSeededTemplate } from '../../bench/lib/harness.mjs';

export { accessTokens, freePort, JWT_SECRET, ROOT };

/** `--ci`: the smaller sizes that fit in CI. */
export const CI = process.argv.includes('--ci');
export const SERVER = join(ROOT, 'apps/server/dist/server.js');
const WEB_BUILD = join(ROOT, 'apps/web/build/server/index.js');
const PG_BIN = '/usr/lib/postgresql/15/bin';
/** Where each drill leaves its figures for run.mjs (outside the working tree). */
export const RESULTS_DIR = process.env.DRILL_RESULTS_DIR ?? join(tmpdir(), 'certitude-drills');
/** The shared PostgreSQL server the crash and load drills create their own databases on. */
const ADMIN_URL = process.env.DRILL_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

const tempDirs = [];
/** A directory under the system's temporary one, removed when the drill ends (kept with DRILL_KEEP=1). */
export function tempDir(label) {
  const dir = mkdtempSync(join(tmpdir(), `certitude-drill-${label}-`));
  tempDirs.push(dir);
  return dir;
}
process.on('exit', () => {
  if (process.env.DRILL_KEEP === '1') return;
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
});

/**
 * Starts the built server on `port` (the same one across restarts, so that the access tokens' issuer stays
 * valid) and waits for its first 200 on /readyz. `output()` is everything it printed since this start.
 */
export async function startServer(options) {
  // Other people rebuild the web app in this tree: a build in progress is waited for, not a failure.
  for (let attempt = 0; ; attempt++) {
    await waitForBuild();
    // A new embedded database starts as a copy of the seeded one (what a first start would make of it).
    if (!options.env?.DATABASE_URL) await useSeededTemplate(options.dataDir);
    try {
      return await startOnce(options);
    } catch (err) {
      if (attempt < 3 && /is not built|Cannot find module/.test(String(err.message))) continue;
      throw err;
    }
  }
}

async function waitForBuild(timeoutMs = 180_000) {
  const deadline = Date.now() + timeoutMs;
  while (!existsSync(SERVER) || !existsSync(WEB_BUILD)) {
    if (Date.now() > deadline) throw new Error('the server is not built: run npm run build');
    await sleep(500);
  }
}

/** One start on the drill's port, with the drills' mail worker pace; harness.mjs spawns and waits. */
function startOnce({ port, dataDir, env = {}, timeoutMs = 60_000 }) {
  return startProcess({
    port,
    seeded: false, // startServer has already given a new DATA_DIR its database
    readyTimeoutMs: timeoutMs,
    env: { DATA_DIR: dataDir, MAIL_WORKER_INTERVAL_MS: '1000', ...env },
  });
}

/**
 * One HTTP request on a connection of its own (no keep-alive, so that no request races the server closing
 * an idle connection). Never throws: `{ status, body, ms }`, or `{ error: 'ECONNRESET' | ..., ms }`.
 */
export function send(base, { method = 'GET', path, token, body, headers = {}, timeoutMs = 15_000 }) {
  const started = performance.now();
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve) => {
    let settled = false;
    const done = (r) => {
      if (settled) return;
      settled = true;
      resolve({ ...r, ms: performance.now() - started, startedAt: started });
    };
    const req = httpRequest(
      `${base}${path}`,
      {
        method,
        agent: false,
        headers: {
          connection: 'close',
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(payload !== undefined || method === 'POST' ? { 'content-type': 'application/json' } : {}),
          ...headers,
        },
      },
      (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let json;
          try {
            json = JSON.parse(text);
          } catch {
            json = undefined;
          }
          done({ status: res.statusCode, body: json, text, headers: res.headers });
        });
        res.on('error', (err) => done({ error: err.code ?? err.message }));
      },
    );
    req.setTimeout(timeoutMs, () => {
      req.destroy(Object.assign(new Error('client timeout'), { code: 'TIMEOUT' }));
    });
    req.on('error', (err) => done({ error: err.code ?? err.message }));
    req.end(payload);
  });
}

/** The error shape of docs/api.md#errors: `{ statusCode, error, message }` with the status of the answer. */
export function isErrorShape(res) {
  const b = res.body;
  return (
    b !== undefined &&
    b !== null &&
    b.statusCode === res.status &&
    typeof b.error === 'string' &&
    typeof b.message === 'string' &&
    b.message.length > 0
  );
}

/**
 * Members for the drills, inserted in SQL (no password: they sign in with minted access tokens), created two
 * days ago so that the stricter posting interval of new accounts does not apply.
 */
export function membersSql(count, prefix) {
  return `insert into users (username, email, email_verified, created_at)
    select '${prefix}_' || g, '${prefix}_' || g || '@example.com', true, now() - interval '2 days'
    from generate_series(1, ${count}) g
    returning id, username, role`;
}

/** Approved certifications and resources to vote on. */
export const ITEMS_SQL = `select 'certification' as type, id from certifications where status = 'APPROVED'
  union all select 'resource', id from resources where status = 'APPROVED' order by type, id`;

export async function pgQuery(url, sql, params) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await client.query(sql, params);
  } finally {
    await client.end();
  }
}

/** Runs `fn` against a fresh database of the shared PostgreSQL server, dropped afterwards. */
export async function withDatabase(label, fn) {
  const name = `certitude_drill_${label}_${process.pid}`;
  await pgQuery(ADMIN_URL, `drop database if exists ${name} with (force)`);
  await pgQuery(ADMIN_URL, `create database ${name}`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  try {
    return await fn(url.toString());
  } finally {
    await pgQuery(ADMIN_URL, `drop database if exists ${name} with (force)`);
  }
}

/**
 * A PostgreSQL cluster of the drill's own on a free port, to stop and start at will: never the shared one.
 * initdb refuses to run as root, so the cluster belongs to the postgres user.
 */
export async function privatePostgres() {
  const dir = tempDir('pg');
  chmodSync(dir, 0o777);
  const data = join(dir, 'data');
  const port = await freePort();
  const asPostgres = (bin, args) =>
    process.getuid?.() === 0
      ? execFileSync('runuser', ['-u', 'postgres', '--', join(PG_BIN, bin), ...args], { stdio: 'pipe' })
      : execFileSync(join(PG_BIN, bin), args, { stdio: 'pipe' });
  asPostgres('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync']);
  const ctl = (...args) => asPostgres('pg_ctl', ['-D', data, ...args]);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`;
  const pg = {
    port,
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start: () => ctl('-o', options, '-l', join(dir, 'log'), '-w', '-t', '60', 'start'),
    stop: (mode = 'immediate') => ctl('-m', mode, '-w', 'stop'),
    async remove() {
      try {
        ctl('-m', 'immediate', '-w', 'stop');
      } catch {
        // already stopped
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
  pg.start();
  return pg;
}

/** A Redis of the drill's own on a free port; `kill()` is the outage, `start()` brings it back on the same port. */
export async function privateRedis() {
  const port = await freePort();
  let child;
  const redis = {
    port,
    url: `redis://127.0.0.1:${port}`,
    async start() {
      child = spawn(
        'redis-server',
        ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
        {
          stdio: 'ignore',
        },
      );
      for (let i = 0; i < 100; i++) {
        if ((await redisCommand(port, 'PING').catch(() => '')) === '+PONG') return;
        await sleep(50);
      }
      throw new Error('redis-server did not start');
    },
    async kill() {
      if (!child || child.exitCode !== null || child.signalCode !== null) return;
      const gone = new Promise((r) => child.once('exit', r));
      child.kill('SIGKILL');
      await gone;
    },
  };
  await redis.start();
  return redis;
}

/** One inline Redis command over a raw socket; resolves with the first line of the reply. */
export async function redisCommand(port, command) {
  const { connect } = await import('node:net');
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let data = '';
    socket.setTimeout(2_000, () => socket.destroy(new Error('timeout')));
    socket.on('connect', () => socket.write(`${command}\r\n`));
    socket.on('data', (d) => {
      data += d;
      if (data.includes('\r\n')) {
        socket.end();
        resolve(data.split('\r\n')[0]);
      }
    });
    socket.on('error', reject);
  });
}

export function percentile(values, p) {
  if (!values.length) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

export const fmt = (n, digits = 0) => (typeof n === 'number' ? n.toFixed(digits) : String(n));

/**
 * Prints the drill's checks and figures, writes them for run.mjs and sets the exit code: a drill fails when
 * any of its checks fails. `checks`: [{ name, value, target, pass }]; `notes`: lines of Markdown for the doc.
 */
export function finish({ name, title, description, checks, notes = [] }) {
  const width = Math.max(...checks.map((c) => c.name.length));
  console.log(`\n${title}`);
  for (const c of checks) {
    console.log(
      `  ${c.pass ? 'PASS' : 'FAIL'}  ${c.name.padEnd(width)}  ${c.value}${c.target ? `  (${c.target})` : ''}`,
    );
  }
  const pass = checks.every((c) => c.pass);
  console.log(`${pass ? 'PASS' : 'FAIL'}: ${name}${CI ? ' --ci' : ''}`);
  mkdirSync(RESULTS_DIR, { recursive: true });
  writeFileSync(
    join(RESULTS_DIR, `${name}${CI ? '.ci' : ''}.json`),
    `${JSON.stringify(
      {
        name,
        title,
        description,
        checks,
        notes,
        pass,
        ci: CI,
        date: new Date().toISOString(),
        node: process.version,
        command: `node drills/${name}.mjs${CI ? ' --ci' : ''}`,
      },
      null,
      2,
    )}\n`,
  );
  process.exitCode = pass ? 0 : 1;
  return pass;
}

const CLI_BUNDLE = join(ROOT, 'apps/server/dist/cli.js');

/**
 * The operator command line, built (`node apps/server/dist/cli.js …`), as its own process: `{ code, stdout,
 * stderr, ms }`. Never throws.
 */
export function cli(args, { env = {}, input = '' } = {}) {
  return new Promise((resolve) => {
    const started = performance.now();
    const child = spawn(process.execPath, [CLI_BUNDLE, ...args], {
      cwd: ROOT,
      env: { ...process.env, LOG_LEVEL: 'warn', JWT_SECRET, ...env },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('close', (code) => resolve({ code, stdout, stderr, ms: performance.now() - started }));
    child.stdin.end(input);
  });
}

/** A query on the embedded database of a running server, through its socket in DATA_DIR/run. */
export async function socketQuery(dataDir, sql, params) {
  const client = new pg.Client({ host: join(dataDir, 'run'), port: 5432, user: 'postgres', database: 'postgres' });
  await client.connect();
  try {
    return await client.query(sql, params);
  } finally {
    await client.end();
  }
}

/**
 * Every table of the public schema: its row count and an md5 of its rows in a stable order, computed by the
 * database itself (so independent of the backup's own checksums). `query(sql)` runs one statement.
 */
export async function fingerprint(query) {
  const { rows: tables } = await query(
    `select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'
     order by table_name`,
  );
  const out = {};
  for (const { table_name: t } of tables) {
    const { rows } = await query(
      `select count(*)::int as n, coalesce(md5(string_agg(x::text, '|' order by x::text)), '') as md5 from "${t}" x`,
    );
    out[t] = `${rows[0].n}:${rows[0].md5}`;
  }
  return out;
}
