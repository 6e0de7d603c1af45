// Drill 4, Redis outage: with REDIS_URL set, the Redis behind the shared rate limits is killed under load and
// later started again. No request may fail because of it; the rate limits must fall back to this process
// (logged exactly once), keep limiting meanwhile, and be shared through Redis again once it is back.
//   node drills/redis-outage.mjs [--ci]
import * as lib from './lib/drill.mjs';

const OUTAGE_MS = lib.CI ? 5_000 : 10_000;
const MEMBERS = 40;
const FALLBACK = 'Redis unreachable: rate limits fall back to this process';
const BACK = 'Redis is back: rate limits are shared again';

const redis = await lib.privateRedis();
let server;
try {
  await lib.withDatabase('redis', async (databaseUrl) => {
    const port = await lib.freePort();
    server = await lib.startServer({
      port,
      dataDir: lib.tempDir('redis-outage'),
      // info: the "Redis is back" line is logged at info.
      env: { DATABASE_URL: databaseUrl, REDIS_URL: redis.url, LOG_LEVEL: 'info' },
    });
    const members = (await lib.pgQuery(databaseUrl, lib.membersSql(MEMBERS + 1, 'redis'))).rows;
    const tokens = await lib.accessTokens(members, server.url, '30m');
    const items = (await lib.pgQuery(databaseUrl, lib.ITEMS_SQL)).rows.filter((i) => i.type === 'certification');
    const keysNow = async () => Number((await lib.redisCommand(redis.port, 'DBSIZE')).replace(':', ''));

    let phase = 'before';
    let stopped = false;
    const results = [];
    // Votes (each consults the vote limits) 2 a second per member: under the 30 a minute of the limit.
    const loops = Array.from({ length: MEMBERS }, async (_, c) => {
      for (let i = 0; !stopped; i++) {
        const item = items[(c * 13 + i) % items.length];
        const startedIn = phase;
        const res = await lib.send(server.url, {
          method: 'POST',
          path: `/api/vote/certification/${item.id}/upvote`,
          token: tokens[c],
        });
        results.push({ ...res, phase: startedIn });
        await lib.sleep(lib.CI ? 1_500 : 2_500);
      }
    });
    await lib.sleep(2_000);
    const keysBefore = await keysNow();
    phase = 'during';
    await redis.kill();
    const downAt = performance.now();
    console.log(`redis-server killed (SIGKILL) with ${keysBefore} rate-limit keys in it`);
    // The limits still limit meanwhile: one member votes past the burst limit of 30 a minute.
    await lib.sleep(1_000);
    const burst = [];
    for (let i = 0; i < 35; i++) {
      const item = items[i % items.length];
      burst.push(
        await lib.send(server.url, {
          method: 'POST',
          path: `/api/vote/certification/${item.id}/upvote`,
          token: tokens[MEMBERS],
        }),
      );
    }
    await lib.sleep(Math.max(0, OUTAGE_MS - (performance.now() - downAt)));
    await redis.start();
    const upAt = performance.now();
    phase = 'after';
    console.log(`redis-server started again after ${lib.fmt((upAt - downAt) / 1000, 1)} s (empty)`);
    // Back in use: rate-limit keys appear in the new, empty Redis.
    let backMs = Infinity;
    while (performance.now() - upAt < 15_000) {
      if ((await keysNow()) > 0) {
        backMs = performance.now() - upAt;
        break;
      }
      await lib.sleep(50);
    }
    await lib.sleep(1_000);
    stopped = true;
    await Promise.all(loops);
    const keysAfter = await keysNow();
    await server.kill('SIGTERM');
    const { code } = await server.exited;
    const output = server.output();
    const fallbackLogged = output.split('\n').filter((l) => l.includes(FALLBACK)).length;
    const backLogged = output.split('\n').filter((l) => l.includes(BACK)).length;
    const count = (list) => {
      const c = {};
      for (const r of list) c[r.status ?? r.error] = (c[r.status ?? r.error] ?? 0) + 1;
      return c;
    };
    const failed = results.filter((r) => r.status !== 200);
    const during = results.filter((r) => r.phase === 'during');
    const burstStatuses = count(burst);
    console.log('votes by phase:', {
      before: count(results.filter((r) => r.phase === 'before')),
      during: count(during),
      after: count(results.filter((r) => r.phase === 'after')),
    });
    console.log('one member voting 35 times during the outage:', burstStatuses);

    lib.finish({
      name: 'redis-outage',
      title: '4. Redis outage: the rate limits fall back and come back',
      description: [
        `The built server on PostgreSQL with REDIS_URL pointing at a redis-server of the drill's own. ${MEMBERS} members`,
        `vote, each every ${lib.CI ? 1.5 : 2.5} s (under the limit of 30 votes a minute); every vote consults the shared limits.`,
        `After 2 s redis-server is killed (SIGKILL) for ${OUTAGE_MS / 1000} s, then started again, empty, on the same port.`,
        'During the outage one more member votes 35 times in a row: the burst limit of 30 a minute must still hold,',
        'counted by the process.',
      ].join('\n'),
      checks: [
        {
          name: 'votes that failed',
          value: `${failed.length} of ${results.length} (${during.length} during the outage, p99 ${lib.fmt(
            lib.percentile(
              during.map((r) => r.ms),
              99,
            ),
          )} ms)`,
          target: '0',
          pass: failed.length === 0 && during.length > 0,
        },
        {
          name: `"${FALLBACK}" in the log`,
          value: `${fallbackLogged} time(s)`,
          target: 'exactly once',
          pass: fallbackLogged === 1,
        },
        {
          name: 'limits during the outage (35 votes of one member)',
          value: JSON.stringify(burstStatuses),
          target: '30 x 200, then 429',
          pass: burstStatuses[200] === 30 && burstStatuses[429] === 5,
        },
        {
          name: 'Redis used again once back',
          value: `rate-limit keys in Redis ${lib.fmt(backMs)} ms after its start (${keysAfter} keys at the end); "${BACK}" logged ${backLogged} time(s)`,
          target: 'yes, logged once',
          pass: backMs < 15_000 && keysAfter > 0 && backLogged === 1,
        },
        { name: 'exit code after SIGTERM', value: String(code), target: '0', pass: code === 0 },
      ],
    });
  });
} finally {
  if (server?.alive()) await server.kill('SIGKILL');
  await redis.kill();
}
