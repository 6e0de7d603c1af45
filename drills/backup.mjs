// Drill: backups under write load. The built server runs with members voting and commenting without pause;
// `db:backup` runs in the middle of it, then once more when the load has stopped. Each backup is restored into
// a fresh place (a fresh DATA_DIR on the embedded database, a fresh database on PostgreSQL): the quiet one must
// hold every table exactly as the source (row count and an md5 of the rows, computed by the database), the
// one taken under load must be one consistent moment (every vote counter equal to its vote rows, counts
// between those before and after the load), and a server must serve the restored data.
//   node drills/backup.mjs [--ci] [pglite|postgres]      (--ci: PGlite only, unless named)
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import * as lib from './lib/drill.mjs';

const MEMBERS = lib.CI ? 20 : 50;
const LOAD_MS = lib.CI ? 2_000 : 10_000;
const kinds = process.argv.slice(2).filter((a) => !a.startsWith('--'));
// CI: the embedded database only, to stay under a minute (the server tests cover pg_dump on PostgreSQL there).
const KINDS = kinds.length ? kinds : lib.CI ? ['pglite'] : ['pglite', 'postgres'];
const checks = [];
const check = (name, pass, value, target) => checks.push({ name, pass: Boolean(pass), value: String(value), target });

/** Members voting on items they have not voted on, and commenting every 5.5 s (the posting interval). */
function startLoad(url, members, certIds) {
  let stopped = false;
  const results = { ok: 0, refused: 0, failed: 0, latencies: [] };
  const loops = members.map(async (m) => {
    while (!stopped) {
      await lib.sleep(150 + Math.random() * 100); // under the limit of 30 votes a minute for the drill's length
      let res;
      if (Date.now() - m.lastComment > 5_500) {
        m.lastComment = Date.now();
        const id = certIds[Math.floor(Math.random() * certIds.length)];
        res = await lib.send(url, {
          method: 'POST',
          path: `/api/certification/${id}/comments`,
          token: m.token,
          body: { content: `backup drill comment by ${m.username}` },
        });
      } else {
        // Round and round the items: an upvote again takes it back, so the votes keep changing.
        const item = m.queue.pop();
        m.queue.unshift(item);
        res = await lib.send(url, { method: 'POST', path: `/api/vote/${item.type}/${item.id}/upvote`, token: m.token });
      }
      results.latencies.push({ at: res.startedAt, ms: res.ms });
      if (res.status >= 200 && res.status < 300) results.ok++;
      else if (res.status >= 400 && res.status < 500) results.refused++;
      else results.failed++;
    }
  });
  return {
    results,
    async stop() {
      stopped = true;
      await Promise.all(loops);
      return results;
    },
  };
}

const counterSql = (items, votes, fk) => `select count(*)::int as n from ${items} i where
  i.upvote_count <> (select count(*) from ${votes} v where v.${fk} = i.id and v.value = 1)
  or i.downvote_count <> (select count(*) from ${votes} v where v.${fk} = i.id and v.value = -1)`;

/** Items whose counters differ from their vote rows: 0 in any consistent state of the database. */
async function badCounters(query) {
  return (
    (await query(counterSql('certifications', 'certification_votes', 'certification_id'))).rows[0].n +
    (await query(counterSql('resources', 'resource_votes', 'resource_id'))).rows[0].n
  );
}

const rowsOf = (f) => Object.fromEntries(Object.entries(f).map(([t, v]) => [t, Number(v.split(':')[0])]));
const diff = (a, b) => Object.keys({ ...a, ...b }).filter((t) => a[t] !== b[t]);

async function drill(kind) {
  console.log(`\n== backup drill on ${kind}: ${MEMBERS} members, ${LOAD_MS} ms of load before the backup`);
  const dataDir = lib.tempDir(`backup-${kind}`);
  const port = await lib.freePort();
  const files = { load: join(dataDir, 'under-load.backup'), quiet: join(dataDir, 'quiet.backup') };

  const body = async (databaseUrl, freshTarget) => {
    // No outbox worker: nothing changes the data behind the drill's back between its fingerprints.
    const env = { MAIL_WORKER_INTERVAL_MS: '0', ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) };
    const cliEnv = { DATA_DIR: dataDir, DATABASE_URL: databaseUrl ?? '' };
    const query = databaseUrl
      ? (sql, p) => lib.pgQuery(databaseUrl, sql, p)
      : (sql, p) => lib.socketQuery(dataDir, sql, p);
    let server = await lib.startServer({ port, dataDir, env });
    const members = (await query(lib.membersSql(MEMBERS, `backup_${kind}`))).rows;
    const items = (await query(lib.ITEMS_SQL)).rows;
    const tokens = await lib.accessTokens(members, server.url, '1h');
    const certIds = items.filter((i) => i.type === 'certification').map((i) => i.id);
    const loaders = members.map((m, i) => ({
      ...m,
      token: tokens[i],
      lastComment: 0,
      queue: items.map((it) => ({ ...it })).sort(() => Math.random() - 0.5),
    }));
    const before = rowsOf(await lib.fingerprint(query));

    const load = startLoad(server.url, loaders, certIds);
    await lib.sleep(LOAD_MS / 2);
    const backup = await lib.cli(['db:backup', files.load], { env: cliEnv });
    const backupStart = performance.now() - backup.ms;
    await lib.sleep(LOAD_MS / 2);
    const results = await load.stop();
    const during = results.latencies.filter((l) => l.at >= backupStart && l.at <= backupStart + backup.ms);
    console.log(`under load: ${backup.stdout.trim() || backup.stderr.trim()} (${lib.fmt(backup.ms)} ms)`);
    check(
      `${kind}: db:backup under write load`,
      backup.code === 0 && existsSync(files.load),
      `exit ${backup.code} in ${lib.fmt(backup.ms)} ms; ${backup.stdout.trim() || backup.stderr.trim()}`,
      'exit 0',
    );
    check(
      `${kind}: the site kept answering (requests, 5xx or cut off)`,
      results.failed === 0 && results.ok > 0,
      `${results.ok + results.refused + results.failed} requests: ${results.ok} 2xx, ${results.refused} 4xx, ${results.failed} failed`,
      '0 failed',
    );
    check(
      `${kind}: request latency while the backup ran (p50, max)`,
      true,
      `${lib.fmt(
        lib.percentile(
          during.map((l) => l.ms),
          50,
        ),
      )} ms, ${lib.fmt(Math.max(0, ...during.map((l) => l.ms)))} ms over ${during.length} requests`,
    );

    const after = await lib.fingerprint(query);
    const quiet = await lib.cli(['db:backup', files.quiet], { env: cliEnv });
    check(`${kind}: db:backup once the load has stopped`, quiet.code === 0, `exit ${quiet.code}`);
    await server.kill('SIGTERM');
    await server.exited;

    // Each backup into a place of its own.
    const restoreInto = async (file, label) => {
      const target = await freshTarget(label);
      const restored = await lib.cli(['db:restore', file], { env: target.cliEnv });
      console.log(`restore ${label}: ${restored.stdout.trim() || restored.stderr.trim()} (${lib.fmt(restored.ms)} ms)`);
      return { ...target, restored };
    };
    const loadTarget = await restoreInto(files.load, 'load');
    check(
      `${kind}: the backup taken under load restores into an empty ${databaseUrl ? 'database' : 'DATA_DIR'}`,
      loadTarget.restored.code === 0,
      `exit ${loadTarget.restored.code} in ${lib.fmt(loadTarget.restored.ms)} ms`,
    );
    const snapshot = await loadTarget.withQuery(async (q) => ({
      rows: rowsOf(await lib.fingerprint(q)),
      bad: await badCounters(q),
    }));
    const outside = Object.keys(snapshot.rows).filter(
      (t) => snapshot.rows[t] < Math.min(before[t] ?? 0, rowsOf(after)[t]) || snapshot.rows[t] > rowsOf(after)[t],
    );
    check(
      `${kind}: it is one consistent moment (vote counters = vote rows; counts between before and after)`,
      snapshot.bad === 0 && outside.length === 0,
      `${snapshot.bad} items off; votes ${before.certification_votes}/${snapshot.rows.certification_votes}/${rowsOf(after).certification_votes}, comments ${before.comments}/${snapshot.rows.comments}/${rowsOf(after).comments} (before/backup/after)${outside.length ? `; outside: ${outside}` : ''}`,
      '0 items off',
    );

    const quietTarget = await restoreInto(files.quiet, 'quiet');
    const restoredPrint = await quietTarget.withQuery((q) => lib.fingerprint(q));
    const differ = diff(after, restoredPrint);
    check(
      `${kind}: the quiet backup restores every table exactly (row count and md5 of the rows)`,
      quietTarget.restored.code === 0 && differ.length === 0,
      `${Object.keys(after).length} tables, ${Object.values(rowsOf(after)).reduce((a, b) => a + b, 0)} rows; ${differ.length ? `differ: ${differ.join(', ')}` : 'all equal'}`,
      'all equal',
    );

    const refused = await lib.cli(['db:restore', files.quiet], { env: quietTarget.cliEnv });
    check(
      `${kind}: a restore into a database with data is refused without --force`,
      refused.code === 1 && refused.stderr.includes('add --force'),
      `exit ${refused.code}: ${refused.stderr.trim()}`,
      'exit 1',
    );
    // --force replaces the quiet data with the backup taken under load; a server then serves it.
    const forced = await lib.cli(['db:restore', files.load, '--force'], { env: quietTarget.cliEnv });
    const replaced = await quietTarget.withQuery(async (q) => rowsOf(await lib.fingerprint(q)));
    check(
      `${kind}: --force replaces it`,
      forced.code === 0 && diff(replaced, snapshot.rows).length === 0,
      `exit ${forced.code}; ${diff(replaced, snapshot.rows).length ? 'rows differ' : 'rows as in that backup'}`,
    );
    server = await lib.startServer({ port, dataDir: quietTarget.cliEnv.DATA_DIR, env: quietTarget.serverEnv });
    const profile = await lib.send(server.url, { path: '/api/user/profile', token: tokens[0] });
    const comments = await lib.send(server.url, { path: `/api/certification/${certIds[0]}/comments` });
    await server.kill('SIGTERM');
    await server.exited;
    check(
      `${kind}: a server on the restored data serves the source's members and discussion`,
      profile.status === 200 && profile.body?.username === members[0].username && comments.status === 200,
      `profile ${profile.status} ${profile.body?.username ?? ''}; comments ${comments.status}`,
    );
  };

  if (kind === 'postgres') {
    await lib.withDatabase('backup_src', (url) =>
      lib.withDatabase('backup_load', (loadUrl) =>
        lib.withDatabase('backup_quiet', (quietUrl) =>
          body(url, async (label) => {
            const target = label === 'load' ? loadUrl : quietUrl;
            return {
              cliEnv: { DATA_DIR: lib.tempDir(`restore-${label}`), DATABASE_URL: target },
              serverEnv: { DATABASE_URL: target, MAIL_WORKER_INTERVAL_MS: '0' },
              withQuery: (fn) => fn((sql, p) => lib.pgQuery(target, sql, p)),
            };
          }),
        ),
      ),
    );
  } else {
    await body(undefined, async (label) => {
      const dir = lib.tempDir(`restore-${label}`);
      return {
        cliEnv: { DATA_DIR: dir, DATABASE_URL: '' },
        serverEnv: { MAIL_WORKER_INTERVAL_MS: '0' },
        // Read by opening the restored database itself (no server runs on it meanwhile).
        withQuery: async (fn) => {
          const db = await PGlite.create(join(dir, 'db'), { extensions: { pg_trgm } });
          try {
            return await fn((sql, p) => db.query(sql, p));
          } finally {
            await db.close();
          }
        },
      };
    });
  }
}

const started = performance.now();
for (const kind of KINDS) await drill(kind);
lib.finish({
  name: 'backup',
  title: 'Backup under write load, restore into a fresh place',
  description:
    '`db:backup` while members vote and comment, and again once they stop; each backup restored with ' +
    '`db:restore` into a fresh DATA_DIR (PGlite, logical backup) or a fresh database (PostgreSQL, pg_dump), ' +
    'compared table by table with the source by row count and an md5 of the rows computed by the database.',
  checks: [...checks, { name: 'duration', value: `${lib.fmt((performance.now() - started) / 1000)} s`, pass: true }],
});
