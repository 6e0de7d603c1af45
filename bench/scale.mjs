// Benchmark 4, scale: the answers a member waits for, at the seeded size and after the generator of
// bench/lib/scale.sql has grown the same PostgreSQL database to a large community. p95(large) <= 1.5 x p95(seeded).
// `--flags '<MEMORY_FLAGS>'` also runs a second server with those flags beside the one with the default flags, the
// two measured in turn on each line (this machine is shared: only side by side do they compare).
import pg from 'pg';
import * as harness from './lib/harness.mjs';

const flagsAt = process.argv.indexOf('--flags');
const VARIANTS = [['default flags', {}]];
if (flagsAt > 0)
  VARIANTS.push([`MEMORY_FLAGS='${process.argv[flagsAt + 1]}'`, { MEMORY_FLAGS: process.argv[flagsAt + 1] }]);
const SAMPLES = harness.SMOKE ? 20 : 200;
const WARMUP = harness.SMOKE ? 5 : 20;
const BUSIEST = 'certified-kubernetes-administrator-cka';
const SEARCHES = ['kubernetis', 'secuirty+', 'azure administrator', 'AZ-104', 'cloud security', 'cisco network'];

async function tokens(client, issuer, where, limit) {
  const { rows } = await client.query(`select id, username, role from users where ${where} order by id limit ${limit}`);
  return harness.accessTokens(rows, issuer);
}

/** p50 and p95 of `count` sequential requests to server `k`, after a warm-up, each built by `request(i, k)`. */
async function time(url, k, request) {
  const times = [];
  for (let i = 0; i < WARMUP + SAMPLES; i++) {
    const { path, init = {} } = request(i, k);
    const started = performance.now();
    const res = await fetch(`${url}${path}`, init);
    await res.arrayBuffer();
    if (res.status >= 400) throw new Error(`${path} answered ${res.status}`);
    if (i >= WARMUP) times.push(performance.now() - started);
  }
  return { p50: harness.percentile(times, 50), p95: harness.percentile(times, 95) };
}

/** Every line timed on each server in turn: `{ [variant]: { [line]: { p50, p95 } } }`. */
async function measure(apps, client) {
  const cert = (await client.query('select id from certifications where slug = $1', [BUSIEST])).rows[0];
  const { rows: voteTargets } = await client.query(
    `select id from certifications where status = 'APPROVED' and id <> $1 order by id desc limit 20`,
    [cert.id],
  );
  // Each server signs in the members with tokens of its own (their issuer is its address).
  const voters = await Promise.all(apps.map((app) => tokens(client, app.url, `username like 'voter\\_%'`, 1000)));
  const moderators = await Promise.all(apps.map((app) => tokens(client, app.url, `role = 'MODERATOR'`, 1)));
  const auth = (token) => ({ headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' } });
  let vote = 0;
  const cases = {
    'list (GET /api/certification, brotli)': () => ({
      path: '/api/certification',
      init: { headers: { 'accept-encoding': 'br' } },
    }),
    'detail (GET /api/certification/:slug)': () => ({ path: `/api/certification/${BUSIEST}` }),
    'busiest comment tree': () => ({ path: `/api/certification/${cert.id}/comments` }),
    // What the certification page asks for: the first 20 threads, each with its replies.
    'busiest discussion, first page (?limit=20)': () => ({ path: `/api/certification/${cert.id}/comments?limit=20` }),
    'vote (POST upvote)': (_, k) => {
      const i = vote++;
      return {
        path: `/api/vote/certification/${voteTargets[i % voteTargets.length].id}/upvote`,
        init: { method: 'POST', ...auth(voters[k][i % voters[k].length]) },
      };
    },
    'pending counts (moderator)': (_, k) => ({ path: '/api/admin/pending-counts', init: auth(moderators[k][0]) }),
    // Each order of the list, one page of 20, as the home page's sort control asks for it (PostgreSQL orders pages).
    ...Object.fromEntries(
      ['best', 'top', 'new', 'trending', 'hardest', 'easiest', 'value', 'rated', 'name'].map((sort) => [
        `list sorted (?sort=${sort}&limit=20)`,
        () => ({ path: `/api/certification?sort=${sort}&limit=20` }),
      ]),
    ),
    'ratings of the busiest (summary and 10 reviews)': () => ({ path: `/api/certification/${cert.id}/ratings` }),
    'ranked search (/api/search, typos included)': (i) => ({
      path: `/api/search?q=${encodeURIComponent(SEARCHES[i % SEARCHES.length])}`,
    }),
  };
  const out = Object.fromEntries(VARIANTS.map(([label]) => [label, {}]));
  for (const [name, request] of Object.entries(cases)) {
    for (const [i, [label]] of VARIANTS.entries()) out[label][name] = await time(apps[i].url, i, request);
  }
  const sizes = (
    await client.query(`select
      (select count(*) from certifications)::int as certifications,
      (select count(*) from users)::int as members,
      (select count(*) from certification_votes)::int as votes,
      (select count(*) from comments)::int as comments,
      (select count(*) from comments c join certifications x on x.id = c.certification_id where x.slug = '${BUSIEST}')::int as busiest,
      (select count(*) from resources)::int as resources,
      (select count(*) from certification_ratings)::int as ratings`)
  ).rows[0];
  return { timings: out, sizes };
}

async function addMembers(client) {
  // Voters for the vote samples (one vote each per run stays far under the limits) and one moderator.
  await client.query(`insert into users (username, email, email_verified)
    select 'voter_' || g, 'voter_' || g || '@example.com', true from generate_series(1, ${(SAMPLES + WARMUP) * VARIANTS.length}) g`);
  await client.query(
    `insert into users (username, email, email_verified, role) values ('bench_moderator', 'bench_moderator@example.com', true, 'MODERATOR')`,
  );
}

/** The database grown to scale around its busiest certification (bench/lib/scale.sql). */
async function generate(client) {
  return harness.growToScale(
    client,
    (await client.query('select id from certifications where slug = $1', [BUSIEST])).rows[0].id,
  );
}

async function explain(client, name) {
  const cert = (await client.query('select id from certifications where slug = $1', [BUSIEST])).rows[0];
  const queries = {
    'busiest comment tree': [
      `select json_agg(json_build_array(c.id, c.parent_id, c.content, c.is_edited, c.deleted_at, c.created_at, c.updated_at,
         (select u.username from users u where u.id = c.user_id)) order by c.created_at, c.id)::text
       from comments c where c.certification_id = $1`,
      [cert.id],
    ],
    'pending counts (moderator)': [
      `select (select count(*) from certifications where status = 'PENDING'), (select count(*) from resources where status = 'PENDING')`,
      [],
    ],
    // The two queries of a search (certification.repository.ts), one after the other.
    'ranked search (/api/search, typos included)': [
      `select * from (select id, ts_rank(search_vector, websearch_to_tsquery('simple', $1)) as score from certifications
         where status = 'APPROVED' and search_vector @@ websearch_to_tsquery('simple', $1) order by score desc limit 50) w
       union all
       select * from (select id, lower($1) <<-> search_label as score from certifications
         where status = 'APPROVED' order by score limit 50) s`,
      ['cloud security'],
    ],
  };
  const q = queries[name];
  if (!q) return undefined;
  const { rows } = await client.query(`explain (analyze, buffers, costs off) ${q[0]}`, q[1]);
  return rows.map((r) => r['QUERY PLAN']).join('\n');
}

const result = await harness.withDatabase('scale', async (url) => {
  const client = new pg.Client({ connectionString: url });
  const start = () =>
    Promise.all(VARIANTS.map(([, env]) => harness.startProcess({ env: { ...env, DATABASE_URL: url } })));
  let apps = await start();
  await client.connect();
  try {
    await addMembers(client);
    const seeded = await measure(apps, client);
    await Promise.all(apps.map((app) => app.stop()));
    const generateMs = harness.SMOKE ? 0 : await generate(client);
    // Started again: the generator wrote behind the server's back, past its caches.
    apps = await start();
    await client.query(
      'delete from certification_votes where user_id in (select id from users where username like $1)',
      ['voter\\_%'],
    );
    const large = await measure(apps, client);
    const plans = {};
    const [first] = VARIANTS[0];
    for (const [name, t] of Object.entries(large.timings[first])) {
      if (t.p95 > 1.5 * seeded.timings[first][name].p95) plans[name] = await explain(client, name);
    }
    return { seeded, large, generateMs, plans };
  } finally {
    await client.end();
    await Promise.all(apps.map((app) => app.stop()));
  }
});

const rows = VARIANTS.flatMap(([label], i) =>
  harness
    .p95RatioRows(result.seeded.timings[label], result.large.timings[label])
    .map((row) => (i === 0 ? row : { ...row, metric: `${label}: ${row.metric}` })),
);
const search = result.large.timings[VARIANTS[0][0]]['ranked search (/api/search, typos included)'];
rows.push({
  metric: 'search p95 at the large size (ms)',
  value: search.p95,
  target: '< 20',
  met: harness.SMOKE || search.p95 < 20,
});
const sizeText = (s) =>
  `${s.certifications} certifications, ${s.members} members, ${s.votes} votes, ${s.comments} comments (${s.busiest} on the busiest), ${s.ratings} ratings, ${s.resources} resources`;
console.log(`\nScale: seeded (${sizeText(result.seeded.sizes)}) -> large (${sizeText(result.large.sizes)})`);
const markdown = harness.table(rows);
const plans = Object.entries(result.plans)
  .filter(([, plan]) => plan)
  .map(([name, plan]) => `Plan of "${name}" at the large size:\n\n\`\`\`\n${plan}\n\`\`\``);
harness.writeResult({
  name: 'scale',
  title: '4. Scale: the seeded catalogue against a large community',
  rows,
  extra: result,
  markdown: [
    `One PostgreSQL database, measured at the seeded size (${sizeText(result.seeded.sizes)}), then grown by`,
    `bench/lib/scale.sql (INSERT ... SELECT over generate_series, ${harness.fmt(result.generateMs / 1000)} s) to ${sizeText(result.large.sizes)},`,
    `and measured again after a restart of the server. Each line: ${SAMPLES} sequential requests over HTTP after ${WARMUP} of`,
    `warm-up; "value" is p95 at the large size, "floor" p95 at the seeded size. Votes are cast by different members on`,
    `approved certifications; the pending counts are read by a moderator.` +
      (VARIANTS.length > 1
        ? ` Two servers, ${VARIANTS.map(([l]) => l).join(' and ')}, timed in turn on each line.`
        : ''),
    '',
    markdown,
    '',
    ...plans,
  ].join('\n'),
});
