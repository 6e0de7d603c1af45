// Benchmark 8, open data: the daily dump (docs/api.md#open-data) built at 5,000 certifications and 200,000 ratings
// (bench/lib/scale.sql) takes under 30 s, and the list's p95 while dumps are being built stays within 1.3x of its p95
// without a build. The server rebuilds today's dump whenever its folder is missing (OPEN_DATA_INTERVAL_MS): the
// benchmark removes the folder as soon as a build ends, so that builds follow one another while it measures.
import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { fmt, growToScale, percentile, SMOKE, startProcess, table, withDatabase, writeResult } from './lib/harness.mjs';

const SAMPLES = SMOKE ? 20 : 200;
const WARMUP = SMOKE ? 5 : 20;
/** Phases without and with builds, alternated so that the machine's drift falls on both alike. */
const ROUNDS = SMOKE ? 1 : 3;
const LIST = { path: '/api/certification', init: { headers: { 'accept-encoding': 'br' } } };

/** The database grown to scale around its busiest certification (bench/lib/scale.sql). */
async function generate(client) {
  return growToScale(client, (await client.query(`select id from certifications order by id limit 1`)).rows[0].id);
}

async function sample(url, count) {
  const times = [];
  for (let i = 0; i < count; i++) {
    const started = performance.now();
    const res = await fetch(`${url}${LIST.path}`, LIST.init);
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`${LIST.path} answered ${res.status}`);
    times.push(performance.now() - started);
  }
  return times;
}

const today = () => new Date().toISOString().slice(0, 10);
const manifestOf = (dataDir) => join(dataDir, 'dumps', today(), 'manifest.json');

async function waitFor(check, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out waiting for the open data dump');
    await new Promise((r) => setTimeout(r, 5));
  }
}

/** Keeps builds going one after another until `stop()`; resolves with the time of each, as the server logged it. */
function keepBuilding(app) {
  let running = true;
  const done = (async () => {
    let builds = 0;
    while (running) {
      await waitFor(() => existsSync(manifestOf(app.dataDir)), 120_000);
      builds++;
      if (running) rmSync(join(app.dataDir, 'dumps', today()), { recursive: true, force: true });
    }
    return builds;
  })();
  return {
    stop: async () => {
      running = false;
      return done;
    },
  };
}

/** The build times the server logged ("open data dump built", in ms). */
function loggedBuilds(app) {
  return app
    .output()
    .split('\n')
    .filter((l) => l.includes('open data dump built'))
    .map((l) => JSON.parse(l).ms);
}

const result = await withDatabase('open_data', async (url) => {
  const client = new pg.Client({ connectionString: url });
  // The first start migrates and seeds the catalogue; the generator then grows it behind the server's back.
  let app = await startProcess({ env: { DATABASE_URL: url, OPEN_DATA_INTERVAL_MS: '0' } });
  await client.connect();
  try {
    await app.stop();
    const generateMs = SMOKE ? 0 : await generate(client);
    // Built at start (the dump is missing), then rebuilt within 20 ms whenever its folder goes.
    app = await startProcess({ env: { DATABASE_URL: url, OPEN_DATA_INTERVAL_MS: '20', LOG_LEVEL: 'info' } });
    await waitFor(() => existsSync(manifestOf(app.dataDir)), 120_000);
    const index = await (await fetch(`${app.url}/data/index.json`)).json();
    await sample(app.url, WARMUP);
    const idle = [];
    const building = [];
    let builds = 0;
    for (let round = 0; round < ROUNDS; round++) {
      idle.push(...(await sample(app.url, SAMPLES)));
      rmSync(join(app.dataDir, 'dumps', today()), { recursive: true, force: true });
      const loop = keepBuilding(app);
      building.push(...(await sample(app.url, SAMPLES)));
      builds += await loop.stop();
    }
    const buildMs = loggedBuilds(app);
    const sizes = (
      await client.query(`select
        (select count(*) from certifications where status = 'APPROVED')::int as certifications,
        (select count(*) from certification_ratings)::int as ratings`)
    ).rows[0];
    return { generateMs, index, idle, building, builds, buildMs, sizes };
  } finally {
    await client.end();
    await app.stop();
  }
});

const p95Idle = percentile(result.idle, 95);
const p95Building = percentile(result.building, 95);
const ratio = p95Building / p95Idle;
const slowestBuild = Math.max(...result.buildMs);
const medianBuild = percentile(result.buildMs, 50);
const bytes = Object.fromEntries(result.index.files.map((f) => [f.name, f.bytes]));
const rows = [
  {
    metric: `dump build at ${result.sizes.certifications} certifications, ${result.sizes.ratings} ratings: slowest of ${result.buildMs.length} (median ${fmt(medianBuild / 1000, 2)} s) (s)`,
    value: slowestBuild / 1000,
    valueText: fmt(slowestBuild / 1000, 2),
    target: '< 30',
    met: SMOKE || slowestBuild < 30_000,
  },
  {
    metric: `list (GET /api/certification, brotli) while dumps are built: p50 ${fmt(percentile(result.idle, 50))} -> ${fmt(percentile(result.building, 50))} ms; p95 (ms)`,
    value: p95Building,
    floor: p95Idle,
    ratio,
    target: '<= 1.3x without a build',
    met: SMOKE || ratio <= 1.3,
  },
];
const mb = (n) => `${fmt(n / 1_000_000, 2)} MB`;
const sizeText = `certifications.jsonl.gz ${mb(bytes['certifications.jsonl.gz'])}, certifications.csv ${mb(bytes['certifications.csv'])}`;
console.log(
  `\nOpen data: ${result.index.files[0].records} records; ${sizeText}; ${result.builds} builds while measured`,
);
const markdown = table(rows);
writeResult({
  name: 'open-data',
  title: '8. Open data: the daily dump at 5,000 certifications and 200,000 ratings',
  rows,
  extra: { ...result, idle: undefined, building: undefined },
  markdown: [
    `One PostgreSQL database grown by bench/lib/scale.sql (${fmt(result.generateMs / 1000)} s) to`,
    `${result.sizes.certifications} approved certifications and ${result.sizes.ratings} ratings; the server started on it with`,
    `OPEN_DATA_INTERVAL_MS=20, so that it rebuilds today's dump as soon as the benchmark removes its folder. The dump: ${sizeText}.`,
    `The list was asked ${SAMPLES} times in a row without a build, then ${SAMPLES} times while builds followed one`,
    `another (${result.builds} builds in all), ${ROUNDS} times each, alternated. Build times are the server's own`,
    '("open data dump built" in its log).',
    '',
    markdown,
  ].join('\n'),
});
