// Drill: the operator command line while the server runs on the embedded database. The built server runs on a
// DATA_DIR of its own under a light load of reads; every command of `npm run certitude` runs against it (they
// go through the server's socket in DATA_DIR/run), and each result is checked through the API at once, then
// after a clean restart, and after a SIGKILL (whose stale lock the next process takes over). A second server
// on the same DATA_DIR must refuse to start, naming the first.
//   node drills/cli-while-running.mjs [--ci]
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  cli,
  finish,
  fmt,
  freePort,
  JWT_SECRET,
  ROOT,
  SERVER,
  send,
  sleep,
  socketQuery,
  startServer,
  tempDir,
} from './lib/drill.mjs';

const checks = [];
const check = (name, pass, value, target) => checks.push({ name, pass: Boolean(pass), value: String(value), target });
const dataDir = tempDir('cli');
const port = await freePort();
const env = { DATA_DIR: dataDir };
const password = 'Sup3r-secret!';

/** Reads of the catalogue, one after the other, while the commands run: every answer must be 200. */
function traffic(url) {
  let stopped = false;
  const statuses = [];
  const done = (async () => {
    while (!stopped) {
      const res = await send(url, { path: '/api/certification?limit=5' });
      statuses.push(res.status ?? res.error);
      await sleep(20);
    }
  })();
  return {
    async stop() {
      stopped = true;
      await done;
      return statuses;
    },
  };
}

const login = async (url, username) => send(url, { method: 'POST', path: '/auth/login', body: { username, password } });

let server = await startServer({ port, dataDir });
const load = traffic(server.url);
const timings = [];
const run = async (label, args, input) => {
  const r = await cli(args, { env, input });
  timings.push(r.ms);
  console.log(`${label}: exit ${r.code} in ${fmt(r.ms)} ms: ${(r.stdout || r.stderr).trim().split('\n')[0]}`);
  return r;
};

// A second server on the same DATA_DIR.
const secondPort = await freePort();
const second = spawn(process.execPath, [SERVER], {
  cwd: ROOT,
  env: { ...process.env, PORT: String(secondPort), DATA_DIR: dataDir, JWT_SECRET, LOG_LEVEL: 'warn' },
  stdio: ['ignore', 'pipe', 'pipe'],
});
let secondOut = '';
second.stderr.on('data', (d) => (secondOut += d));
second.stdout.on('data', (d) => (secondOut += d));
const secondCode = await new Promise((resolve) => second.on('exit', resolve));
check(
  'a second server on the same DATA_DIR exits 1 naming the running one',
  secondCode === 1 && secondOut.includes(`in use by process ${server.pid}`),
  `exit ${secondCode}: ${secondOut.trim().split('\n')[0]}`,
  `exit 1, "in use by process ${server.pid}"`,
);
check('the first server still answers', (await send(server.url, { path: '/readyz' })).status === 200, 'GET /readyz');

const created = await run(
  'user:create',
  ['user:create', '--username', 'boss', '--email', 'boss@example.org', '--role', 'ADMIN'],
  `${password}\n`,
);
const afterCreate = await login(server.url, 'boss');
check(
  'user:create: the running server signs the account in at once',
  created.code === 0 && afterCreate.status === 200 && afterCreate.body?.user?.role === 'ADMIN',
  `exit ${created.code}; login ${afterCreate.status} ${afterCreate.body?.user?.role ?? ''}`,
  'exit 0; login 200 ADMIN',
);
const role = await run('user:role', ['user:role', '--username', 'boss', '--role', 'MODERATOR']);
const afterRole = await login(server.url, 'boss');
check(
  'user:role: the running server sees the new role at once',
  role.code === 0 && afterRole.body?.user?.role === 'MODERATOR',
  `exit ${role.code}; role ${afterRole.body?.user?.role}`,
  'exit 0; MODERATOR',
);
const catalogue = (await send(server.url, { path: '/api/certification' })).body?.length;
const seed = await run('db:seed', ['db:seed']);
const catalogueAfter = (await send(server.url, { path: '/api/certification' })).body?.length;
check(
  'db:seed adds nothing to a seeded catalogue',
  seed.code === 0 &&
    seed.stdout.startsWith('Seed added 0 certifications') &&
    catalogue > 0 &&
    catalogue === catalogueAfter,
  `exit ${seed.code}; ${catalogue} -> ${catalogueAfter} certifications`,
);
const migrate = await run('db:migrate', ['db:migrate']);
check('db:migrate', migrate.code === 0 && migrate.stdout === 'Migrations applied.\n', `exit ${migrate.code}`);

// A mail that failed every attempt, put there the way an operator with psql would, through the socket.
await socketQuery(
  dataDir,
  `insert into mail_outbox (to_address, subject, text_body, html_body, kind, status, attempts, last_error)
   values ('stuck@example.org', 'Verify your email', 'x', '<p>x</p>', 'verify-email', 'FAILED', 15, 'refused')`,
);
const retry = await run('mail:retry', ['mail:retry']);
// The server's outbox worker (no SMTP_URL: DATA_DIR/mail) sends it within its next poll.
let delivered = false;
for (let i = 0; i < 100 && !delivered; i++) {
  await sleep(100);
  const dir = join(dataDir, 'mail');
  delivered =
    existsSync(dir) &&
    readdirSync(dir).some((f) => readFileSync(join(dir, f), 'utf8').includes('To: stuck@example.org'));
}
check(
  'mail:retry: the running server sends the mail again',
  retry.code === 0 && retry.stdout === '1 failed mail queued again.\n' && delivered,
  `exit ${retry.code}; ${retry.stdout.trim()}; delivered ${delivered}`,
);

const backupFile = join(dataDir, 'drill.backup');
const backup = await run('db:backup', ['db:backup', backupFile]);
check('db:backup of the served database', backup.code === 0 && existsSync(backupFile), `exit ${backup.code}`);
const restore = await run('db:restore', ['db:restore', backupFile, '--force']);
check(
  'db:restore is refused while the server serves, naming it',
  restore.code === 1 && restore.stderr.includes(`in use by process ${server.pid}`),
  `exit ${restore.code}: ${restore.stderr.trim()}`,
  'exit 1',
);
const statuses = await load.stop();
const bad = statuses.filter((s) => s !== 200);
check(
  'the site answered every request while the commands ran',
  bad.length === 0 && statuses.length > 0,
  `${statuses.length} requests, ${bad.length} not 200 ${bad.length ? JSON.stringify([...new Set(bad)]) : ''}`,
  'all 200',
);

// A clean restart: what the commands wrote is there.
await server.kill('SIGTERM');
const { code: stopCode } = await server.exited;
check(
  'SIGTERM: the server stops cleanly and leaves no lock',
  stopCode === 0 && !existsSync(join(dataDir, 'db.lock')),
  `exit ${stopCode}`,
);
server = await startServer({ port, dataDir });
const afterRestart = await login(server.url, 'boss');
check(
  'after a restart the account and its role are there',
  afterRestart.status === 200 && afterRestart.body?.user?.role === 'MODERATOR',
  `login ${afterRestart.status} ${afterRestart.body?.user?.role ?? ''}`,
);

// A crash leaves the lock of a dead process: the command line takes it over and opens the database itself.
await server.kill('SIGKILL');
const direct = await run('user:role after SIGKILL', ['user:role', '--username', 'boss', '--role', 'ADMIN']);
check(
  "after a SIGKILL the command line takes over the dead server's lock",
  direct.code === 0 && !existsSync(join(dataDir, 'db.lock')),
  `exit ${direct.code}: ${(direct.stdout || direct.stderr).trim()}`,
);
server = await startServer({ port, dataDir });
const afterCrash = await login(server.url, 'boss');
check(
  'the server starts again and sees that change',
  afterCrash.status === 200 && afterCrash.body?.user?.role === 'ADMIN',
  `login ${afterCrash.status} ${afterCrash.body?.user?.role ?? ''}`,
);
await server.kill('SIGTERM');
await server.exited;

const sorted = [...timings].sort((a, b) => a - b);
finish({
  name: 'cli-while-running',
  title: 'Operator command line while the server runs on PGlite',
  description:
    'Every command of `npm run certitude` against a running server on the embedded database (through its ' +
    'socket in DATA_DIR/run), checked through the API at once, after a clean restart and after a SIGKILL; a ' +
    'second server on the same DATA_DIR is refused.',
  checks: [
    ...checks,
    {
      name: 'command duration (median, slowest)',
      value: `${fmt(sorted[Math.floor(sorted.length / 2)])} ms, ${fmt(sorted.at(-1))} ms`,
      pass: true,
    },
  ],
});
