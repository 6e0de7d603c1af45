import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import app, { fastifyOptions } from './app.js';
import type { DatabaseHandle } from './db/client.js';
import { DataDirLockedError, lockFile } from './db/data-dir-lock.js';
import { socketDir } from './db/pglite-socket.js';
import { mailOutbox } from './db/schema/index.js';
import { prepareDatabase } from './runtime.js';
import { testConfig } from '../test/app.js';
import { runCli, type CliOutcome } from '../test/support/cli.js';

/**
 * The operator command line while a server runs on the embedded database of its DATA_DIR: every command goes
 * through the server's socket, its writes are seen by the server at once and are still there after a restart.
 * The server runs in this process (prepareDatabase, as server.ts does); each command is a process of its own.
 */
const SECRET = 'cli-running-test-secret-long-enough-for-hs256';
const dataDir = mkdtempSync(join(tmpdir(), 'certitude-cli-running-'));
const env = { DATA_DIR: dataDir, JWT_SECRET: SECRET, LOG_LEVEL: 'silent' };
const log = { info: () => undefined, warn: () => undefined };

function cli(args: string[], stdin = ''): Promise<CliOutcome> {
  return runCli(args, { ...process.env, DATABASE_URL: '', ...env }, stdin);
}

let database: DatabaseHandle;
let server: FastifyInstance;

async function startServer() {
  const config = testConfig({ ...env, MAIL_WORKER_INTERVAL_MS: '0' });
  database = await prepareDatabase(config, log);
  server = Fastify(fastifyOptions(config, false));
  await server.register(app, { config, database, web: false });
  await server.ready();
}

async function stopServer() {
  await server.close();
  await database.close();
}

const login = (username: string, password: string) =>
  server.inject({ method: 'POST', url: '/auth/login', payload: { username, password } });

beforeAll(startServer);
afterAll(async () => {
  if (existsSync(lockFile(dataDir))) await stopServer();
});

describe('the operator command line while the server runs on PGlite', { timeout: 180_000 }, () => {
  it('the server owns DATA_DIR: a second server is refused, naming the process', async () => {
    const lock = JSON.parse(readFileSync(lockFile(dataDir), 'utf8'));
    expect(lock).toMatchObject({ pid: process.pid, role: 'server' });
    const second = prepareDatabase(testConfig(env), log);
    await expect(second).rejects.toBeInstanceOf(DataDirLockedError);
    await expect(second).rejects.toThrow(`is in use by process ${process.pid} (a Certitude server`);
  });

  it('user:create and user:role write through the server, which signs the account in at once', async () => {
    // The site keeps answering while the commands run.
    let serving = true;
    const answers: number[] = [];
    const traffic = (async () => {
      while (serving) {
        answers.push((await server.inject({ method: 'GET', url: '/api/certification?limit=5' })).statusCode);
        await new Promise((r) => setTimeout(r, 5));
      }
    })();
    const created = await cli(
      ['user:create', '--username', 'boss', '--email', 'boss@example.org', '--role', 'ADMIN'],
      'Sup3r-secret!\n',
    );
    serving = false;
    await traffic;
    expect(created.stderr).toBe('');
    expect(created).toMatchObject({ code: 0, stdout: expect.stringMatching(/^Created ADMIN boss \(id \d+\)\.\n$/) });
    expect(answers.length).toBeGreaterThan(0);
    expect(answers.every((s) => s === 200)).toBe(true);

    const signedIn = await login('boss', 'Sup3r-secret!');
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().user).toMatchObject({ username: 'boss', role: 'ADMIN', emailVerified: true });

    const taken = await cli(['user:create', '--username', 'boss', '--email', 'b2@example.org'], 'Sup3r-secret!\n');
    expect(taken.code).toBe(2);
    expect(taken.stderr).toContain('The username boss is already taken');

    const role = await cli(['user:role', '--username', 'boss', '--role', 'MODERATOR']);
    expect(role).toMatchObject({ code: 0, stdout: 'boss is now MODERATOR.\n' });
    expect((await login('boss', 'Sup3r-secret!')).json().user.role).toBe('MODERATOR');
  });

  it('db:migrate, db:seed and mail:retry run against the served database', async () => {
    expect(await cli(['db:migrate'])).toMatchObject({ code: 0, stdout: 'Migrations applied.\n' });
    const seeded = await cli(['db:seed']);
    expect(seeded).toMatchObject({ code: 0 });
    expect(seeded.stdout).toMatch(
      /^Seed added 0 certifications, 0 resources and 0 articles, and updated the facts of 0 certifications\.\n$/,
    );

    const mail = { subject: 'Verify your email', textBody: 'x', htmlBody: '<p>x</p>', kind: 'verify-email' };
    await database.db
      .insert(mailOutbox)
      .values({ ...mail, toAddress: 'failed@example.com', status: 'FAILED', attempts: 15, lastError: 'refused' });
    expect(await cli(['mail:retry'])).toMatchObject({ code: 0, stdout: '1 failed mail queued again.\n' });
    const rows = await database.db.select().from(mailOutbox);
    expect(rows.find((r) => r.toAddress === 'failed@example.com')).toMatchObject({ status: 'PENDING', attempts: 0 });
  });

  it('db:backup writes a backup of the served database; db:restore is refused while it serves', async () => {
    const file = join(dataDir, 'while-running.backup');
    const backup = await cli(['db:backup', file]);
    expect(backup.stderr).toBe('');
    expect(backup.code).toBe(0);
    expect(backup.stdout).toMatch(/^Backup written to .*while-running\.backup: \d+ rows of \d+ tables/);
    expect(existsSync(file)).toBe(true);

    const restore = await cli(['db:restore', file, '--force']);
    expect(restore.code).toBe(1);
    expect(restore.stderr).toContain(`is in use by process ${process.pid} (a Certitude server`);
    expect(restore.stderr).toContain('stop the server before restoring');
    expect((await login('boss', 'Sup3r-secret!')).statusCode).toBe(200);
  });

  it('psql-style clients reach the database on DATA_DIR/run; a session setting does not reach the site', async () => {
    const client = new pg.Client({ host: socketDir(dataDir), port: 5432, user: 'postgres', database: 'postgres' });
    await client.connect();
    try {
      await client.query("set search_path to 'nowhere'");
      const res = await server.inject({ method: 'GET', url: '/api/certification?limit=1' });
      expect(res.statusCode).toBe(200);
      const { rows } = await client.query<{ n: string }>('select count(*) as n from public.users where username = $1', [
        'boss',
      ]);
      expect(rows[0]!.n).toBe('1');
    } finally {
      await client.end();
    }
  });

  it('what the commands wrote is there after a restart, and the command line opens the database itself then', async () => {
    await stopServer();
    expect(existsSync(lockFile(dataDir))).toBe(false);
    // While no server runs the command takes the lock itself (no socket to go through).
    const direct = await cli(['user:role', '--username', 'boss', '--role', 'ADMIN']);
    expect(direct).toMatchObject({ code: 0, stdout: 'boss is now ADMIN.\n' });
    await startServer();
    const signedIn = await login('boss', 'Sup3r-secret!');
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().user.role).toBe('ADMIN');
  });

  it("a dead process's lock is taken over", async () => {
    await stopServer();
    const dead = spawn(process.execPath, ['-e', '0']);
    await new Promise((r) => dead.on('exit', r));
    writeFileSync(
      lockFile(dataDir),
      JSON.stringify({ pid: dead.pid, role: 'server', since: new Date().toISOString() }),
    );
    await startServer();
    expect(JSON.parse(readFileSync(lockFile(dataDir), 'utf8')).pid).toBe(process.pid);
    expect((await login('boss', 'Sup3r-secret!')).statusCode).toBe(200);
  });
});
