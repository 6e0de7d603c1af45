// Drill 2, graceful stop: SIGTERM while the server is under load. Requests in flight when the signal arrives
// must all be answered (no connection reset), requests sent after it must be refused cleanly (503 in the
// error shape of docs/api.md#errors, or the connection refused once the port is closed), and the process must exit 0.
//   node drills/graceful-stop.mjs [--ci] [pglite|postgres]
import * as lib from './lib/drill.mjs';

const CONNECTIONS = 60;
const LOAD_MS = lib.CI ? 2_000 : 4_000;
/** How long the clients keep sending after SIGTERM. */
const AFTER_MS = 1_500;
const kinds = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const KINDS = kinds.length ? kinds : lib.CI ? ['pglite'] : ['pglite', 'postgres'];

/**
 * What the checks need of an answer, and nothing more: keeping every answer's body (server-rendered pages among
 * them) made the drill's own garbage collection pause its clients for 100 ms and more, long enough for the
 * server to take the pause for the end of the traffic and close its port while the clients were still sending
 * (docs/testing.md, "Causes found and fixed").
 */
function outcome(res, startedAt, path) {
  return {
    status: res.status,
    error: res.error,
    errorShape: res.status === undefined ? false : lib.isErrorShape(res),
    startedAt,
    endedAt: performance.now(),
    path,
  };
}

/**
 * The longest pause of this process's event loop while its clients send after SIGTERM: a pause longer than the
 * server's quiet period (apps/server/src/lib/drain.ts) looks, from the server, like the end of the traffic.
 */
function watchPauses() {
  let longest = 0;
  let last = performance.now();
  const timer = setInterval(() => {
    const now = performance.now();
    longest = Math.max(longest, now - last - 10);
    last = now;
  }, 10);
  return () => {
    clearInterval(timer);
    return longest;
  };
}

async function drill(kind, databaseUrl) {
  const port = await lib.freePort();
  const env = databaseUrl ? { DATABASE_URL: databaseUrl } : {};
  const server = await lib.startServer({ port, dataDir: lib.tempDir(`stop-${kind}`), env });
  // Members to vote with, inserted through PostgreSQL; on PGlite the load is reads and pages only (the one
  // process that holds the embedded database is the server).
  let tokens = [];
  let items = [];
  if (databaseUrl) {
    const members = (await lib.pgQuery(databaseUrl, lib.membersSql(CONNECTIONS, 'stop'))).rows;
    tokens = await lib.accessTokens(members, server.url, '30m');
    items = (await lib.pgQuery(databaseUrl, lib.ITEMS_SQL)).rows.filter((i) => i.type === 'certification');
  } else {
    items = (await lib.send(server.url, { path: '/api/certification' })).body.map((c) => ({ id: c.id, slug: c.slug }));
  }

  let signalAt = Infinity;
  let stopped = false;
  const results = [];
  const loops = Array.from({ length: CONNECTIONS }, async (_, c) => {
    for (let i = 0; !stopped; i++) {
      const item = items[(c * 7 + i) % items.length];
      const r = i % 4;
      const req =
        tokens.length && r === 0
          ? {
              method: 'POST',
              path: `/api/vote/certification/${item.id}/${i % 8 ? 'upvote' : 'downvote'}`,
              token: tokens[c],
            }
          : r === 1
            ? { path: `/certification/${item.slug ?? item.id}` } // a server-rendered page: the slowest answer
            : r === 2
              ? { path: `/api/certification/${item.id}/comments` }
              : { path: '/api/certification' };
      const started = performance.now();
      const res = await lib.send(server.url, { ...req, timeoutMs: 15_000 });
      results.push(outcome(res, started, req.path));
      if (res.error === 'ECONNREFUSED') await lib.sleep(50);
    }
  });
  await lib.sleep(LOAD_MS);
  signalAt = performance.now();
  server.child.kill('SIGTERM');
  const exit = server.exited.then((e) => ({ ...e, ms: performance.now() - signalAt }));
  // Besides the clients' next requests (which wait for their answers), a new request every 20 ms.
  const late = [];
  const pauses = watchPauses();
  // By the clock: on a busy machine the 20 ms sleeps last longer, and the clients must stop well within the
  // server's longest drain (DRAIN_MAX_MS), or the port closes while they still send.
  while (performance.now() - signalAt < AFTER_MS) {
    const started = performance.now();
    late.push(
      lib
        .send(server.url, { path: '/api/certification' })
        .then((res) => results.push(outcome(res, started, '/api/certification'))),
    );
    await lib.sleep(20);
  }
  stopped = true;
  const longestPause = pauses();
  await Promise.all([...loops, ...late]);
  const { code, signal, ms: exitMs } = await exit;

  const before = results.filter((r) => r.startedAt < signalAt);
  const inFlight = before.filter((r) => r.endedAt >= signalAt);
  const inFlightAnswered = inFlight.filter((r) => r.status);
  const inFlightReset = inFlight.filter((r) => !r.status);
  const after = results.filter((r) => r.startedAt >= signalAt);
  const after503 = after.filter((r) => r.status === 503);
  const after503Shaped = after503.filter((r) => r.errorShape);
  const refused = after.filter((r) => r.error === 'ECONNREFUSED');
  const otherAfter = after.filter((r) => r.status !== 503 && r.error !== 'ECONNREFUSED' && !(r.status < 500));
  const statusesInFlight = {};
  for (const r of inFlight) statusesInFlight[r.status ?? r.error] = (statusesInFlight[r.status ?? r.error] ?? 0) + 1;
  const statusesAfter = {};
  for (const r of after) statusesAfter[r.status ?? r.error] = (statusesAfter[r.status ?? r.error] ?? 0) + 1;
  const portClosedMs = refused.length ? Math.min(...refused.map((r) => r.endedAt)) - signalAt : null;
  console.log(`${kind}: in flight at SIGTERM`, statusesInFlight, '; sent after', statusesAfter);
  console.log(
    `${kind}: the clients sent for ${lib.fmt(AFTER_MS)} ms after SIGTERM, their longest pause ${lib.fmt(longestPause)} ms; ` +
      (portClosedMs === null
        ? 'no connection refused'
        : `first connection refused ${lib.fmt(portClosedMs)} ms after SIGTERM`),
  );
  const fiveXxBefore = before.filter((r) => r.status >= 500 && r.status !== 503).length;
  if (fiveXxBefore) {
    const paths = [...new Set(before.filter((r) => r.status >= 500 && r.status !== 503).map((r) => r.path))];
    const errors = server
      .output()
      .split('\n')
      .filter((l) => l.includes('"level":50'));
    console.log(`5xx on ${paths.slice(0, 5).join(', ')}; the server logged:\n${errors.slice(0, 3).join('\n')}`);
  }
  return {
    kind,
    requestsBefore: before.length,
    inFlight: inFlight.length,
    inFlightAnswered: inFlightAnswered.length,
    inFlightReset: inFlightReset.length,
    resetKinds: [...new Set(inFlightReset.map((r) => r.error))],
    after: after.length,
    after503: after503.length,
    after503Shaped: after503Shaped.length,
    afterAccepted: after.filter((r) => r.status && r.status < 500).length,
    refused: refused.length,
    otherAfter: otherAfter.length,
    otherKinds: [...new Set(otherAfter.map((r) => r.status ?? r.error))],
    longestPause,
    fiveXxBefore,
    code,
    signal,
    exitMs,
  };
}

const figures = [];
for (const kind of KINDS) {
  figures.push(
    kind === 'postgres' ? await lib.withDatabase('stop', (url) => drill(kind, url)) : await drill(kind, undefined),
  );
}

const checks = figures.flatMap((f) => {
  const name = f.kind === 'pglite' ? 'PGlite' : 'PostgreSQL';
  return [
    {
      name: `${name}: requests in flight at SIGTERM answered`,
      value: `${f.inFlightAnswered} of ${f.inFlight}${f.inFlightReset ? ` (${f.inFlightReset} cut: ${f.resetKinds.join(', ')})` : ''}`,
      target: 'all, none reset',
      pass: f.inFlight > 0 && f.inFlightReset === 0,
    },
    {
      name: `${name}: requests sent after SIGTERM`,
      value: `${f.after}: ${f.after503} answered 503 (${f.after503Shaped} in the error shape), ${f.refused} connections refused, ${f.afterAccepted} still served, ${f.otherAfter} other${f.otherKinds.length ? ` (${f.otherKinds.join(', ')})` : ''}`,
      target: '503 or refused, nothing else',
      pass: f.otherAfter === 0 && f.after503Shaped === f.after503 && f.after > 0,
    },
    {
      name: `${name}: exit`,
      value: `code ${f.code}${f.signal ? ` (signal ${f.signal})` : ''}, ${lib.fmt(f.exitMs)} ms after SIGTERM`,
      target: 'code 0',
      pass: f.code === 0,
    },
    { name: `${name}: 5xx before SIGTERM`, value: String(f.fiveXxBefore), target: '0', pass: f.fiveXxBefore === 0 },
  ];
});

lib.finish({
  name: 'graceful-stop',
  title: '2. Graceful stop: SIGTERM under load',
  description: [
    `${CONNECTIONS} clients, each sending one request at a time on a new connection (no keep-alive, so that no request`,
    'races the server closing an idle connection): the certification list, a comment tree, a server-rendered',
    `certification page, and on PostgreSQL a vote of a member of its own. After ${LOAD_MS / 1000} s the server gets SIGTERM; the`,
    `clients go on for ${AFTER_MS / 1000} s, and one more request starts every 20 ms meanwhile. A request is in flight when`,
    'it started before the signal and ended after it.',
  ].join('\n'),
  checks,
  notes: [
    '| database | requests before SIGTERM | in flight at SIGTERM | answered | reset | sent after | 503 | refused | exit code | exit after |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
    ...figures.map(
      (f) =>
        `| ${f.kind} | ${f.requestsBefore} | ${f.inFlight} | ${f.inFlightAnswered} | ${f.inFlightReset} | ${f.after} | ${f.after503} | ${f.refused} | ${f.code} | ${lib.fmt(f.exitMs)} ms |`,
    ),
  ],
});
