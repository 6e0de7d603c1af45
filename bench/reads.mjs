// Benchmark 1, reads: GET /api/certification of the seeded catalogue against a bare Fastify route that
// answers the same bytes from memory, with the same connections and duration, alternated in one run.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fmt, load, median, ROOT, sampleRss, SMOKE, startProcess, table, writeResult } from './lib/harness.mjs';

const ROUNDS = SMOKE ? 1 : 3;
const CONNECTIONS = SMOKE ? 10 : 50;

const app = await startProcess();
const res = await fetch(`${app.url}/api/certification`);
const bytes = Buffer.from(await res.arrayBuffer());
const dir = mkdtempSync(join(tmpdir(), 'certitude-floor-'));
writeFileSync(join(dir, 'body.json'), bytes);
const floor = await startProcess({
  script: join(ROOT, 'bench/lib/floor-server.mjs'),
  env: { FLOOR_BODY: join(dir, 'body.json'), FLOOR_CONTENT_TYPE: res.headers.get('content-type') },
});

const runs = { app: [], floor: [] };
const memory = sampleRss(app.pid);
try {
  // Warm both (JIT, caches), then alternate so that the machine's drift touches both alike.
  await load({ url: `${app.url}/api/certification`, connections: CONNECTIONS, duration: 1 });
  await load({ url: `${floor.url}/api/certification`, connections: CONNECTIONS, duration: 1 });
  for (let i = 0; i < ROUNDS; i++) {
    runs.floor.push(await load({ url: `${floor.url}/api/certification`, connections: CONNECTIONS }));
    runs.app.push(await load({ url: `${app.url}/api/certification`, connections: CONNECTIONS }));
  }
} finally {
  await app.stop();
  await floor.stop();
}
const peakRss = memory.stop();

const pick = (list, key) => median(list.map((r) => r[key]));
const appRps = pick(runs.app, 'rps');
const floorRps = pick(runs.floor, 'rps');
const appP99 = pick(runs.app, 'p99');
const floorP99 = pick(runs.floor, 'p99');
const failures = [...runs.app, ...runs.floor].reduce((n, r) => n + r.non2xx + r.errors, 0);
const rows = [
  {
    metric: 'requests/s',
    value: appRps,
    floor: floorRps,
    ratio: appRps / floorRps,
    target: '>= 0.8 of floor',
    met: appRps / floorRps >= 0.8,
  },
  {
    metric: 'p99 latency (ms)',
    value: appP99,
    floor: floorP99,
    ratio: appP99 / floorP99,
    target: '< 2x floor',
    met: appP99 < 2 * floorP99,
  },
  { metric: 'non-2xx or errors', value: failures, valueText: String(failures), target: '0', met: failures === 0 },
];
console.log(
  `\nReads: GET /api/certification (${bytes.length} bytes, ${CONNECTIONS} connections, ${ROUNDS} x ${SMOKE ? 2 : 10} s each, medians)`,
);
const markdown = table(rows);
writeResult({
  name: 'reads',
  title: '1. Reads: the certification list against a bare Fastify route',
  rows,
  extra: { bytes: bytes.length, peakRssMb: peakRss, runs },
  markdown: [
    `GET /api/certification of the seeded catalogue (${bytes.length} bytes of JSON, uncompressed since autocannon sends no`,
    `Accept-Encoding) on the built server with the embedded database, against a bare Fastify process answering the same`,
    `bytes with the same content type from memory. ${CONNECTIONS} connections, ${ROUNDS} rounds of ${SMOKE ? 2 : 10} s each,`,
    `alternated (floor, app, ...), after a 1 s warm-up of each; medians of the rounds. The server's peak resident memory`,
    `during the run: ${fmt(peakRss, 0)} MB.`,
    '',
    markdown,
  ].join('\n'),
});
