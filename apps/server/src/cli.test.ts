import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { MSG } from '@certitude/shared';
import { eq } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import app, { fastifyOptions } from './app.js';
import { openDatabase, type DatabaseHandle } from './db/client.js';
import { mailOutbox, users } from './db/schema/index.js';
import { createTestDatabase, type TestDatabase } from '../test/database.js';
import { testConfig } from '../test/app.js';

const CLI = fileURLToPath(new URL('./cli.ts', import.meta.url));
const SECRET = 'cli-test-secret-that-is-long-enough-for-hs256';

interface Outcome {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * The operator command line as an operator runs it: its own process, the database of the environment
 * (a PGlite directory in DATA_DIR, or the PostgreSQL test database), the password on standard input.
 */
let env: Record<string, string>;
let testDb: TestDatabase | undefined;
const dataDir = mkdtempSync(join(tmpdir(), 'certitude-cli-'));

function cli(args: string[], stdin = ''): Promise<Outcome> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', CLI, ...args], {
      env: { ...process.env, ...env, LOG_LEVEL: 'silent' },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(stdin);
  });
}

/** The database the command line wrote to, opened after it exited (PGlite allows one process at a time). */
async function withDatabase<T>(use: (db: DatabaseHandle) => Promise<T>): Promise<T> {
  const handle = testDb ?? (await openDatabase({ pgliteDir: join(dataDir, 'db') }));
  try {
    return await use(handle);
  } finally {
    if (!testDb) await handle.close();
  }
}

beforeAll(async () => {
  env = { DATA_DIR: dataDir, JWT_SECRET: SECRET };
  if (process.env.TEST_DATABASE_URL) {
    testDb = await createTestDatabase();
    env.DATABASE_URL = testDb.url!;
  }
});
afterAll(() => testDb?.destroy());

// Each command is a fresh Node process that compiles TypeScript and migrates: seconds each on a busy machine.
describe('npm run certitude -- <command>', { timeout: 120_000 }, () => {
  it('help lists the commands; an unknown command or option is a usage error (exit 2)', async () => {
    const help = await cli(['help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('user:create --username U --email E');
    const unknown = await cli(['user:delete']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('Unknown command: user:delete');
    const option = await cli(['user:role', '--user', 'x']);
    expect(option.code).toBe(2);
  });

  it('user:create makes a verified account with the password from standard input, able to sign in at once', async () => {
    const res = await cli(
      ['user:create', '--username', 'ops_admin', '--email', 'ops@example.org', '--role', 'admin'],
      'Sup3r-secret!\n',
    );
    expect(res.stderr).toBe('');
    expect(res.code).toBe(0);
    expect(res.stdout).toMatch(/^Created ADMIN ops_admin \(id \d+\)\.\n$/);

    await withDatabase(async (database) => {
      const [row] = await database.db.select().from(users).where(eq(users.username, 'ops_admin'));
      expect(row).toMatchObject({ email: 'ops@example.org', role: 'ADMIN', emailVerified: true, isSystem: false });
      expect(row!.passwordHash).toMatch(/^\$argon2id\$/);
      const config = testConfig({ JWT_SECRET: SECRET, MAIL_WORKER_INTERVAL_MS: '0' });
      const fastify = Fastify(fastifyOptions(config, false));
      await fastify.register(app, { config, database, web: false });
      try {
        const login = await fastify.inject({
          method: 'POST',
          url: '/auth/login',
          payload: { username: 'ops_admin', password: 'Sup3r-secret!' },
        });
        expect(login.statusCode).toBe(200);
        expect(login.json().user).toMatchObject({ role: 'ADMIN', emailVerified: true });
      } finally {
        await fastify.close();
      }
    });
  });

  it('user:create refuses a short password, a taken name or address, and a bad role', async () => {
    const short = await cli(['user:create', '--username', 'shorty', '--email', 'shorty@example.org'], 'short\n');
    expect(short.code).toBe(2);
    expect(short.stderr).toContain(MSG.registerPasswordMin);
    const taken = await cli(
      ['user:create', '--username', 'OPS_ADMIN', '--email', 'other@example.org'],
      'Sup3r-secret!\n',
    );
    expect(taken.code).toBe(2);
    expect(taken.stderr).toContain('already taken');
    const email = await cli(['user:create', '--username', 'someone', '--email', 'OPS@example.org'], 'Sup3r-secret!\n');
    expect(email.code).toBe(2);
    expect(email.stderr).toContain('already exists');
    const role = await cli(
      ['user:create', '--username', 'x_role', '--email', 'x@example.org', '--role', 'KING'],
      'Sup3r-secret!\n',
    );
    expect(role.code).toBe(2);
    expect(role.stderr).toContain('--role must be one of USER, MODERATOR, ADMIN');
  });

  it("user:role changes an account's role; an unknown account is a usage error", async () => {
    const res = await cli(['user:role', '--username', 'ops_admin', '--role', 'moderator']);
    expect(res.code).toBe(0);
    expect(res.stdout).toBe('ops_admin is now MODERATOR.\n');
    await withDatabase(async (database) => {
      const [row] = await database.db.select().from(users).where(eq(users.username, 'ops_admin'));
      expect(row!.role).toBe('MODERATOR');
    });
    const missing = await cli(['user:role', '--username', 'nobody_here', '--role', 'ADMIN']);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('No account named nobody_here');
    const noRole = await cli(['user:role', '--username', 'ops_admin']);
    expect(noRole.code).toBe(2);
    expect(noRole.stderr).toContain('--role is required');
  });

  it('mail:retry queues again the mail that failed every attempt, and leaves sent mail alone', async () => {
    await withDatabase(async (database) => {
      const mail = { subject: 'Verify your email', textBody: 'x', htmlBody: '<p>x</p>', kind: 'verify-email' };
      await database.db.insert(mailOutbox).values([
        { ...mail, toAddress: 'failed@example.com', status: 'FAILED', attempts: 8, lastError: 'connection refused' },
        { ...mail, toAddress: 'sent@example.com', status: 'SENT', attempts: 1, sentAt: new Date() },
      ]);
    });
    const res = await cli(['mail:retry']);
    expect(res.code).toBe(0);
    expect(res.stdout).toBe('1 failed mail queued again.\n');
    await withDatabase(async (database) => {
      const rows = await database.db.select().from(mailOutbox);
      const failed = rows.find((r) => r.toAddress === 'failed@example.com')!;
      expect(failed).toMatchObject({ status: 'PENDING', attempts: 0 });
      expect(failed.nextAttemptAt.getTime()).toBeLessThanOrEqual(Date.now());
      expect(rows.find((r) => r.toAddress === 'sent@example.com')!.status).toBe('SENT');
    });
    expect((await cli(['mail:retry'])).stdout).toBe('0 failed mails queued again.\n');
  });
});
