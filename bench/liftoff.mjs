// What `--liftoff-only` costs the embedded database's queries: two built servers (npm run build first) on copies
// of the seeded PGlite database, one with the default flags (PGlite's WebAssembly in baseline code only) and one
// without that flag (`--max-semi-space-size=16 --optimize-for-size`, so TurboFan may recompile the hot functions),
// each answer that PGlite computes (pages of the list in each order, a certification's ratings, a ranked search)
// timed on the two in turn, in blocks of 20 sequential requests, after a warm-up long enough for the optimising
// tier. The ratio is the baseline's time over the optimised one's.
import { fmt, median, percentile, SMOKE, startProcess, table, writeResult } from './lib/harness.mjs';

const SAMPLES = SMOKE ? 20 : 400;
const WARMUP = SMOKE ? 10 : 300;
const BLOCK = 20;
const WITHOUT = '--max-semi-space-size=16 --optimize-for-size';

// One after the other, with time to spare: a loaded machine starts PGlite slowly.
const servers = [
  await startProcess({ env: {}, readyTimeoutMs: 180_000 }),
  await startProcess({ env: { MEMORY_FLAGS: WITHOUT }, readyTimeoutMs: 180_000 }),
];
const rows = [];
try {
  const list = await (await fetch(`${servers[0].url}/api/certification`)).json();
  const id = list[0].id;
  const paths = [
    '/api/certification?sort=best&limit=20',
    '/api/certification?sort=name&limit=20',
    '/api/certification?sort=trending&limit=20',
    `/api/certification/${id}/ratings`,
    '/api/search?q=cloud%20security',
  ];
  const once = async (url, path) => {
    const started = performance.now();
    const res = await fetch(`${url}${path}`);
    await res.arrayBuffer();
    if (res.status >= 400) throw new Error(`${path} answered ${res.status}`);
    return performance.now() - started;
  };
  for (const path of paths) {
    const times = [[], []];
    for (let i = 0; i < WARMUP; i++) for (const s of servers) await once(s.url, path);
    for (let block = 0; block < SAMPLES / BLOCK; block++) {
      for (const [k, s] of servers.entries()) for (let i = 0; i < BLOCK; i++) times[k].push(await once(s.url, path));
    }
    const [liftoff, optimised] = times.map((t) => median(t));
    rows.push({
      metric: `${path}: median ms with --liftoff-only (p95 ${fmt(percentile(times[0], 95))} vs ${fmt(percentile(times[1], 95))})`,
      value: liftoff,
      floor: optimised,
      ratio: liftoff / optimised,
      target: 'reported',
      met: true,
    });
  }
} finally {
  await Promise.all(servers.map((s) => s.stop()));
}
console.log('\nThe cost of --liftoff-only on PGlite (value: with it; floor: without it)');
const markdown = table(rows);
writeResult({
  name: 'liftoff',
  title: 'The cost of --liftoff-only to the embedded database',
  rows,
  markdown: [
    `Two built servers on copies of the seeded PGlite database, with the default flags and with`,
    `MEMORY_FLAGS='${WITHOUT}', each line timed on the two in turn in blocks of ${BLOCK} sequential requests`,
    `(${SAMPLES} each after ${WARMUP} of warm-up each). "value": the median with --liftoff-only; "floor": without it.`,
    '',
    markdown,
  ].join('\n'),
});
