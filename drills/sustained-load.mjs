// Drill 6, sustained load (not in CI: it takes 5 minutes): mixed traffic at 200 connections against the built
// server on PostgreSQL, 80 % reads, 15 % votes, 5 % comments, spread over 2,000 members so that the
// per-account limits (30 votes a minute, a comment per 5 s) are not what is measured. No 5xx, p99 reported,
// resident memory steady: less than 10 % growth over the last 4 minutes.
//   node drills/sustained-load.mjs [--ci] [--seconds=N]
import autocannon from 'autocannon';
import { rssMb } from '../bench/lib/harness.mjs';
import * as lib from './lib/drill.mjs';

const secondsArg = process.argv.find((a) => a.startsWith('--seconds='));
const SECONDS = secondsArg ? Number(secondsArg.split('=')[1]) : lib.CI ? 30 : 300;
const CONNECTIONS = 200;
const MEMBERS = 2_000;
const SAMPLE_MS = 5_000;
/** Memory growth is measured from this point to the end: the last 4 minutes of 5 (or the last 80 %). */
const STEADY_FROM_S = SECONDS * 0.2;

await lib.withDatabase('sustained', async (databaseUrl) => {
  const port = await lib.freePort();
  const server = await lib.startServer({ port, dataDir: lib.tempDir('sustained'), env: { DATABASE_URL: databaseUrl } });
  try {
    const members = (await lib.pgQuery(databaseUrl, lib.membersSql(MEMBERS, 'load'))).rows;
    const tokens = await lib.accessTokens(members, server.url, '1h');
    const certs = (await lib.pgQuery(databaseUrl, lib.ITEMS_SQL)).rows.filter((i) => i.type === 'certification');
    const slugs = new Map(
      (await lib.pgQuery(databaseUrl, 'select id, slug from certifications')).rows.map((r) => [r.id, r.slug]),
    );
    console.log(`${MEMBERS} members, ${certs.length} certifications; ${CONNECTIONS} connections for ${SECONDS} s`);

    // Request i: by i mod 100, 0-79 a read, 80-94 a vote, 95-99 a comment. Votes and comments go round the
    // members in turn, so each member votes every 2,000 votes and comments every 2,000 comments.
    let next = 0;
    let votes = 0;
    let comments = 0;
    const reads = [
      (c) => `/api/certification/${c}`,
      (c) => `/api/certification/${c}/comments`,
      (c) => `/api/resource/certification/${c}`,
      (c) => `/api/vote/certification/${c}/status`,
      () => '/api/certification',
      (c) => `/api/certification/${c}`,
      (c) => `/api/certification/${c}/comments`,
      () => '/api/certification?q=cloud',
      (c) => `/certification/${slugs.get(c)}`, // a server-rendered page
      () => '/api/articles',
    ];
    const setupRequest = (req) => {
      const i = next++;
      const slot = i % 100;
      const cert = certs[(i * 7919) % certs.length].id;
      if (slot < 80) return { ...req, method: 'GET', path: reads[i % reads.length](cert), headers: {} };
      if (slot < 95) {
        const v = votes++;
        return {
          ...req,
          method: 'POST',
          path: `/api/vote/certification/${cert}/${v % 3 ? 'upvote' : 'downvote'}`,
          headers: { authorization: `Bearer ${tokens[v % MEMBERS]}`, 'content-type': 'application/json' },
        };
      }
      const n = comments++;
      return {
        ...req,
        method: 'POST',
        path: `/api/certification/${cert}/comments`,
        headers: { authorization: `Bearer ${tokens[n % MEMBERS]}`, 'content-type': 'application/json' },
        body: JSON.stringify({ content: `Sustained load comment ${n}: still studying for this one.` }),
      };
    };

    const samples = [];
    const started = performance.now();
    const sampler = setInterval(() => {
      try {
        samples.push({ t: (performance.now() - started) / 1000, mb: rssMb(server.pid) });
      } catch {
        // the process ended
      }
    }, SAMPLE_MS);
    const result = await autocannon({
      url: server.url,
      connections: CONNECTIONS,
      duration: SECONDS,
      timeout: 15,
      requests: [{ setupRequest }],
    });
    clearInterval(sampler);
    samples.push({ t: (performance.now() - started) / 1000, mb: rssMb(server.pid) });
    const alive = server.alive();
    const ready = await lib.send(server.url, { path: '/readyz' });
    await server.kill('SIGTERM');
    const { code } = await server.exited;
    if (code !== 0) console.log(`the server's last words:\n${server.output().slice(-6_000)}`);

    const statuses = Object.fromEntries(Object.entries(result.statusCodeStats ?? {}).map(([k, v]) => [k, v.count]));
    const count = (pred) =>
      Object.entries(statuses)
        .filter(([k]) => pred(Number(k)))
        .reduce((s, [, v]) => s + v, 0);
    const fiveXx = count((s) => s >= 500);
    const tooMany = count((s) => s === 429);
    const otherFourXx = count((s) => s >= 400 && s < 500 && s !== 429);
    const steady = samples.filter((s) => s.t >= STEADY_FROM_S);
    const median = (xs) => {
      const a = [...xs].sort((x, y) => x - y);
      return a.length ? a[Math.floor(a.length / 2)] : 0;
    };
    // The start and end of the steady window, each as the median of three samples (noise of one sample).
    const startMb = median(steady.slice(0, 3).map((s) => s.mb));
    const endMb = median(steady.slice(-3).map((s) => s.mb));
    const growth = startMb ? (endMb - startMb) / startMb : 0;
    const peakMb = Math.max(...samples.map((s) => s.mb));
    const rows = (
      await lib.pgQuery(
        databaseUrl,
        `select (select count(*) from certification_votes)::int as votes, (select count(*) from comments)::int as comments,
        (select count(*)::int from certifications c where upvote_count <> (select count(*) from certification_votes v where v.certification_id = c.id and v.value = 1)
          or downvote_count <> (select count(*) from certification_votes v where v.certification_id = c.id and v.value = -1)) as bad_counters`,
      )
    ).rows[0];
    console.log('answers by status:', statuses, `errors ${result.errors}, timeouts ${result.timeouts}`);
    console.log('resident memory (s: MB):', samples.map((s) => `${lib.fmt(s.t)}: ${lib.fmt(s.mb)}`).join(', '));

    lib.finish({
      name: 'sustained-load',
      title: '6. Sustained load: 5 minutes of mixed traffic at 200 connections (PostgreSQL)',
      description: [
        `autocannon, ${CONNECTIONS} connections for ${SECONDS} s against the built server on a fresh database of the`,
        'PostgreSQL server. Of every 100 requests, 80 are reads (a certification, its comment tree, its resources, its',
        'vote status, the list, a search, the articles, and one server-rendered certification page in ten reads),',
        `15 are votes and 5 are comments, round-robin over ${MEMBERS} members (inserted in SQL, signed in with minted`,
        'access tokens): the limits are per account (30 votes a minute, one comment per 5 s), so each member stays',
        'under them and any 429 is reported apart from the 5xx. (TRUST_PROXY with X-Forwarded-For is not needed: no',
        'limit on these calls is per address.) Resident memory (VmRSS of /proc/<pid>/status) is read every',
        `${SAMPLE_MS / 1000} s; its growth is measured from ${lib.fmt(STEADY_FROM_S)} s to the end, each end the median of three samples.`,
      ].join('\n'),
      checks: [
        {
          name: 'requests',
          value: `${result.requests.total} (${lib.fmt(result.requests.average)}/s): ${count((s) => s >= 200 && s < 300)} 2xx, ${tooMany} 429, ${otherFourXx} other 4xx, ${fiveXx} 5xx, ${result.errors} errors, ${result.timeouts} timeouts`,
          target: 'reported',
          pass: true,
        },
        {
          name: '5xx answers and errors',
          value: `${fiveXx} 5xx, ${result.errors} connection errors, ${result.timeouts} timeouts`,
          target: '0',
          pass: fiveXx === 0 && result.errors === 0 && result.timeouts === 0,
        },
        {
          name: 'latency',
          value: `p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, max ${result.latency.max} ms`,
          target: 'p99 reported',
          pass: true,
        },
        {
          name: 'rate-limited (429)',
          value: `${tooMany} (${lib.fmt((100 * tooMany) / Math.max(1, result.requests.total), 2)} %)`,
          target: 'reported apart',
          pass: true,
        },
        {
          name: `resident memory growth from ${lib.fmt(STEADY_FROM_S)} s to the end`,
          value: `${lib.fmt(startMb)} MB -> ${lib.fmt(endMb)} MB (${growth >= 0 ? '+' : ''}${lib.fmt(100 * growth, 1)} %), peak ${lib.fmt(peakMb)} MB`,
          target: '< 10 %',
          pass: growth < 0.1,
        },
        {
          name: 'after the run',
          value: `${alive && ready.status === 200 ? 'ready' : 'NOT ready'}; ${rows.votes} vote rows, ${rows.comments} comments, ${rows.bad_counters} counters off; exit code ${code}`,
          target: 'ready, counters equal rows, exit 0',
          pass: alive && ready.status === 200 && rows.bad_counters === 0 && code === 0,
        },
      ],
      notes: [
        'Resident memory through the run (seconds: MB):',
        '',
        samples.map((s) => `${lib.fmt(s.t)}: ${lib.fmt(s.mb)}`).join(', '),
      ],
    });
  } finally {
    if (server.alive()) await server.kill('SIGKILL');
    await lib.sleep(0);
  }
});
