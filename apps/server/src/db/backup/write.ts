import { createHash } from 'node:crypto';
import {
  closeSync,
  constants,
  createWriteStream,
  fsyncSync,
  mkdtempSync,
  openSync,
  renameSync,
  rmSync,
  statSync,
} from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { finished } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { sql } from 'drizzle-orm';
import type { Database } from '../client.js';
import { FORMAT_VERSION, LOGICAL_FORMAT, rows, type BackupSummary, type Header, type TableSummary } from './format.js';
import { describeTables, readTable, sequences } from './schema-info.js';

/* Writing a backup: the private file it is written in, and the logical backup itself (backup.ts). */

/**
 * Where a backup is written before it becomes FILE: a new directory of mode 0700 beside FILE (same file system,
 * so the rename is atomic) holding a new file of mode 0600. Nothing found in place is reused or followed: a
 * FILE.partial or a link left by another local user is never written to, and nobody else can open the file
 * while it is written.
 */
export function privateTarget(file: string): { path: string; commit(): void; discard(): void } {
  const dir = mkdtempSync(join(dirname(file), `.${basename(file)}.`));
  const path = join(dir, 'backup');
  try {
    closeSync(openSync(path, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL, 0o600));
  } catch (err) {
    rmSync(dir, { recursive: true, force: true });
    throw err;
  }
  return {
    path,
    commit() {
      const fd = openSync(path, 'r');
      try {
        fsyncSync(fd);
      } finally {
        closeSync(fd);
      }
      renameSync(path, file);
      rmSync(dir, { recursive: true, force: true });
    },
    discard() {
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Writes a logical backup of `db` to `file`. */
export async function backupLogical(db: Database, file: string): Promise<BackupSummary> {
  const target = privateTarget(file);
  const gzip = createGzip();
  // The file was just made, empty and 0600, in a directory nobody else can enter: opened again, never created.
  const out = createWriteStream('', { fd: openSync(target.path, constants.O_WRONLY | constants.O_NOFOLLOW) });
  gzip.pipe(out);
  const whole = createHash('sha256');
  const writeLine = async (line: string) => {
    if (!gzip.write(`${line}\n`)) await new Promise((resolve) => gzip.once('drain', resolve));
  };
  const write = async (line: string) => {
    whole.update(line).update('\n');
    await writeLine(line);
  };
  const summary: Record<string, TableSummary> = {};
  try {
    await db.transaction(
      async (tx) => {
        const migrations = await rows<{ hash: string; created_at: string }>(
          tx,
          sql`select hash, created_at::text from drizzle.__drizzle_migrations order by id`,
        );
        const tables = await describeTables(tx);
        const header: Header = {
          format: LOGICAL_FORMAT,
          version: FORMAT_VERSION,
          createdAt: new Date().toISOString(),
          migrations: migrations.map((m) => ({ hash: m.hash, createdAt: Number(m.created_at) })),
          tables,
        };
        await write(JSON.stringify(header));
        for (const table of tables) {
          await write(JSON.stringify({ table: table.name }));
          const hash = createHash('sha256');
          let count = 0;
          for await (const row of readTable(tx, table)) {
            hash.update(row).update('\n');
            count++;
            await write(row);
          }
          summary[table.name] = { rows: count, sha256: hash.digest('hex') };
        }
        await write(JSON.stringify({ sequences: await sequences(tx) }));
        // The trailer's checksum covers every line before it, the header included.
        await writeLine(JSON.stringify({ end: summary, sha256: whole.digest('hex') }));
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
    gzip.end();
    await finished(out);
    target.commit();
  } catch (err) {
    gzip.destroy();
    out.destroy();
    target.discard();
    throw err;
  }
  return { method: 'logical', bytes: statSync(file).size, tables: summary };
}
