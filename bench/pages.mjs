// Benchmark 2, pages: the server-rendered home and certification pages for a visitor, against the same HTML
// served as a static file by the same server, with the same connections and duration, alternated in one run.
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fmt, load, median, SMOKE, startProcess, table, WEB_CLIENT_DIR, writeResult } from './lib/harness.mjs';

const ROUNDS = SMOKE ? 1 : 3;
const CONNECTIONS = SMOKE ? 10 : 50;
const PAGES = [
  { label: 'home', path: '/' },
  { label: 'certification', path: '/certification/certified-kubernetes-administrator-cka' },
];

// The static floor is a file of the built web app, which the server lists when it starts: render the pages
// once, write them beside the app's files, then start the server again on the same data.
const first = await startProcess();
const files = [];
try {
  for (const p of PAGES) {
    const html = await (await fetch(`${first.url}${p.path}`)).text();
    p.file = `bench-${p.label}-${process.pid}.html`;
    writeFileSync(join(WEB_CLIENT_DIR, p.file), html);
    files.push(join(WEB_CLIENT_DIR, p.file));
    p.bytes = Buffer.byteLength(html);
  }
} finally {
  await first.stop();
}

const rows = [];
const app = await startProcess({ env: { DATA_DIR: first.dataDir } });
try {
  for (const p of PAGES) {
    const page = `${app.url}${p.path}`;
    const file = `${app.url}/${p.file}`;
    await load({ url: page, connections: CONNECTIONS, duration: 1 });
    await load({ url: file, connections: CONNECTIONS, duration: 1 });
    const runs = { page: [], file: [] };
    for (let i = 0; i < ROUNDS; i++) {
      runs.file.push(await load({ url: file, connections: CONNECTIONS }));
      runs.page.push(await load({ url: page, connections: CONNECTIONS }));
    }
    const rps = median(runs.page.map((r) => r.rps));
    const floor = median(runs.file.map((r) => r.rps));
    const failures = [...runs.page, ...runs.file].reduce((n, r) => n + r.non2xx + r.errors, 0);
    rows.push({
      metric: `${p.label} page, requests/s`,
      value: rps,
      floor,
      ratio: rps / floor,
      target: '>= 0.7 of static file',
      met: rps / floor >= 0.7 && failures === 0,
      note: failures ? `${failures} non-2xx or errors` : undefined,
    });
    rows.push({
      metric: `${p.label} page, p99 (ms)`,
      value: median(runs.page.map((r) => r.p99)),
      floor: median(runs.file.map((r) => r.p99)),
      ratio: median(runs.page.map((r) => r.p99)) / Math.max(1, median(runs.file.map((r) => r.p99))),
      target: 'reported',
      met: true,
    });
  }
} finally {
  await app.stop();
  for (const f of files) rmSync(f, { force: true });
}

console.log(`\nPages for a visitor (${CONNECTIONS} connections, ${ROUNDS} x ${SMOKE ? 2 : 10} s each, medians)`);
const markdown = table(rows);
writeResult({
  name: 'pages',
  title: '2. Pages: server-rendered pages for a visitor against the same HTML as a static file',
  rows,
  markdown: [
    `The home page (${fmt(PAGES[0].bytes / 1024)} KiB of HTML) and a certification page (${fmt(PAGES[1].bytes / 1024)} KiB) as a`,
    `visitor asks for them (no cookies, no credentials), against the same bytes written into the built web app's folder and`,
    `served by the same server as a static file (@fastify/static). Uncompressed on both sides (autocannon sends no`,
    `Accept-Encoding). ${CONNECTIONS} connections, ${ROUNDS} rounds of ${SMOKE ? 2 : 10} s each, alternated, after a 1 s warm-up;`,
    `medians. Pages come from the visitors' page cache (decision 10) after the first render.`,
    '',
    markdown,
  ].join('\n'),
});
