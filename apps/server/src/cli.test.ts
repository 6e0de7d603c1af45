import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { MSG } from '@certitude/shared';
import { eq, sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import app, { fastifyOptions } from './app.js';
import { openDatabase, type DatabaseHandle } from './db/client.js';
import { certifications, commonNextCounts, mailOutbox, memberCertifications, users } from './db/schema/index.js';
import { seedCatalogue } from './db/seed/seed.js';
import { createTestDatabase, type TestDatabase } from '../test/database.js';
import { testConfig } from '../test/app.js';
import { runCli, withCliDatabase, type CliOutcome } from '../test/support/cli.js';
import { fingerprint } from '../test/fingerprint.js';

const SECRET = 'cli-test-secret-that-is-long-enough-for-hs256';

/**
 * The operator command line as an operator runs it: its own process, the database of the environment
 * (a PGlite directory in DATA_DIR, or the PostgreSQL test database), the password on standard input.
 */
let env: Record<string, string>;
let testDb: TestDatabase | undefined;
const dataDir = mkdtempSync(join(tmpdir(), 'certitude-cli-'));

function cli(args: string[], stdin = ''): Promise<CliOutcome> {
  return runCli(args, { ...process.env, ...env, LOG_LEVEL: 'silent' }, stdin);
}

/** The database the command line wrote to, opened after it exited (PGlite allows one process at a time). */
function withDatabase<T>(use: (db: DatabaseHandle) => Promise<T>): Promise<T> {
  return withCliDatabase(testDb, join(dataDir, 'db'), use);
}

beforeAll(async () => {
  env = { DATA_DIR: dataDir, JWT_SECRET: SECRET };
  if (process.env.TEST_DATABASE_URL) {
    testDb = await createTestDatabase();
    env.DATABASE_URL = testDb.url!;
  }
});
afterAll(() => testDb?.destroy());

// Each command is a fresh Node process of the built command line that opens and migrates the database: a second or
// more each on a busy machine.
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

  it("paths:rebuild recounts the members' common next steps from their certifications", async () => {
    const ids = await withDatabase(async (database) => {
      await database.migrate(); // when run alone, no command has made the database yet
      const db = database.db;
      const [first, then] = await db
        .insert(certifications)
        .values(
          ['first', 'then'].map((name) => ({
            slug: `cli-paths-${name}`,
            name: `CLI paths ${name}`,
            certCode: name,
            vendor: 'CLI',
            description: 'A certification of the command line test.',
            status: 'APPROVED' as const,
          })),
        )
        .returning({ id: certifications.id });
      const members = await db
        .insert(users)
        .values(
          [1, 2, 3].map((n) => ({
            username: `cli_paths_${n}`,
            email: `cli_paths_${n}@example.org`,
            // Countable: verified and past the first week (decision 25).
            emailVerified: true,
            createdAt: new Date(Date.now() - 30 * 86_400_000),
          })),
        )
        .returning({ id: users.id });
      await db.insert(memberCertifications).values(
        members.flatMap((m) => [
          { userId: m.id, certificationId: first!.id, status: 'HELD' as const, earnedOn: '2020-01-01' },
          { userId: m.id, certificationId: then!.id, status: 'HELD' as const, earnedOn: '2021-01-01' },
        ]),
      );
      // Written behind the tracker's back: the counts know nothing of these members yet.
      return { from: first!.id, to: then!.id };
    });
    const res = await cli(['paths:rebuild']);
    expect(res.stderr).toBe('');
    expect(res).toMatchObject({ code: 0, stdout: 'Recounted 1 pair of certifications.\n' });
    await withDatabase(async (database) => {
      expect(await database.db.select().from(commonNextCounts)).toEqual([
        { fromId: ids.from, toId: ids.to, members: 3 },
      ]);
    });
  });
});

describe('npm run certitude -- db:backup FILE / db:restore FILE', { timeout: 180_000 }, () => {
  const backupDir = mkdtempSync(join(tmpdir(), 'certitude-backup-'));
  let before: Record<string, string>;
  let target: TestDatabase | undefined;
  let targetEnv: Record<string, string>;

  beforeAll(async () => {
    await withDatabase(async (database) => {
      await seedCatalogue(database.db);
      before = await fingerprint(database);
    });
    // An empty place to restore into: a fresh DATA_DIR, or a fresh PostgreSQL database.
    if (testDb) {
      target = await createTestDatabase();
      targetEnv = { DATABASE_URL: target.url!, DATA_DIR: mkdtempSync(join(tmpdir(), 'certitude-restore-')) };
    } else {
      targetEnv = { DATA_DIR: mkdtempSync(join(tmpdir(), 'certitude-restore-')), DATABASE_URL: '' };
    }
  });
  afterAll(() => target?.destroy());

  const inTarget = async <T>(use: (db: DatabaseHandle) => Promise<T>): Promise<T> => {
    const handle = target ?? (await openDatabase({ pgliteDir: join(targetEnv.DATA_DIR!, 'db') }));
    try {
      return await use(handle);
    } finally {
      if (!target) await handle.close();
    }
  };
  const cliIn = (e: Record<string, string>, args: string[]) => {
    const saved = env;
    env = { ...env, ...e };
    return cli(args).finally(() => (env = saved));
  };

  it('a logical backup restores into an empty database with every row, checked table by table', async () => {
    const file = join(backupDir, 'logical.backup');
    const backup = await cli(['db:backup', file, '--logical']);
    expect(backup.stderr).toBe('');
    expect(backup.code).toBe(0);
    expect(backup.stdout).toMatch(/^Backup written to .*logical\.backup: \d+ rows of \d+ tables \(\d+ KiB\)\.\n$/);

    const restored = await cliIn(targetEnv, ['db:restore', file]);
    expect(restored.stderr).toBe('');
    expect(restored).toMatchObject({ code: 0, stdout: expect.stringContaining('each checked against its checksum') });
    expect(await inTarget(fingerprint)).toEqual(before);
    // The restored database goes on: new rows take new ids.
    await inTarget(async (database) => {
      const [row] = await database.db
        .insert(users)
        .values({ username: 'after_restore', email: 'after@example.org' })
        .returning();
      const result = (await database.db.execute(
        sql`select max(id) as m from users where username <> 'after_restore'`,
      )) as unknown as { rows: { m: number }[] };
      const [max] = result.rows;
      expect(row!.id).toBeGreaterThan(Number(max!.m));
    });
  });

  it('restore refuses a database with data unless --force, which replaces it', async () => {
    const file = join(backupDir, 'logical.backup');
    const refused = await cliIn(targetEnv, ['db:restore', file]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toBe(
      'The database is not empty: add --force to replace everything in it with the backup.\n',
    );
    const forced = await cliIn(targetEnv, ['db:restore', file, '--force']);
    expect(forced.stderr).toBe('');
    expect(forced.code).toBe(0);
    expect(await inTarget(fingerprint)).toEqual(before);
  });

  it('a cut-short, foreign or missing file is refused with a clear message', async () => {
    const whole = readFileSync(join(backupDir, 'logical.backup'));
    const cut = join(backupDir, 'cut.backup');
    writeFileSync(cut, gunzipSync(whole).subarray(0, 2000)); // not even gzip
    const foreign = await cliIn(targetEnv, ['db:restore', cut, '--force']);
    expect(foreign.code).toBe(1);
    expect(foreign.stderr).toContain('is not a Certitude backup');

    const text = gunzipSync(whole).toString('utf8').split('\n');
    writeFileSync(cut, gzipSync(text.slice(0, -2).join('\n'))); // without its trailer
    const incomplete = await cliIn(targetEnv, ['db:restore', cut, '--force']);
    expect(incomplete.code).toBe(1);
    expect(incomplete.stderr).toContain('is incomplete (its end is missing): nothing was restored');
    const row = text.findIndex((l) => l.startsWith('{"id": '));
    const altered = text.map((l, i) => (i === row ? l.replace(/^\{"id": \d+/, '{"id": 999999') : l));
    writeFileSync(cut, gzipSync(altered.join('\n')));
    const damaged = await cliIn(targetEnv, ['db:restore', cut, '--force']);
    expect(damaged.code).toBe(1);
    expect(damaged.stderr).toMatch(/is damaged \(the rows of \w+ do not match their checksum\): nothing was restored/);
    // Refused before anything was touched.
    expect(await inTarget(fingerprint)).toEqual(before);

    const missing = await cliIn(targetEnv, ['db:restore', join(backupDir, 'nope.backup')]);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('No backup at');
    expect((await cli(['db:backup'])).code).toBe(2);
  });

  it.runIf(process.env.TEST_DATABASE_URL)(
    'on PostgreSQL, db:backup uses pg_dump and db:restore pg_restore',
    async () => {
      const file = join(backupDir, 'pgdump.backup');
      const backup = await cli(['db:backup', file]);
      expect(backup.stderr).toBe('');
      expect(backup.stdout).toMatch(/with pg_dump/);
      expect(readFileSync(file).subarray(0, 5).toString('latin1')).toBe('PGDMP');
      const refused = await cliIn(targetEnv, ['db:restore', file]);
      expect(refused.code).toBe(1);
      const restored = await cliIn(targetEnv, ['db:restore', file, '--force']);
      expect(restored.stderr).toBe('');
      expect(restored).toMatchObject({ code: 0, stdout: expect.stringContaining('with pg_restore') });
      expect(await inTarget(fingerprint)).toEqual(before);
      // pg_dump's backup is PostgreSQL's alone.
      const intoPglite = await cliIn({ DATABASE_URL: '', DATA_DIR: mkdtempSync(join(tmpdir(), 'c-')) }, [
        'db:restore',
        file,
      ]);
      expect(intoPglite.code).toBe(1);
      expect(intoPglite.stderr).toContain('restore it into PostgreSQL');
    },
  );
});
