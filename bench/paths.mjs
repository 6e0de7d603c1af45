// Benchmark 7, paths: a domain's map and a certification's next steps at the seeded size, and after 100,000 members
// holding on average 3 certifications each (set-based SQL, the counts of common next steps then rebuilt by
// `certitude paths:rebuild`). Two databases of the same PostgreSQL server, seeded alike, one of them grown, each with
// its server; the two are measured in alternating rounds, because this machine is shared and its speed drifts.
// p95(large) <= 1.5 x p95(seeded).
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import pg from 'pg';
import * as harness from './lib/harness.mjs';

const ROUNDS = harness.SMOKE ? 2 : 6;
const PER_ROUND = harness.SMOKE ? 10 : 100;
const WARMUP = harness.SMOKE ? 5 : 30;
const MEMBERS = harness.SMOKE ? 2_000 : 100_000;
/** The API alone from the source (no build needed): the calls measured are JSON. */
const SERVER = { script: join(harness.ROOT, 'bench/lib/api-server.mjs'), nodeArgs: ['--import', 'tsx'] };

/** `count` sequential GETs of `path`, their times in ms. */
async function sample(url, path, count) {
  const times = [];
  for (let i = 0; i < count; i++) {
    const started = performance.now();
    const res = await fetch(`${url}${path}`);
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`${path} answered ${res.status}`);
    times.push(performance.now() - started);
  }
  return times;
}

/** Every case on both servers, in alternating rounds after a warm-up of each: p50 and p95 per case and server. */
async function measure(servers, cases) {
  const times = Object.fromEntries(
    servers.map((s) => [s.name, Object.fromEntries(Object.keys(cases).map((c) => [c, []]))]),
  );
  for (const server of servers) for (const path of Object.values(cases)) await sample(server.url, path, WARMUP);
  for (let round = 0; round < ROUNDS; round++) {
    for (const [name, path] of Object.entries(cases)) {
      for (const server of round % 2 ? [...servers].reverse() : servers) {
        times[server.name][name].push(...(await sample(server.url, path, PER_ROUND)));
      }
    }
  }
  const stats = (t) => ({ p50: harness.percentile(t, 50), p95: harness.percentile(t, 95) });
  return Object.fromEntries(
    servers.map((s) => [s.name, Object.fromEntries(Object.entries(times[s.name]).map(([c, t]) => [c, stats(t)]))]),
  );
}

async function sizes(client, domain) {
  const { rows } = await client.query(
    `select
      (select count(*) from certifications where status = 'APPROVED')::int as certifications,
      (select count(*) from users)::int as members,
      (select count(*) from member_certifications)::int as tracked,
      (select count(*) from common_next_counts)::int as pairs,
      (select count(*) from common_next_counts where members >= 3)::int as shown,
      (select count(*) from certification_domains cd join domains d on d.id = cd.domain_id where d.slug = $1)::int as onMap`,
    [domain],
  );
  return rows[0];
}

/**
 * 1 to 5 held certifications per member (3 on average), earned on days spread over 12 years. The first four follow
 * a track: neighbours in the catalogue's order (mostly one vendor and domain), from a start that favours the first
 * certifications of the catalogue (the square of a uniform draw), as popular certifications are held by many. A
 * fifth, for one member in five, is anywhere in the catalogue: the long tail of pairs that few members share.
 */
async function generate(client, url) {
  const started = performance.now();
  await client.query(
    `insert into users (username, email, email_verified, created_at)
     select 'path_member_' || g, 'path_member_' || g || '@example.com', true, now() - make_interval(mins => g)
     from generate_series(1, $1::int) g`,
    [MEMBERS],
  );
  await client.query(
    `with members as (
       select id, row_number() over (order by id) as rn from users where username like 'path\\_member\\_%'
     ), approved as (
       select id, row_number() over (order by id) - 1 as idx from certifications where status = 'APPROVED'
     ), total as (
       select count(*)::int as n from approved
     ), picks as (
       select m.id as user_id, m.rn, k, t.n,
              floor(t.n * power(abs(hashint4(m.rn::int)::bigint) / 2147483648.0, 2))::int as start
       from members m
       cross join total t
       cross join lateral generate_series(0, (m.rn % 5)::int) k
     )
     insert into member_certifications (user_id, certification_id, status, earned_on, is_public)
     select p.user_id, a.id, 'HELD', date '2013-01-01' + ((p.rn * 7919 + p.k * 104729) % 4500)::int, (p.rn + p.k) % 3 = 0
     from picks p
     join approved a on a.idx = case
       when p.k < 4 then (p.start + (array[0, 1, 3, 8])[p.k + 1]) % p.n
       else abs(hashint4((p.rn * 5 + p.k)::int)::bigint) % p.n end
     on conflict do nothing`,
  );
  const insertMs = performance.now() - started;
  // The rows went in behind the tracker's back: the counts are recounted by the operator command.
  const rebuildStarted = performance.now();
  const rebuild = spawnSync(
    process.execPath,
    ['--import', 'tsx', join(harness.ROOT, 'apps/server/src/cli.ts'), 'paths:rebuild'],
    {
      cwd: harness.ROOT,
      env: { ...process.env, DATABASE_URL: url, JWT_SECRET: harness.JWT_SECRET, LOG_LEVEL: 'warn' },
      encoding: 'utf8',
    },
  );
  if (rebuild.status !== 0) throw new Error(`paths:rebuild failed: ${rebuild.stderr}`);
  const rebuildMs = performance.now() - rebuildStarted;
  return { insertMs, rebuildMs, rebuildOutput: rebuild.stdout.trim() };
}

/** The plan of a map's edges (findMapEdges of apps/server/src/modules/paths/path.repository.ts) at the large size. */
async function plans(client, domain) {
  const plan = await client.query(
    `explain (analyze, costs off)
     with on_map as materialized (
       select cd.certification_id as id from certification_domains cd join certifications c on c.id = cd.certification_id
       where cd.domain_id = (select id from domains where slug = $1) and c.status = 'APPROVED' and c.lifecycle <> 'RETIRED')
     select cp.prerequisite_id as "from", cp.certification_id as "to", cp.kind, 1 as weight
     from on_map t join certification_prerequisites cp on cp.certification_id = t.id
     where cp.prerequisite_id in (select id from on_map)
     union all
     select n.from_id, n.to_id, 'COMMON_NEXT', n.members
     from on_map f join common_next_counts n on n.from_id = f.id
     where n.to_id in (select id from on_map) and n.members >= 3`,
    [domain],
  );
  return { edges: plan.rows.map((r) => r['QUERY PLAN']).join('\n') };
}

const result = await harness.withDatabase('paths_seeded', (seededUrl) =>
  harness.withDatabase('paths_large', async (largeUrl) => {
    const seededClient = new pg.Client({ connectionString: seededUrl });
    const largeClient = new pg.Client({ connectionString: largeUrl });
    // Each server migrates and seeds its new database as it starts.
    const seededApp = await harness.startProcess({ ...SERVER, env: { DATABASE_URL: seededUrl } });
    const largeApp = await harness.startProcess({ ...SERVER, env: { DATABASE_URL: largeUrl } });
    await seededClient.connect();
    await largeClient.connect();
    try {
      const generated = await generate(largeClient, largeUrl);
      // What autovacuum does within a minute of a load (statistics, and the visibility map that lets the shown pairs
      // be read from their index alone), on both alike.
      await seededClient.query('vacuum analyze');
      await largeClient.query('vacuum analyze');
      const domains = await (await fetch(`${seededApp.url}/api/paths`)).json();
      const domain = domains.reduce((best, d) => (d.certificationCount > best.certificationCount ? d : best)).domain;
      const maps = {
        seeded: await (await fetch(`${seededApp.url}/api/paths/${domain}`)).json(),
        large: await (await fetch(`${largeApp.url}/api/paths/${domain}`)).json(),
      };
      const first = maps.seeded.nodes[0].certification;
      const cases = {
        'map of the largest domain': `/api/paths/${domain}`,
        'next steps of its first certification': `/api/certification/${first.slug}/next`,
        'domains (GET /api/paths)': '/api/paths',
      };
      const timings = await measure(
        [
          { name: 'seeded', url: seededApp.url },
          { name: 'large', url: largeApp.url },
        ],
        cases,
      );
      const edges = (m) => m.edges.filter((e) => e.kind === 'COMMON_NEXT').length;
      return {
        domain,
        first: first.slug,
        seeded: { timings: timings.seeded, sizes: await sizes(seededClient, domain) },
        large: { timings: timings.large, sizes: await sizes(largeClient, domain) },
        generated,
        commonEdges: { seeded: edges(maps.seeded), large: edges(maps.large) },
        nodes: maps.seeded.nodes.length,
        bytes: { seeded: JSON.stringify(maps.seeded).length, large: JSON.stringify(maps.large).length },
        plans: await plans(largeClient, domain),
      };
    } finally {
      await seededClient.end();
      await largeClient.end();
      await seededApp.stop();
      await largeApp.stop();
    }
  }),
);

const rows = harness.p95RatioRows(result.seeded.timings, result.large.timings);
rows.push({
  metric: `counts rebuilt from ${result.large.sizes.tracked.toLocaleString('en')} tracker rows (s)`,
  value: result.generated.rebuildMs / 1000,
  target: 'reported',
  met: true,
});
const count = (n, one, many = `${one}s`) => `${n.toLocaleString('en')} ${n === 1 ? one : many}`;
const sizeText = (s) =>
  `${count(s.certifications, 'public certification')}, ${count(s.members, 'account')}, ${count(s.tracked, 'tracker row')}, ${count(s.pairs, 'pair')} counted (${s.shown.toLocaleString('en')} of 3 members or more)`;
console.log(`\nPaths: seeded (${sizeText(result.seeded.sizes)}) -> large (${sizeText(result.large.sizes)})`);
const markdown = harness.table(rows);
harness.writeResult({
  name: 'paths',
  title: '7. Paths: a domain’s map and next steps, seeded against 100,000 members’ certifications',
  rows,
  extra: result,
  markdown: [
    `Two databases of one PostgreSQL server, each seeded by its server's first start (${sizeText(result.seeded.sizes)}); one`,
    `then grown by ${MEMBERS.toLocaleString('en')} members holding 1 to 5 certifications each (3 on average; INSERT ... SELECT over`,
    `generate_series, ${harness.fmt(result.generated.insertMs / 1000)} s), its counts of common next steps rebuilt by`,
    `\`certitude paths:rebuild\` (${harness.fmt(result.generated.rebuildMs / 1000)} s, the process start included), to`,
    `${sizeText(result.large.sizes)}; both vacuumed and analysed. The map of the largest domain (GET /api/paths/${result.domain})`,
    `has ${result.nodes} certifications and`,
    `${result.commonEdges.seeded} -> ${result.commonEdges.large} COMMON_NEXT edges (${result.bytes.seeded} -> ${result.bytes.large} bytes of JSON); the next`,
    `steps are those of its first certification (GET /api/certification/${result.first}/next).`,
    `Each server is the API started from the source (bench/lib/api-server.mjs). Each line: ${ROUNDS} rounds of`,
    `${PER_ROUND} sequential requests to each server in turn, after ${WARMUP} of warm-up; "value" is p95 at the large size,`,
    '"floor" p95 at the seeded size.',
    '',
    markdown,
    '',
    ...Object.entries(result.plans).flatMap(([name, plan]) => [
      `Plan of the map's ${name} at the large size (the statement of findMapEdges):`,
      '',
      '```',
      plan,
      '```',
      '',
    ]),
  ].join('\n'),
});
