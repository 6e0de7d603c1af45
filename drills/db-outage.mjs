// Drill 3, database outage: the server runs on a PostgreSQL cluster of the drill's own, which is stopped
// (pg_ctl stop -m immediate) for a while under load. Meanwhile /readyz must answer 503 and the API 503 in the
// error shape of docs/api.md#errors, every answer well within the web client's 15 s timeout, and the process must
// stay up; once the database is back the server must recover by itself within 2 s, without a restart.
//   node drills/db-outage.mjs [--ci]
import * as lib from './lib/drill.mjs';

const OUTAGE_MS = 10_000;
const CLIENTS = 20;
const CLIENT_TIMEOUT_MS = 15_000;
const RECOVERY_TARGET_MS = 2_000;

const pg = await lib.privatePostgres();
let server;
try {
  await lib.pgQuery(pg.url, 'create database certitude');
  const databaseUrl = pg.url.replace(/\/postgres$/, '/certitude');
  const port = await lib.freePort();
  server = await lib.startServer({ port, dataDir: lib.tempDir('db-outage'), env: { DATABASE_URL: databaseUrl } });
  const members = (await lib.pgQuery(databaseUrl, lib.membersSql(CLIENTS, 'outage'))).rows;
  const tokens = await lib.accessTokens(members, server.url, '30m');
  const items = (await lib.pgQuery(databaseUrl, lib.ITEMS_SQL)).rows.filter((i) => i.type === 'certification');

  // Phases: before, during (pg down), after (pg back). Every answer is recorded with its phase.
  let phase = 'before';
  const results = [];
  let stopped = false;
  const loops = Array.from({ length: CLIENTS }, async (_, c) => {
    for (let i = 0; !stopped; i++) {
      const item = items[(c * 11 + i) % items.length];
      // Reads that go to the database (its vote status, its resources), votes, and server-rendered pages.
      const kind = ['read', 'read', 'vote', 'resources', 'page'][i % 5];
      const req =
        kind === 'vote'
          ? {
              method: 'POST',
              path: `/api/vote/certification/${item.id}/${i % 8 < 4 ? 'upvote' : 'downvote'}`,
              token: tokens[c],
            }
          : kind === 'read'
            ? { path: `/api/vote/certification/${item.id}/status`, token: tokens[c] }
            : kind === 'page'
              ? { path: `/certification/${item.id}` }
              : { path: `/api/resource/certification/${item.id}` };
      const startedIn = phase;
      const res = await lib.send(server.url, { ...req, timeoutMs: CLIENT_TIMEOUT_MS });
      results.push({ ...res, kind, phase: startedIn });
      await lib.sleep(50);
    }
  });

  await lib.sleep(3_000);
  phase = 'during';
  const downAt = performance.now();
  pg.stop('immediate');
  console.log(`PostgreSQL stopped (immediate) at t=0; clients keep going for ${OUTAGE_MS / 1000} s`);
  // /readyz and an API read, polled every 100 ms through the outage and the recovery.
  const probes = [];
  let probing = true;
  const probe = (async () => {
    while (probing) {
      const at = performance.now();
      const [ready, read] = await Promise.all([
        lib.send(server.url, { path: '/readyz', timeoutMs: CLIENT_TIMEOUT_MS }),
        lib.send(server.url, { path: `/api/certification/${items[0].id}`, timeoutMs: CLIENT_TIMEOUT_MS }),
      ]);
      probes.push({ at, ready, read, phase });
      await lib.sleep(100);
    }
  })();
  await lib.sleep(OUTAGE_MS);
  pg.start();
  const upAt = performance.now();
  phase = 'after';
  console.log(`PostgreSQL accepting connections again at t=${lib.fmt((upAt - downAt) / 1000, 1)} s`);
  // Recovery: the first 200 on /readyz and on an API read after PostgreSQL is back, polled every 20 ms.
  const firstOk = async (path) => {
    for (;;) {
      const res = await lib.send(server.url, { path, timeoutMs: CLIENT_TIMEOUT_MS });
      if (res.status === 200) return performance.now() - upAt;
      if (performance.now() - upAt > 30_000) return Infinity;
      await lib.sleep(20);
    }
  };
  const [readyMs, readMs, voteMs] = await Promise.all([
    firstOk('/readyz'),
    firstOk(`/api/certification/${items[1].id}`),
    (async () => {
      for (;;) {
        const res = await lib.send(server.url, {
          method: 'POST',
          path: `/api/vote/certification/${items[2].id}/upvote`,
          token: tokens[0],
        });
        if (res.status === 200) return performance.now() - upAt;
        if (performance.now() - upAt > 30_000) return Infinity;
        await lib.sleep(20);
      }
    })(),
  ]);
  await lib.sleep(2_000);
  stopped = true;
  probing = false;
  await Promise.all([...loops, probe]);
  const alive = server.alive();
  await server.kill('SIGTERM');
  const { code } = await server.exited;

  const duringAll = results.filter((r) => r.phase === 'during');
  const during = duringAll.filter((r) => r.kind !== 'page');
  const pagesDuring = duringAll.filter((r) => r.kind === 'page');
  const duringProbes = probes.filter((p) => p.phase === 'during' && p.at - downAt > 500);
  const count = (list) => {
    const c = {};
    for (const r of list) c[r.status ?? r.error] = (c[r.status ?? r.error] ?? 0) + 1;
    return c;
  };
  console.log('API answers during the outage:', count(during));
  console.log('pages during the outage:', count(pagesDuring));
  console.log('/readyz during the outage:', count(duringProbes.map((p) => p.ready)));
  console.log('GET /api/certification/{id} during the outage:', count(duringProbes.map((p) => p.read)));
  const after = results.filter((r) => r.phase === 'after');
  console.log('answers after the database came back:', count(after));
  const bad = during.filter((r) => !(r.status === 503 && lib.isErrorShape(r)) && r.status !== 200);
  const slowest = Math.max(...duringAll.map((r) => r.ms), ...duringProbes.map((p) => Math.max(p.ready.ms, p.read.ms)));
  const readyDuring503 = duringProbes.filter((p) => p.ready.status === 503).length;
  const output = server.output();
  const crashed = /Certitude could not start|uncaught|unhandled/i.test(output);
  const fiveHundreds = results.filter((r) => r.status === 500).length;
  const afterBefore = results.filter((r) => r.phase === 'before');

  lib.finish({
    name: 'db-outage',
    title: '3. Database outage: PostgreSQL stopped under load',
    description: [
      `The built server on a PostgreSQL 15 cluster of the drill's own (initdb in /tmp, a free port). ${CLIENTS} members each`,
      'send one request at a time, 50 ms apart: their vote status on a certification, its resources, votes, and the',
      'server-rendered certification page. After 3 s',
      `the cluster is stopped with \`pg_ctl stop -m immediate\` (a crash: connections cut, no goodbye) for ${OUTAGE_MS / 1000} s,`,
      'while /readyz and GET /api/certification/{id} are polled every 100 ms; then `pg_ctl start` and the time to the',
      'first 200 on /readyz, on an API read and on a vote is measured from the moment pg_ctl reports the cluster up.',
    ].join('\n'),
    checks: [
      {
        name: '/readyz while the database is down',
        value: `${readyDuring503} of ${duringProbes.length} polls answered 503`,
        target: 'all 503',
        pass: duringProbes.length > 0 && readyDuring503 === duringProbes.length,
      },
      {
        name: 'API answers while the database is down',
        value: `${during.length}: ${JSON.stringify(count(during))}; ${bad.length} not a 503 in the error shape nor a 200`,
        target: '503 {statusCode, error, message}',
        pass: during.length > 0 && bad.length === 0,
      },
      {
        name: 'slowest answer during the outage',
        value: `${lib.fmt(slowest)} ms (p99 ${lib.fmt(
          lib.percentile(
            during.map((r) => r.ms),
            99,
          ),
        )} ms)`,
        target: `< ${CLIENT_TIMEOUT_MS / 1000} s, no hang`,
        pass: slowest < CLIENT_TIMEOUT_MS && duringAll.every((r) => r.error === undefined),
      },
      {
        name: 'server-rendered pages while the database is down',
        value: JSON.stringify(count(pagesDuring)),
        target: 'answered (an error page), no crash',
        pass: pagesDuring.length > 0 && pagesDuring.every((r) => r.status !== undefined),
      },
      {
        name: 'recovery after the database is back: /readyz',
        value: `${lib.fmt(readyMs)} ms`,
        target: `<= ${RECOVERY_TARGET_MS} ms`,
        pass: readyMs <= RECOVERY_TARGET_MS,
      },
      {
        name: 'recovery: API read, vote',
        value: `${lib.fmt(readMs)} ms, ${lib.fmt(voteMs)} ms`,
        target: `<= ${RECOVERY_TARGET_MS} ms`,
        pass: readMs <= RECOVERY_TARGET_MS && voteMs <= RECOVERY_TARGET_MS,
      },
      {
        name: 'process through the outage',
        value: `${alive ? 'still running, never restarted' : 'DIED'}; 500s: ${fiveHundreds}; exit code after SIGTERM ${code}`,
        target: 'up, no 500, exits 0',
        pass: alive && !crashed && fiveHundreds === 0 && code === 0,
      },
      {
        name: 'answers before and after the outage',
        value: `${afterBefore.filter((r) => r.status === 200).length}/${afterBefore.length} and ${after.filter((r) => r.status === 200).length}/${after.length} answered 200`,
        target: 'reported',
        pass: true,
      },
    ],
    notes: [],
  });
} finally {
  if (server?.alive()) await server.kill('SIGKILL');
  await pg.remove();
}
