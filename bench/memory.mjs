// Benchmark 5, memory and start-up: resident memory of the server at idle and at the peak of the reads load,
// on the embedded database and on PostgreSQL, and the time from starting the built server to its first answer.
import {
  fmt,
  load,
  median,
  rssMb,
  sampleRss,
  SMOKE,
  startProcess,
  table,
  withDatabase,
  writeResult,
} from './lib/harness.mjs';

const STARTS = SMOKE ? 1 : 5;
const CONNECTIONS = SMOKE ? 10 : 50;

async function measure(kind, env) {
  // The first start of a fresh data directory also migrates and seeds; the restarts are what a deploy waits for.
  const first = await startProcess({ env, readyPath: '/' });
  await first.stop();
  const starts = [];
  let idle = 0;
  let peak = 0;
  for (let i = 0; i < STARTS; i++) {
    const app = await startProcess({ env: { ...env, DATA_DIR: first.dataDir }, readyPath: '/' });
    starts.push(app.startMs);
    if (i === STARTS - 1) {
      await new Promise((r) => setTimeout(r, 2_000));
      idle = rssMb(app.pid);
      const sampler = sampleRss(app.pid);
      await load({ url: `${app.url}/api/certification`, connections: CONNECTIONS });
      await load({ url: `${app.url}/`, connections: CONNECTIONS });
      peak = sampler.stop();
    }
    await app.stop();
  }
  return { kind, firstStartMs: first.startMs, restartMs: median(starts), starts, idle, peak };
}

const pglite = await measure('PGlite', {});
const postgres = await withDatabase('memory', (url) => measure('PostgreSQL', { DATABASE_URL: url }));
const rows = [];
for (const [m, limit] of [
  [pglite, 300],
  [postgres, 200],
]) {
  rows.push({
    metric: `${m.kind}: resident memory at idle (MB)`,
    value: m.idle,
    target: `< ${limit}`,
    met: m.idle < limit,
  });
  rows.push({
    metric: `${m.kind}: resident memory at peak (MB)`,
    value: m.peak,
    target: `< ${limit}`,
    met: m.peak < limit,
  });
  rows.push({
    metric: `${m.kind}: start to first page (ms)`,
    value: m.restartMs,
    valueText: fmt(m.restartMs, 0),
    target: '< 3000',
    met: m.restartMs < 3000,
  });
  rows.push({
    metric: `${m.kind}: first start, migrate and seed (ms)`,
    value: m.firstStartMs,
    valueText: fmt(m.firstStartMs, 0),
    target: 'reported',
    met: true,
  });
}
console.log(`\nMemory and start-up (median of ${STARTS} starts)`);
const markdown = table(rows);
writeResult({
  name: 'memory',
  title: '5. Memory and start-up',
  rows,
  extra: { pglite, postgres },
  markdown: [
    `Start-up: from spawning \`node apps/server/dist/server.js\` (after \`npm run build\`) to the first 200 answer of the home`,
    `page, median of ${STARTS} starts on an existing data directory or database; the very first start, which also applies the`,
    `migrations and seeds the catalogue, is reported beside it. Resident memory (VmRSS from /proc) 2 s after start, and its`,
    `peak, sampled every 100 ms, under the load of benchmark 1 followed by the home page (${CONNECTIONS} connections,`,
    `${SMOKE ? 2 : 10} s each).`,
    '',
    markdown,
  ].join('\n'),
});
