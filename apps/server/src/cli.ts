import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from './config.js';
import { connect } from './cli/connection.js';
import { backupTo, importFile, readUpdates, restoreFrom } from './cli/data-commands.js';
import { OperatorError, UsageError } from './cli/errors.js';
import { createUser, setUserRole } from './cli/user-commands.js';
import { BackupError, backupKind } from './db/backup.js';
import { seedCatalogue } from './db/seed/seed.js';
import { requeueFailedMail } from './mail/outbox.repository.js';
import { VotingRingService } from './modules/moderation/voting-ring.service.js';
import { rebuildCommonNextCounts } from './modules/paths/common-next.repository.js';
import { errorDetail } from './lib/errors.js';

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
      case 'db:backup':
        return await backupTo(config, db, file, values.logical ?? false);
      case 'db:restore':
        return await restoreFrom(config, database, file, values.force ?? false);
      case 'user:create':
        return await createUser(db, values);
      case 'user:role':
        return await setUserRole(db, values);
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
    process.stderr.write(`${errorDetail(err)}\n`);
    process.exit(1);
  },
);
