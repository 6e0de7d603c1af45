import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { ROLES, registerRequestSchema, type Role } from '@certitude/shared';
import { ConfigError, loadConfig, type Config } from './config.js';
import {
  BackupError,
  backupKind,
  backupLogical,
  backupPgDump,
  findPgTool,
  restoreLogical,
  restorePgDump,
  type BackupSummary,
} from './db/backup.js';
import { openDatabase, type DatabaseHandle } from './db/client.js';
import { acquireDataDirLock, DataDirLockedError, isAlive, type LockOwner } from './db/data-dir-lock.js';
import { socketDir, socketPath } from './db/pglite-socket.js';
import type { Database } from './db/client.js';
import { seedCatalogue } from './db/seed/seed.js';
import { importItems, type ImportResult } from './modules/catalogue-data/catalogue-import.js';
import { parseUpdateFile, UpdateError, type UpdateItem } from './modules/catalogue-data/catalogue-update.js';
import { requeueFailedMail } from './mail/outbox.repository.js';
import { hashPassword } from './modules/accounts/password.js';
import { rebuildCommonNextCounts } from './modules/paths/common-next.repository.js';
import { VotingRingService } from './modules/moderation/voting-ring.service.js';
import { findUserByEmail, findUserByUsername, insertUser, updateUserRole } from './modules/accounts/user.repository.js';

const USAGE = `Usage: npm run certitude -- <command> [options]

Commands:
  db:migrate                                   apply the database migrations
  db:seed                                      bring the catalogue up to date with its data files (catalogue/*.json)
                                               and add the missing resources and articles
  catalogue:import FILE [--dry-run]            apply an update file to the catalogue, all or nothing (--dry-run:
                                               print what would change and change nothing)
  db:backup FILE [--logical]                   write a backup of the whole database to FILE
  db:restore FILE [--force]                    restore a backup into an empty database (--force: replace its data)
  user:create --username U --email E [--role USER|MODERATOR|ADMIN]
                                               create a verified account; the password is read from standard input
  user:role --username U --role USER|MODERATOR|ADMIN
                                               change an account's role
  mail:retry                                   queue again the mail that failed every attempt
  paths:rebuild                                recount the members' common next steps from their certifications
  flags:voting-rings                           look for voting rings in the last 24 hours now (the job runs by itself)

With the embedded database, a running server is reached through DATA_DIR/run; otherwise the command
opens the database itself (and no server can start meanwhile).
`;

const COMMANDS = [
  'db:migrate',
  'db:seed',
  'catalogue:import',
  'db:backup',
  'db:restore',
  'user:create',
  'user:role',
  'mail:retry',
  'paths:rebuild',
  'flags:voting-rings',
];
/** How long a command waits for a starting server to open its socket. */
const SOCKET_WAIT_MS = 60_000;

class UsageError extends Error {}
/** A refusal that is not a usage mistake (exit 1, its message alone). */
class OperatorError extends Error {}

async function readStdin(): Promise<string> {
  if (process.stdin.isTTY) process.stderr.write('Password: ');
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks)
    .toString('utf8')
    .replace(/\r?\n$/, '');
}

function parseRole(value: string | undefined): Role {
  const role = (value ?? 'USER').toUpperCase();
  if (!(ROLES as readonly string[]).includes(role)) throw new UsageError(`--role must be one of ${ROLES.join(', ')}`);
  return role as Role;
}

interface Connection {
  database: DatabaseHandle;
  /** direct: this process owns the embedded database; server: through the running server's socket. */
  via: 'direct' | 'server' | 'postgres';
  close(): Promise<void>;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The running server's socket, waited for while the server starts (it opens it once migrated). */
async function waitForSocket(config: Config, owner: LockOwner): Promise<void> {
  const deadline = Date.now() + SOCKET_WAIT_MS;
  while (!existsSync(socketPath(config.dataDir))) {
    if (!isAlive(owner)) throw new OperatorError(`The server (process ${owner.pid}) stopped: run the command again.`);
    if (Date.now() > deadline) {
      throw new OperatorError(
        `The server (process ${owner.pid}) owns the database but offers no socket at ${socketPath(config.dataDir)}; ` +
          'stop it and run the command again.',
      );
    }
    await sleep(100);
  }
}

/**
 * The database for a command: PostgreSQL as configured; with the embedded database, the database itself under
 * DATA_DIR's lock, or the running server's through its socket.
 */
async function connect(config: Config, command: string): Promise<Connection> {
  if (config.databaseUrl) {
    const database = await openDatabase({ databaseUrl: config.databaseUrl, poolSize: 2 });
    return { database, via: 'postgres', close: () => database.close() };
  }
  let lock;
  try {
    lock = acquireDataDirLock(config.dataDir, 'cli');
  } catch (err) {
    if (!(err instanceof DataDirLockedError)) throw err;
    if (err.owner.role !== 'server')
      throw new OperatorError(`${capitalize(err.message)}: try again when it has finished.`);
    if (command === 'db:restore') {
      throw new OperatorError(
        `${capitalize(err.message)}: stop the server before restoring, since a restore replaces everything it serves.`,
      );
    }
    await waitForSocket(config, err.owner);
    const database = await openDatabase({ socketDir: socketDir(config.dataDir), poolSize: 1 });
    return { database, via: 'server', close: () => database.close() };
  }
  try {
    const database = await openDatabase({ pgliteDir: join(config.dataDir, 'db') });
    return {
      database,
      via: 'direct',
      close: async () => {
        try {
          await database.close();
        } finally {
          lock.release();
        }
      },
    };
  } catch (err) {
    lock.release();
    throw err;
  }
}

const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

function describeBackup(file: string, summary: BackupSummary): string {
  const size = `${(summary.bytes / 1024).toFixed(0)} KiB`;
  if (!summary.tables) return `Backup written to ${file} with pg_dump (${size}).`;
  const rows = Object.values(summary.tables).reduce((n, t) => n + t.rows, 0);
  const tables = Object.keys(summary.tables).length;
  return `Backup written to ${file}: ${rows} rows of ${tables} tables (${size}).`;
}

function readUpdates(file: string): UpdateItem[] {
  try {
    return parseUpdateFile(file);
  } catch (err) {
    if (err instanceof UpdateError) throw new OperatorError(`Nothing was imported:\n${err.problems.join('\n')}`);
    throw err;
  }
}

class DryRun extends Error {
  constructor(readonly result: ImportResult) {
    super('dry run');
  }
}

/** `catalogue:import`: the whole file in one transaction, or nothing; a dry run rolls its transaction back. */
async function importFile(db: Database, items: UpdateItem[], dryRun: boolean): Promise<string> {
  let result: ImportResult;
  try {
    result = await db.transaction(async (tx) => {
      const r = await importItems(tx, items);
      if (dryRun) throw new DryRun(r);
      return r;
    });
  } catch (err) {
    if (err instanceof DryRun) result = err.result;
    else if (err instanceof UpdateError) throw new OperatorError(`Nothing was imported:\n${err.problems.join('\n')}`);
    else throw err;
  }
  const counts =
    `${result.created} added, ${result.changed} changed, ${result.pending} left for moderators (a member set the fact), ` +
    `${result.confirmed} confirmed by their sources`;
  if (dryRun) return [...result.lines, `Dry run: ${counts} if imported; nothing was changed.`].join('\n');
  return [...result.lines, `Imported ${items.length} entries: ${counts}.`].join('\n');
}

export async function run(argv: string[]): Promise<string> {
  const [command, ...rest] = argv;
  if (!command || command === 'help' || command === '--help') return USAGE;
  const { values, positionals } = parseArgs({
    args: rest,
    options: {
      username: { type: 'string' },
      email: { type: 'string' },
      role: { type: 'string' },
      force: { type: 'boolean' },
      logical: { type: 'boolean' },
      'dry-run': { type: 'boolean' },
    },
    allowPositionals: true,
    strict: true,
  });
  if (!COMMANDS.includes(command)) throw new UsageError(`Unknown command: ${command}\n\n${USAGE}`);
  const takesFile = command === 'db:backup' || command === 'db:restore' || command === 'catalogue:import';
  if (takesFile && positionals.length !== 1) throw new UsageError(`${command} takes one FILE`);
  if (!takesFile && positionals.length > 0) throw new UsageError(`Unexpected argument: ${positionals[0]}`);
  const file = takesFile ? resolve(positionals[0]!) : '';
  if (command === 'db:restore') backupKind(file); // a missing or foreign file is refused before anything opens
  // An update file is read and checked before anything opens: a bad entry changes nothing.
  const updates = command === 'catalogue:import' ? readUpdates(file) : [];

  const config = loadConfig();
  const connection = await connect(config, command);
  try {
    const { database } = connection;
    if (command !== 'db:restore') await database.migrate();
    const db = database.db;
    switch (command) {
      case 'db:migrate':
        return 'Migrations applied.';
      case 'db:seed': {
        const r = await seedCatalogue(db);
        const pending = r.pending ? ` ${r.pending} change(s) of facts a member set wait for a moderator.` : '';
        return `Seed added ${r.certifications} certifications, ${r.resources} resources and ${r.articles} articles, and updated the facts of ${r.facts} certifications.${pending}`;
      }
      case 'catalogue:import':
        return await importFile(db, updates, values['dry-run'] ?? false);
      case 'db:backup': {
        const pgDump = config.databaseUrl && !values.logical ? findPgTool('pg_dump') : undefined;
        const summary = pgDump ? backupPgDump(pgDump, config.databaseUrl!, file) : await backupLogical(db, file);
        return describeBackup(file, summary);
      }
      case 'db:restore': {
        const force = values.force ?? false;
        if (backupKind(file) === 'pg_dump') {
          if (!config.databaseUrl) {
            throw new BackupError('This backup was made by pg_dump: restore it into PostgreSQL (DATABASE_URL).');
          }
          const pgRestore = findPgTool('pg_restore');
          if (!pgRestore) throw new BackupError('This backup was made by pg_dump, and pg_restore is not installed.');
          await restorePgDump(pgRestore, database, config.databaseUrl, file, { force });
          return `Restored ${file} with pg_restore.`;
        }
        const tables = await restoreLogical(database, file, { force });
        const rows = Object.values(tables).reduce((n, t) => n + t.rows, 0);
        return `Restored ${file}: ${rows} rows of ${Object.keys(tables).length} tables, each checked against its checksum.`;
      }
      case 'user:create': {
        const role = parseRole(values.role);
        const password = await readStdin();
        const parsed = registerRequestSchema.safeParse({
          username: values.username,
          email: values.email,
          password,
          confirmPassword: password,
        });
        if (!parsed.success) throw new UsageError(parsed.error.issues.map((i) => i.message).join('\n'));
        const { username, email } = parsed.data;
        if (await findUserByUsername(db, username)) throw new UsageError(`The username ${username} is already taken`);
        if (await findUserByEmail(db, email)) throw new UsageError(`An account with ${email} already exists`);
        const user = await insertUser(db, {
          username,
          email,
          role,
          emailVerified: true,
          passwordHash: await hashPassword(parsed.data.password),
        });
        return `Created ${user.role} ${user.username} (id ${user.id}).`;
      }
      case 'user:role': {
        if (!values.username) throw new UsageError('--username is required');
        if (!values.role) throw new UsageError('--role is required');
        const role = parseRole(values.role);
        const user = await findUserByUsername(db, values.username);
        if (!user || user.isSystem) throw new UsageError(`No account named ${values.username}`);
        await updateUserRole(db, user.id, role);
        return `${user.username} is now ${role}.`;
      }
      case 'mail:retry': {
        const count = await requeueFailedMail(db);
        return count === 1 ? '1 failed mail queued again.' : `${count} failed mails queued again.`;
      }
      case 'paths:rebuild': {
        // A repair: the counts are kept on every tracker write (docs/decisions/0025-common-next-counts.md).
        const pairs = await rebuildCommonNextCounts(db);
        return pairs === 1 ? 'Recounted 1 pair of certifications.' : `Recounted ${pairs} pairs of certifications.`;
      }
      case 'flags:voting-rings': {
        // The job runs with the members' jobs (docs/product.md#voting-rings); this runs it once, now.
        const found = await new VotingRingService(db, () => new Date()).detect();
        return found === 1 ? 'Recorded 1 voting-ring signal.' : `Recorded ${found} voting-ring signals.`;
      }
    }
    return USAGE;
  } finally {
    await connection.close();
  }
}

run(process.argv.slice(2)).then(
  (out) => {
    process.stdout.write(`${out.trimEnd()}\n`);
    process.exit(0);
  },
  (err: unknown) => {
    if (
      err instanceof UsageError ||
      err instanceof ConfigError ||
      (err as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')
    ) {
      process.stderr.write(`${(err as Error).message}\n`);
      process.exit(2);
    }
    if (err instanceof OperatorError || err instanceof BackupError) {
      process.stderr.write(`${err.message}\n`);
      process.exit(1);
    }
    process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
    process.exit(1);
  },
);
