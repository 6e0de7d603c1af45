import type { Config } from '../config.js';
import {
  BackupError,
  backupKind,
  backupLogical,
  backupPgDump,
  findPgTool,
  restoreLogical,
  restorePgDump,
  type BackupSummary,
} from '../db/backup.js';
import type { Database, DatabaseHandle } from '../db/client.js';
import { importItems, type ImportResult } from '../modules/catalogue-data/catalogue-import.js';
import { UpdateError, type UpdateItem } from '../modules/catalogue-data/catalogue-record.js';
import { parseUpdateFile } from '../modules/catalogue-data/update-file.js';
import { OperatorError } from './errors.js';

/* The commands that move data in and out: catalogue:import, db:backup and db:restore. */

function describeBackup(file: string, summary: BackupSummary): string {
  const size = `${(summary.bytes / 1024).toFixed(0)} KiB`;
  if (!summary.tables) return `Backup written to ${file} with pg_dump (${size}).`;
  const rows = Object.values(summary.tables).reduce((n, t) => n + t.rows, 0);
  const tables = Object.keys(summary.tables).length;
  return `Backup written to ${file}: ${rows} rows of ${tables} tables (${size}).`;
}

export function readUpdates(file: string): UpdateItem[] {
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
export async function importFile(db: Database, items: UpdateItem[], dryRun: boolean): Promise<string> {
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

/** `db:backup`: pg_dump for PostgreSQL when installed (unless --logical), else the logical backup. */
export async function backupTo(config: Config, db: Database, file: string, logical: boolean): Promise<string> {
  const pgDump = config.databaseUrl && !logical ? findPgTool('pg_dump') : undefined;
  const summary = pgDump ? backupPgDump(pgDump, config.databaseUrl!, file) : await backupLogical(db, file);
  return describeBackup(file, summary);
}

/** `db:restore`: a pg_dump backup through pg_restore (PostgreSQL only), a logical one table by table. */
export async function restoreFrom(
  config: Config,
  database: DatabaseHandle,
  file: string,
  force: boolean,
): Promise<string> {
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
