// Benchmark 3, votes: votes per second from 200 distinct signed-in members on PostgreSQL, each request a
// different member and item, against pgbench's simple-update transactions per second on the same server in
// the same run; and the same votes on the embedded database beside it.
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import autocannon from 'autocannon';
import pg from 'pg';
import { accessTokens, fmt, SMOKE, startProcess, table, withDatabase, writeResult } from './lib/harness.mjs';

const MEMBERS = 200;
// 25 votes each stays under the per-account limit of 30 a minute: the run measures the server, not the limiter.
const VOTES_EACH = SMOKE ? 3 : 25;
const ITEMS = 25;
const CONNECTIONS = SMOKE ? 10 : 50;
const PGBENCH = '/usr/lib/postgresql/15/bin/pgbench';
const PGBENCH_SECONDS = SMOKE ? 2 : 10;
/** pgbench's scale: 10 (a million accounts) for the figure; 1 in a smoke run, which only checks that the benchmark runs. */
const PGBENCH_SCALE = SMOKE ? 1 : 10;

const MEMBERS_SQL = `insert into users (username, email, email_verified)
  select 'voter_' || g, 'voter_' || g || '@example.com', true from generate_series(1, ${MEMBERS}) g
  returning id, username, role`;
const ITEMS_SQL = `select id from certifications where status = 'APPROVED' order by id limit ${ITEMS}`;
const COUNTS_SQL = `select
    (select count(*) from certification_votes)::int as rows,
    (select sum(upvote_count + downvote_count) from certifications)::int as counted`;

/**
 * Every member votes once on each of the items: request i is member u = i mod 200 in round r = i div 200, on
 * item (u + r) mod 25, so that consecutive requests differ in member and item and no item is a hot spot.
 */
async function castVotes(url, tokens, items) {
  const total = tokens.length * VOTES_EACH;
  let next = 0;
  const started = performance.now();
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    amount: total,
    requests: [
      {
        method: 'POST',
        setupRequest: (req) => {
          const i = next++;
          const member = i % tokens.length;
          const item = items[(member + Math.floor(i / tokens.length)) % items.length];
          return {
            ...req,
            path: `/api/vote/certification/${item}/upvote`,
            headers: { authorization: `Bearer ${tokens[member]}`, 'content-type': 'application/json' },
          };
        },
      },
    ],
  });
  const seconds = (performance.now() - started) / 1000;
  return {
    votes: result['2xx'],
    failed: result.non2xx + result.errors,
    seconds,
    perSecond: result['2xx'] / seconds,
    p99: result.latency.p99,
  };
}

function pgbench(url) {
  execFileSync(PGBENCH, ['-i', '-q', '-s', String(PGBENCH_SCALE), url], { stdio: 'pipe' });
  const out = execFileSync(PGBENCH, ['-N', '-c', String(CONNECTIONS), '-j', '2', '-T', String(PGBENCH_SECONDS), url], {
    encoding: 'utf8',
  });
  return Number(/tps = ([\d.]+) \(without initial connection time\)/.exec(out)?.[1]);
}

async function onPostgres() {
  return withDatabase('votes', async (url) =>
    withDatabase('pgbench', async (pgbenchUrl) => {
      const before = pgbench(pgbenchUrl);
      const app = await startProcess({ env: { DATABASE_URL: url } });
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        const members = (await client.query(MEMBERS_SQL)).rows;
        const items = (await client.query(ITEMS_SQL)).rows.map((r) => r.id);
        const run = await castVotes(app.url, await accessTokens(members, app.url, '10m'), items);
        const after = pgbench(pgbenchUrl);
        const counts = (await client.query(COUNTS_SQL)).rows[0];
        return { run, tps: (before + after) / 2, tpsRuns: [before, after], counts };
      } finally {
        await client.end();
        await app.stop();
      }
    }),
  );
}

async function onPglite() {
  const first = await startProcess();
  await first.stop();
  const open = () => PGlite.create(join(first.dataDir, 'db'), { extensions: { pg_trgm } });
  let db = await open();
  const members = (await db.query(MEMBERS_SQL)).rows;
  const items = (await db.query(ITEMS_SQL)).rows.map((r) => r.id);
  await db.close();
  const app = await startProcess({ env: { DATA_DIR: first.dataDir } });
  let run;
  try {
    run = await castVotes(app.url, await accessTokens(members, app.url, '10m'), items);
  } finally {
    await app.stop();
  }
  db = await open();
  const counts = (await db.query(COUNTS_SQL)).rows[0];
  await db.close();
  return { run, counts };
}

const postgres = await onPostgres();
const pglite = await onPglite();
const ratio = postgres.run.perSecond / postgres.tps;
const rows = [
  {
    metric: 'PostgreSQL votes/s',
    value: postgres.run.perSecond,
    floor: postgres.tps,
    ratio,
    target: '>= 0.3 of pgbench tps',
    met: ratio >= 0.3 && postgres.run.failed === 0,
  },
  { metric: 'PostgreSQL vote p99 (ms)', value: postgres.run.p99, target: 'reported', met: true },
  {
    metric: 'PGlite votes/s',
    value: pglite.run.perSecond,
    floor: postgres.tps,
    ratio: pglite.run.perSecond / postgres.tps,
    target: 'reported',
    met: pglite.run.failed === 0,
  },
  {
    metric: 'counters equal rows (PostgreSQL, PGlite)',
    value: 0,
    valueText: `${postgres.counts.counted}=${postgres.counts.rows}, ${pglite.counts.counted}=${pglite.counts.rows}`,
    target: 'equal',
    met: postgres.counts.counted === postgres.counts.rows && pglite.counts.counted === pglite.counts.rows,
  },
];
console.log(
  `\nVotes: ${MEMBERS} members x ${VOTES_EACH} votes, ${CONNECTIONS} connections; pgbench -N -c ${CONNECTIONS} -T ${PGBENCH_SECONDS}`,
);
const markdown = table(rows);
writeResult({
  name: 'votes',
  title: '3. Votes on PostgreSQL against pgbench',
  rows,
  extra: { postgres, pglite },
  markdown: [
    `${MEMBERS} members (inserted in SQL, signed in with access tokens minted with the server's secret) each cast ${VOTES_EACH}`,
    `upvotes on ${ITEMS} approved certifications: ${MEMBERS * VOTES_EACH} POST /api/vote/certification/{id}/upvote over`,
    `${CONNECTIONS} connections; request i is member u = i mod ${MEMBERS} in round r = i div ${MEMBERS} on item (u + r) mod ${ITEMS},`,
    `so consecutive requests differ in member and item. ${VOTES_EACH} votes each keeps every member under the limit of 30 votes a minute. The floor: pgbench's`,
    `simple-update transactions (-N, scale ${PGBENCH_SCALE}, ${CONNECTIONS} clients, ${PGBENCH_SECONDS} s) on the same PostgreSQL server,`,
    `run before and after the votes (${postgres.tpsRuns.map((t) => fmt(t, 0)).join(' and ')} tps; their mean is the floor).`,
    `Each vote is one transaction that reads the item, writes the vote row and the item's counter.`,
    '',
    markdown,
  ].join('\n'),
});
