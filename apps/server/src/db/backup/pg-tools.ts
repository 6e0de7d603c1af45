import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { DatabaseHandle } from '../client.js';
import { BackupError, type BackupSummary } from './format.js';
import { dropEverything, hasData } from './schema-info.js';
import { privateTarget } from './write.js';

/* PostgreSQL's own backups, where pg_dump is installed: pg_dump's custom format, restored with pg_restore (backup.ts). */

/** pg_dump and pg_restore: on the PATH, else the newest of Debian's /usr/lib/postgresql/<n>/bin. */
export function findPgTool(name: 'pg_dump' | 'pg_restore'): string | undefined {
  const onPath = spawnSync(name, ['--version'], { stdio: 'ignore' });
  if (onPath.status === 0) return name;
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root)
    .filter((v) => existsSync(join(root, v, 'bin', name)))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? join(root, versions[0], 'bin', name) : undefined;
}

/** libpq's environment for a URL, so that no password shows in the process list. */
function libpqEnv(url: string): { env: NodeJS.ProcessEnv; dbname: string } {
  const u = new URL(url);
  const env: NodeJS.ProcessEnv = { ...process.env };
  if (u.password) env.PGPASSWORD = decodeURIComponent(u.password);
  u.password = '';
  return { env, dbname: u.toString() };
}

export function backupPgDump(pgDump: string, databaseUrl: string, file: string): BackupSummary {
  // pg_dump truncates the 0600 file made for it, in the directory only this user can enter.
  const target = privateTarget(file);
  const { env, dbname } = libpqEnv(databaseUrl);
  const run = spawnSync(
    pgDump,
    ['--format=custom', '--no-owner', '--no-privileges', `--file=${target.path}`, `--dbname=${dbname}`],
    { env, encoding: 'utf8' },
  );
  if (run.status !== 0) {
    target.discard();
    throw new BackupError(`pg_dump failed: ${(run.stderr || run.error?.message || '').trim()}`);
  }
  target.commit();
  return { method: 'pg_dump', bytes: statSync(file).size };
}

export async function restorePgDump(
  pgRestore: string,
  database: DatabaseHandle,
  databaseUrl: string,
  file: string,
  options: { force: boolean },
): Promise<void> {
  if (!options.force && (await hasData(database.db))) {
    throw new BackupError('The database is not empty: add --force to replace everything in it with the backup.');
  }
  // What pg_dump made is dropped and made again; tables the backup does not know are removed first.
  await dropEverything(database.db);
  const { env, dbname } = libpqEnv(databaseUrl);
  const run = spawnSync(
    pgRestore,
    ['--no-owner', '--no-privileges', '--single-transaction', '--exit-on-error', `--dbname=${dbname}`, file],
    { env, encoding: 'utf8' },
  );
  if (run.status !== 0) throw new BackupError(`pg_restore failed: ${(run.stderr || run.error?.message || '').trim()}`);
  await database.migrate();
}
