// Soak: the built server (npm run build first) on PostgreSQL under reads and writes for `--minutes N` (10 by
// default, 1 with --smoke): the mixed reads of bench/memory.mjs at a steady rate, and members voting (an upvote
// that the next one takes back), each of which drops the list and the pages kept in memory. The resident memory of
// the server (and of what it started), its own share and V8's heap are written down every minute: after the first
// minutes of warm-up, they must not grow.
import pg from 'pg';
import autocannon from 'autocannon';
import { accessTokens, fmt, SMOKE, startProcess, table, withDatabase, writeResult } from './lib/harness.mjs';
import { heapMb, METRICS_TOKEN, readsOf, treeRss } from './lib/process-memory.mjs';

const at = process.argv.indexOf('--minutes');
const MINUTES = SMOKE ? 1 : Number(at > 0 ? process.argv[at + 1] : 10);
const READS_PER_S = 150;
const VOTES_PER_S = 10;
const MEMBERS = 2_000;
/** Growth allowed from the end of the warm-up (the third minute) to the end, in MB: what the caches may still fill. */
const GROWTH_LIMIT_MB = 15;
const WARMUP_MINUTE = Math.min(3, MINUTES);

const series = [];
await withDatabase('soak', async (databaseUrl) => {
  const app = await startProcess({
    env: { DATABASE_URL: databaseUrl, METRICS: 'true', METRICS_TOKEN },
    readyPath: '/',
  });
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows: members } = await client.query(
      `insert into users (username, email, email_verified)
       select 'soak_' || g, 'soak_' || g || '@example.com', true from generate_series(1, ${MEMBERS}) g
       returning id, username, role`,
    );
    const tokens = await accessTokens(members, app.url, `${MINUTES + 5}m`);
    const { rows: targets } = await client.query(
      `select id from certifications where status = 'APPROVED' order by id limit 50`,
    );
    const paths = await readsOf(app.url);
    let vote = 0;
    const take = (minute) => {
      const rss = treeRss(app.pid);
      return heapMb(app.url).then((heap) => {
        series.push({ minute, total: rss.total, own: rss.own, ownAnon: rss.ownAnon, ...heap });
        console.log(
          `minute ${minute}: ${fmt(rss.total)} MB in all, the server's own ${fmt(rss.own)} MB (private ${fmt(rss.ownAnon)}), heap ${fmt(heap.heapUsed)} MB`,
        );
      });
    };
    await take(0);
    let minute = 0;
    const timer = setInterval(() => void take(++minute), 60_000);
    const duration = MINUTES * 60;
    const [reads, votes] = await Promise.all([
      autocannon({
        url: app.url,
        connections: 8,
        overallRate: READS_PER_S,
        duration,
        headers: { 'accept-encoding': 'br, gzip' },
        requests: paths.map((path) => ({ method: 'GET', path })),
      }),
      autocannon({
        url: app.url,
        connections: 2,
        overallRate: VOTES_PER_S,
        duration,
        requests: [
          {
            method: 'POST',
            setupRequest: (request) => {
              // Each member votes on their own certification, on and off again: two votes a member in each pass.
              const i = vote++;
              const member = Math.floor(i / 2) % MEMBERS;
              return {
                ...request,
                path: `/api/vote/certification/${targets[member % targets.length].id}/upvote`,
                headers: { ...request.headers, authorization: `Bearer ${tokens[member]}` },
              };
            },
          },
        ],
      }),
    ]);
    clearInterval(timer);
    if (minute < MINUTES) await take(MINUTES);
    series.failed = reads.non2xx + reads.errors + reads.timeouts + votes.non2xx + votes.errors + votes.timeouts;
    series.requests = reads.requests.total + votes.requests.total;
  } finally {
    await client.end();
    await app.stop();
  }
});

const warm = series.find((s) => s.minute === WARMUP_MINUTE) ?? series[0];
const last = series[series.length - 1];
const rows = [
  ...series.map((s) => ({
    metric: `minute ${s.minute}: resident memory in all (MB); the server's own ${fmt(s.own)}, V8 heap used ${fmt(s.heapUsed)}`,
    value: s.total,
    target: 'reported',
    met: true,
  })),
  {
    metric: `growth of the resident memory from minute ${warm.minute} to minute ${last.minute} (MB)`,
    value: last.total - warm.total,
    target: `<= ${GROWTH_LIMIT_MB}`,
    met: SMOKE || last.total - warm.total <= GROWTH_LIMIT_MB,
  },
  {
    metric: 'failed requests',
    value: series.failed,
    valueText: String(series.failed),
    target: '0',
    met: series.failed === 0,
  },
];
console.log(`\nSoak: ${MINUTES} minute(s), ${series.requests} requests`);
const markdown = table(rows);
writeResult({
  name: 'soak',
  title: 'Soak: memory under reads and writes',
  rows,
  extra: { series, minutes: MINUTES },
  markdown: [
    `The built server on PostgreSQL for ${MINUTES} minute(s): ${READS_PER_S} mixed reads a second (those of the memory`,
    `benchmark, brotli accepted) and ${VOTES_PER_S} votes a second by ${MEMBERS} members (each upvote taken back by the next,`,
    'every one dropping the kept list). Resident memory of the server and every process it started, each minute.',
    '',
    markdown,
  ].join('\n'),
});
