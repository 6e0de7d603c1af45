// Drill 1, crash: under a steady load of votes, comments and submissions from many members, the server is
// killed with SIGKILL at a random moment, again and again, and restarted on the same data each time. Every
// write answered 2xx is recorded with what it created; afterwards each must be in the database, every write
// refused with 4xx must not be, and every item's vote counters must equal its vote rows. On the embedded
// database (PGlite, DATA_DIR) and on PostgreSQL (DATABASE_URL).
//   node drills/crash.mjs [--ci] [pglite|postgres]
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import * as lib from './lib/drill.mjs';

const KILLS = lib.CI ? 3 : 10;
const MEMBERS = lib.CI ? 30 : 50;
/** The server lives this long under load before each SIGKILL (a uniformly random moment). */
const LIFE_MS = lib.CI ? [1_500, 4_000] : [2_000, 6_000];
/** Each member waits this long between its requests: about 160 requests a second from 50 members. */
const THINK_MS = [150, 450];
const kinds = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const KINDS = kinds.length ? kinds : ['pglite', 'postgres'];

const rand = (lo, hi) => lo + Math.random() * (hi - lo);
const shuffle = (a) => {
  for (let i = a.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [a[i], a[j]] = [a[j], a[i]];
  }
  return a;
};

/**
 * The ledger of every write sent: `acked` (2xx, with what it created), `refused` (4xx: must have changed
 * nothing) or `unknown` (no answer: the connection died with the server; either outcome is right).
 */
function newLedger() {
  return { votes: [], comments: [], certifications: [], resources: [], other: [], fiveXx: 0, latencies: [] };
}

/**
 * Each member sends one request at a time: a vote on an item it never voted on before (so that every vote
 * creates a row of a known value), a comment (at most one per 5 s, the posting limit), or a submission.
 */
function startLoad(url, members, items, ledger, tag, life) {
  let stopped = false;
  const certIds = items.filter((i) => i.type === 'certification').map((i) => i.id);
  const loops = members.map(async (m) => {
    while (!stopped) {
      await lib.sleep(rand(...THINK_MS));
      if (stopped) break;
      const r = Math.random();
      if (r < 0.55 && m.queue.length) {
        const item = m.queue.pop();
        const value = Math.random() < 0.7 ? 1 : -1;
        const res = await lib.send(url, {
          method: 'POST',
          path: `/api/vote/${item.type}/${item.id}/${value === 1 ? 'upvote' : 'downvote'}`,
          token: m.token,
        });
        record(ledger.votes, res, { userId: m.id, type: item.type, itemId: item.id, value });
        if (res.status === 200 && (!res.body?.hasVoted || res.body.isUpvote !== (value === 1))) ledger.other.push(res);
      } else if (r < 0.8 && Date.now() - m.lastComment > 5_500) {
        m.lastComment = Date.now();
        const certificationId = certIds[Math.floor(Math.random() * certIds.length)];
        const content = `crash drill ${tag} by ${m.username}, #${m.sent++}`;
        const res = await lib.send(url, {
          method: 'POST',
          path: `/api/certification/${certificationId}/comments`,
          token: m.token,
          body: { content },
        });
        record(ledger.comments, res, { userId: m.id, certificationId, content, id: res.body?.id });
      } else if (r < 0.9 && m.certs < 5) {
        m.certs++;
        const name = `Crash Drill ${tag} ${m.username} ${m.sent++}`;
        const res = await lib.send(url, {
          method: 'POST',
          path: '/api/certification',
          token: m.token,
          body: {
            name,
            certCode: `CD-${m.id}-${m.sent}`,
            vendor: 'Drill Vendor',
            description: 'A certification submitted by the crash drill.',
            url: 'https://example.com/drill',
          },
        });
        record(ledger.certifications, res, { userId: m.id, name, id: res.body?.id });
      } else if (m.resources < 10) {
        m.resources++;
        const name = `Crash drill resource ${tag} ${m.username} ${m.sent++}`;
        const res = await lib.send(url, {
          method: 'POST',
          path: '/api/resource',
          token: m.token,
          body: {
            name,
            description: 'A resource submitted by the crash drill.',
            url: 'https://example.com/drill-resource',
            type: 'course',
            certificationId: certIds[Math.floor(Math.random() * certIds.length)],
          },
        });
        record(ledger.resources, res, { userId: m.id, name, id: res.body?.id });
      }
    }
  });
  return {
    async stop() {
      stopped = true;
      await Promise.all(loops);
    },
  };

  function record(list, res, write) {
    const outcome =
      res.status >= 200 && res.status < 300
        ? 'acked'
        : res.status >= 400 && res.status < 500
          ? 'refused'
          : res.status >= 500
            ? 'failed'
            : 'unknown';
    if (res.status >= 500) ledger.fiveXx++;
    if (res.status) ledger.latencies.push(res.ms);
    list.push({ ...write, outcome, status: res.status ?? res.error, life });
  }
}

/** Compares the ledger with the database: `query(sql, params)` returns rows. */
async function verify(query, ledger, memberIds) {
  const votes = new Map();
  for (const row of (
    await query(
      `select 'certification' as type, user_id, certification_id as item_id, value from certification_votes where user_id = any($1)
       union all select 'resource', user_id, resource_id, value from resource_votes where user_id = any($1)`,
      [memberIds],
    )
  ).rows) {
    votes.set(`${row.user_id}:${row.type}:${row.item_id}`, Number(row.value));
  }
  const byId = async (table, ids) =>
    new Map((await query(`select * from ${table} where id = any($1)`, [ids])).rows.map((r) => [r.id, r]));
  const acked = (list) => list.filter((w) => w.outcome === 'acked');
  const comments = await byId(
    'comments',
    acked(ledger.comments).map((w) => w.id),
  );
  const certs = await byId(
    'certifications',
    acked(ledger.certifications).map((w) => w.id),
  );
  const resources = await byId(
    'resources',
    acked(ledger.resources).map((w) => w.id),
  );

  const lost = [];
  const phantom = [];
  for (const w of ledger.votes) {
    const found = votes.get(`${w.userId}:${w.type}:${w.itemId}`);
    if (w.outcome === 'acked' && found !== w.value) lost.push({ kind: 'vote', ...w, found });
    if (w.outcome === 'refused' && found !== undefined) phantom.push({ kind: 'vote', ...w, found });
  }
  for (const w of acked(ledger.comments)) {
    const row = comments.get(w.id);
    if (!row || row.user_id !== w.userId || row.content !== w.content || row.certification_id !== w.certificationId) {
      lost.push({ kind: 'comment', ...w });
    }
  }
  for (const w of acked(ledger.certifications)) {
    const row = certs.get(w.id);
    if (!row || row.name !== w.name || row.submitted_by_id !== w.userId) lost.push({ kind: 'certification', ...w });
  }
  for (const w of acked(ledger.resources)) {
    const row = resources.get(w.id);
    if (!row || row.name !== w.name || row.submitted_by_id !== w.userId) lost.push({ kind: 'resource', ...w });
  }
  const counterSql = (items, votesTable, fk) => `select count(*)::int as n from ${items} i where
      i.upvote_count <> (select count(*) from ${votesTable} v where v.${fk} = i.id and v.value = 1)
      or i.downvote_count <> (select count(*) from ${votesTable} v where v.${fk} = i.id and v.value = -1)`;
  const badCounters =
    (await query(counterSql('certifications', 'certification_votes', 'certification_id'))).rows[0].n +
    (await query(counterSql('resources', 'resource_votes', 'resource_id'))).rows[0].n;
  const totals = (
    await query(`select
      (select count(*) from certification_votes)::int + (select count(*) from resource_votes)::int as vote_rows,
      (select coalesce(sum(upvote_count + downvote_count), 0) from certifications)::int
        + (select coalesce(sum(upvote_count + downvote_count), 0) from resources)::int as counted`)
  ).rows[0];
  return { lost, phantom, badCounters, totals };
}

async function drill(kind) {
  console.log(`\n== crash drill on ${kind}: ${KILLS} kills, ${MEMBERS} members`);
  const port = await lib.freePort();
  const dataDir = lib.tempDir(`crash-${kind}`);
  const tag = `${kind}-${Date.now().toString(36)}`;
  const run = async (databaseUrl, query) => {
    const env = databaseUrl ? { DATABASE_URL: databaseUrl } : {};
    // The first start creates and seeds the database; the members are added beside it.
    let server = await lib.startServer({ port, dataDir, env });
    let members;
    let items;
    if (databaseUrl) {
      members = (await query(lib.membersSql(MEMBERS, `crash_${kind}`))).rows;
      items = (await query(lib.ITEMS_SQL)).rows;
    } else {
      await server.kill('SIGTERM');
      const db = await PGlite.create(join(dataDir, 'db'), { extensions: { pg_trgm } });
      members = (await db.query(lib.membersSql(MEMBERS, `crash_${kind}`))).rows;
      items = (await db.query(lib.ITEMS_SQL)).rows;
      await db.close();
      server = undefined;
    }
    const tokens = await lib.accessTokens(members, `http://127.0.0.1:${port}`, '2h');
    members = members.map((m, i) => ({
      ...m,
      token: tokens[i],
      queue: shuffle(items.map((it) => ({ type: it.type, id: it.id }))),
      lastComment: 0,
      sent: 0,
      certs: 0,
      resources: 0,
    }));
    console.log(`${members.length} members, ${items.length} approved items to vote on`);

    const ledger = newLedger();
    const restarts = [];
    const lives = [];
    for (let k = 1; k <= KILLS; k++) {
      if (!server) {
        server = await lib.startServer({ port, dataDir, env });
        if (k > 1) restarts.push(server.startMs);
      }
      const load = startLoad(server.url, members, items, ledger, `${tag}-${k}`, k);
      const life = rand(...LIFE_MS);
      lives.push(life);
      await lib.sleep(life);
      await server.kill('SIGKILL');
      await load.stop();
      const writes = [...ledger.votes, ...ledger.comments, ...ledger.certifications, ...ledger.resources];
      const now = writes.filter((w) => w.life === k);
      console.log(
        `kill ${k}/${KILLS} after ${lib.fmt(life)} ms under load: ${now.length} writes sent, ${now.filter((w) => w.outcome === 'acked').length} acknowledged, ${now.filter((w) => w.outcome === 'unknown').length} cut off`,
      );
      server = undefined;
    }
    // One more start on the data of the last kill, then a clean stop.
    server = await lib.startServer({ port, dataDir, env });
    restarts.push(server.startMs);
    await server.kill('SIGTERM');
    const { code } = await server.exited;
    const output = server.output();

    let result;
    if (databaseUrl) {
      result = await verify(
        query,
        ledger,
        members.map((m) => m.id),
      );
    } else {
      const db = await PGlite.create(join(dataDir, 'db'), { extensions: { pg_trgm } });
      try {
        result = await verify(
          (sql, params) => db.query(sql, params),
          ledger,
          members.map((m) => m.id),
        );
      } finally {
        await db.close();
      }
    }
    return { ledger, restarts, lives, result, lastExit: code, output };
  };

  const out =
    kind === 'postgres'
      ? await lib.withDatabase('crash', (url) => run(url, (sql, params) => lib.pgQuery(url, sql, params)))
      : await run(undefined);
  const { ledger, result } = out;
  const count = (list, outcome) => list.filter((w) => w.outcome === outcome).length;
  const all = [...ledger.votes, ...ledger.comments, ...ledger.certifications, ...ledger.resources];
  const acked = count(all, 'acked');
  const figures = {
    kind,
    kills: KILLS,
    members: MEMBERS,
    sent: all.length,
    acked,
    ackedVotes: count(ledger.votes, 'acked'),
    ackedComments: count(ledger.comments, 'acked'),
    ackedCertifications: count(ledger.certifications, 'acked'),
    ackedResources: count(ledger.resources, 'acked'),
    refused: count(all, 'refused'),
    unknown: count(all, 'unknown'),
    fiveXx: ledger.fiveXx,
    lost: result.lost.length,
    phantom: result.phantom.length,
    badCounters: result.badCounters,
    voteRows: result.totals.vote_rows,
    counted: result.totals.counted,
    restartMsMax: Math.max(...out.restarts),
    restartMsMedian: lib.percentile(out.restarts, 50),
    p99: lib.percentile(ledger.latencies, 99),
  };
  if (result.lost.length) console.log('lost writes:', result.lost.slice(0, 10));
  if (result.phantom.length) console.log('refused writes that were applied:', result.phantom.slice(0, 10));
  if (ledger.other.length) console.log('vote answers that do not match the vote:', ledger.other.slice(0, 3));
  const refusedStatuses = [
    ...new Set(all.filter((w) => w.outcome !== 'acked' && w.outcome !== 'unknown').map((w) => w.status)),
  ];
  if (refusedStatuses.length) console.log('statuses of refused writes:', refusedStatuses.join(', '));
  return { figures, out };
}

const figures = [];
const checks = [];
for (const kind of KINDS) {
  const { figures: f, out } = await drill(kind);
  figures.push(f);
  const name = kind === 'pglite' ? 'PGlite' : 'PostgreSQL';
  checks.push(
    {
      name: `${name}: acknowledged writes lost`,
      value: `${f.lost} of ${f.acked} (${f.ackedVotes} votes, ${f.ackedComments} comments, ${f.ackedCertifications} certifications, ${f.ackedResources} resources)`,
      target: '0',
      pass: f.lost === 0 && f.acked > 0,
    },
    {
      name: `${name}: refused writes applied`,
      value: `${f.phantom} of ${f.refused}`,
      target: '0',
      pass: f.phantom === 0,
    },
    {
      name: `${name}: items whose counters differ from their vote rows`,
      value: `${f.badCounters} (vote rows ${f.voteRows}, counters ${f.counted})`,
      target: '0',
      pass: f.badCounters === 0 && f.voteRows === f.counted,
    },
    { name: `${name}: 5xx answers`, value: String(f.fiveXx), target: '0', pass: f.fiveXx === 0 },
    {
      name: `${name}: restarts after SIGKILL`,
      value: `${out.restarts.length} of ${KILLS}, slowest ${lib.fmt(f.restartMsMax)} ms to ready (median ${lib.fmt(f.restartMsMedian)})`,
      target: 'every one ready, no manual repair',
      pass: out.restarts.length === KILLS,
    },
    {
      name: `${name}: clean stop after the drill`,
      value: `exit code ${out.lastExit}`,
      target: '0',
      pass: out.lastExit === 0,
    },
  );
}

lib.finish({
  name: 'crash',
  title: '1. Crash: SIGKILL under write load, restart, nothing acknowledged lost',
  description: [
    `${MEMBERS} members (inserted in SQL, signed in with access tokens minted with the server's secret) each send one`,
    `request at a time, ${THINK_MS[0]}-${THINK_MS[1]} ms apart: votes (55 %, each on an item the member never voted on, so`,
    'each creates a row of known value), comments (one per member per 5.5 s, the posting limit), certification and',
    `resource submissions. After ${LIFE_MS[0] / 1000}-${LIFE_MS[1] / 1000} s (uniformly random) the server gets SIGKILL; it is`,
    `restarted on the same DATA_DIR / DATABASE_URL, ${KILLS} times, then started once more and stopped with SIGTERM. Every`,
    'write answered 2xx must then be in the database as answered (comment, certification and resource ids, vote',
    'values), every write answered 4xx must have changed nothing, and every certification and resource must have',
    'counters equal to its vote rows. Writes whose connection died with the server may go either way.',
  ].join('\n'),
  checks,
  notes: [
    '| database | kills | writes sent | acknowledged | refused (4xx) | cut off | lost | slowest restart | write p99 |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- |',
    ...figures.map(
      (f) =>
        `| ${f.kind} | ${f.kills} | ${f.sent} | ${f.acked} | ${f.refused} | ${f.unknown} | ${f.lost} | ${lib.fmt(f.restartMsMax)} ms | ${lib.fmt(f.p99)} ms |`,
    ),
  ],
});
