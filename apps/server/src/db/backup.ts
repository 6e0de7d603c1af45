import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  closeSync,
  copyFileSync,
  createReadStream,
  createWriteStream,
  existsSync,
  fsyncSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  readSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { finished } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import { sql, type SQL } from 'drizzle-orm';
import { MIGRATIONS_FOLDER, type Database, type DatabaseHandle, type Executor } from './client.js';

/**
 * Backups of the database, whatever it runs on.
 *
 * - A logical backup (the embedded database always; PostgreSQL with --logical or without pg_dump): one gzip
 *   file of JSON lines, read in one REPEATABLE READ snapshot: a header (the applied migrations, every table of
 *   the public schema with its columns, in foreign-key order), each table's rows as PostgreSQL's to_jsonb
 *   gives them, sorted by primary key, the sequences, and a trailer with each table's row count and a SHA-256
 *   of its rows. A file without its trailer (a copy cut short) is refused at restore.
 * - PostgreSQL where pg_dump is installed: pg_dump's custom format, restored with pg_restore.
 *
 * The file is written as FILE.partial and renamed when complete, so FILE is never half a backup.
 */

const LOGICAL_FORMAT = 'certitude-backup';
const FORMAT_VERSION = 1;
const FETCH_ROWS = 2_000;
const INSERT_ROWS = 500;

export class BackupError extends Error {}

export interface TableSummary {
  rows: number;
  sha256: string;
}

export interface BackupSummary {
  method: 'logical' | 'pg_dump';
  bytes: number;
  /** Logical backups only: what the trailer holds. */
  tables?: Record<string, TableSummary>;
}

interface TableInfo {
  name: string;
  /** Columns written and restored: every one but the generated ones. */
  columns: string[];
  generated: string[];
  primaryKey: string[];
}

interface Header {
  format: typeof LOGICAL_FORMAT;
  version: number;
  createdAt: string;
  migrations: { hash: string; createdAt: number }[];
  tables: TableInfo[];
}

type Row = Record<string, unknown>;

async function rows<T extends Row>(db: Executor, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

const ident = (name: string) => sql.identifier(name);
const identList = (names: string[]) =>
  sql.join(
    names.map((n) => ident(n)),
    sql`, `,
  );

/** The public schema's tables, parents before children, with their columns and primary keys. */
async function describeTables(db: Executor): Promise<TableInfo[]> {
  const tables = await rows<{ table_name: string }>(
    db,
    sql`select table_name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  const columns = await rows<{ table_name: string; column_name: string; is_generated: string }>(
    db,
    sql`select table_name, column_name, is_generated from information_schema.columns
        where table_schema = 'public' order by table_name, ordinal_position`,
  );
  const keys = await rows<{ table_name: string; column_name: string }>(
    db,
    sql`select tc.table_name, kcu.column_name
        from information_schema.table_constraints tc
        join information_schema.key_column_usage kcu
          on kcu.constraint_schema = tc.constraint_schema and kcu.constraint_name = tc.constraint_name
        where tc.constraint_type = 'PRIMARY KEY' and tc.table_schema = 'public'
        order by tc.table_name, kcu.ordinal_position`,
  );
  const references = await rows<{ child: string; parent: string }>(
    db,
    sql`select cl.relname as child, pl.relname as parent
        from pg_constraint c
        join pg_class cl on cl.oid = c.conrelid
        join pg_class pl on pl.oid = c.confrelid
        join pg_namespace n on n.oid = cl.relnamespace
        where c.contype = 'f' and n.nspname = 'public' and cl.relname <> pl.relname`,
  );
  const info = new Map<string, TableInfo>(
    tables.map((t) => [t.table_name, { name: t.table_name, columns: [], generated: [], primaryKey: [] }]),
  );
  for (const c of columns) {
    const t = info.get(c.table_name);
    if (t) (c.is_generated === 'ALWAYS' ? t.generated : t.columns).push(c.column_name);
  }
  for (const k of keys) info.get(k.table_name)?.primaryKey.push(k.column_name);
  // Parents first, so that every foreign key holds as the rows go in.
  const ordered: TableInfo[] = [];
  const visiting = new Set<string>();
  const visit = (name: string) => {
    const table = info.get(name);
    if (!table || ordered.includes(table) || visiting.has(name)) return;
    visiting.add(name);
    for (const r of references) if (r.child === name) visit(r.parent);
    ordered.push(table);
  };
  for (const name of info.keys()) visit(name);
  return ordered;
}

/** Each row of a table as to_jsonb gives it, generated columns left out, in primary-key order. */
function rowsQuery(table: TableInfo): SQL {
  const row =
    table.generated.length > 0
      ? sql`(to_jsonb(t) - ${sql.raw(`array[${table.generated.map((g) => `'${g}'`).join(', ')}]`)})::text`
      : sql`to_jsonb(t)::text`;
  const order = table.primaryKey.length > 0 ? identList(table.primaryKey) : sql`t::text`;
  return sql`select ${row} as r from ${ident(table.name)} t order by ${order}`;
}

/** Reads a table within the current transaction through a cursor, a batch at a time. */
async function* readTable(tx: Executor, table: TableInfo): AsyncGenerator<string> {
  await tx.execute(sql`declare certitude_backup no scroll cursor for ${rowsQuery(table)}`);
  try {
    for (;;) {
      const batch = await rows<{ r: string }>(tx, sql.raw(`fetch ${FETCH_ROWS} from certitude_backup`));
      for (const { r } of batch) yield r;
      if (batch.length < FETCH_ROWS) return;
    }
  } finally {
    await tx.execute(sql.raw('close certitude_backup'));
  }
}

async function sequences(tx: Executor) {
  const found = await rows<{ table_name: string; column_name: string; sequence: string }>(
    tx,
    sql`select table_name, column_name, pg_get_serial_sequence(quote_ident(table_name), column_name) as sequence
        from information_schema.columns
        where table_schema = 'public' and column_default like 'nextval(%'`,
  );
  const values: { table: string; column: string; lastValue: string; isCalled: boolean }[] = [];
  for (const s of found) {
    if (!s.sequence) continue;
    const [v] = await rows<{ last_value: string; is_called: boolean }>(
      tx,
      sql`select last_value::text, is_called from ${sql.raw(s.sequence)}`,
    );
    values.push({ table: s.table_name, column: s.column_name, lastValue: v!.last_value, isCalled: v!.is_called });
  }
  return values;
}

/** Writes a logical backup of `db` to `file`. */
export async function backupLogical(db: Database, file: string): Promise<BackupSummary> {
  const partial = `${file}.partial`;
  const gzip = createGzip();
  const out = createWriteStream(partial, { mode: 0o600 });
  gzip.pipe(out);
  const write = async (line: string) => {
    if (!gzip.write(`${line}\n`)) await new Promise((resolve) => gzip.once('drain', resolve));
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
        await write(JSON.stringify({ end: summary }));
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
    gzip.end();
    await finished(out);
    const fd = openSync(partial, 'r');
    fsyncSync(fd);
    closeSync(fd);
    renameSync(partial, file);
  } catch (err) {
    gzip.destroy();
    out.destroy();
    rmSync(partial, { force: true });
    throw err;
  }
  return { method: 'logical', bytes: statSync(file).size, tables: summary };
}

/** What a backup file is, from its first bytes. */
export function backupKind(file: string): 'logical' | 'pg_dump' {
  if (!existsSync(file)) throw new BackupError(`No backup at ${file}`);
  const head = Buffer.alloc(5);
  const fd = openSync(file, 'r');
  try {
    readSync(fd, head, 0, 5, 0);
  } finally {
    closeSync(fd);
  }
  if (head.toString('latin1') === 'PGDMP') return 'pg_dump';
  if (head[0] === 0x1f && head[1] === 0x8b) return 'logical';
  throw new BackupError(`${file} is not a Certitude backup (neither a logical backup nor pg_dump's custom format)`);
}

/** Whether any table of the public schema holds a row: a restore would then replace someone's data. */
/** Tables the migrations themselves fill (the domain taxonomy): rows there are not anybody's data. */
const FILLED_BY_MIGRATIONS = new Set(['domains']);

async function hasData(db: Executor): Promise<boolean> {
  const tables = await describeTables(db);
  for (const t of tables) {
    if (FILLED_BY_MIGRATIONS.has(t.name)) continue;
    const found = await rows(db, sql`select 1 from ${ident(t.name)} limit 1`);
    if (found.length > 0) return true;
  }
  return false;
}

/** A copy of the migrations folder holding only those applied when the backup was made. */
function migrationsUpTo(createdAt: number): { folder: string; count: number } {
  const journal = JSON.parse(readFileSync(join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8')) as {
    entries: { tag: string; when: number }[];
  };
  const newest = journal.entries.at(-1)?.when ?? 0;
  if (createdAt > newest) {
    throw new BackupError('This backup was made by a newer version of Certitude: restore it with that version.');
  }
  const entries = journal.entries.filter((e) => e.when <= createdAt);
  const folder = mkdtempSync(join(tmpdir(), 'certitude-migrations-'));
  mkdirSync(join(folder, 'meta'));
  writeFileSync(join(folder, 'meta', '_journal.json'), JSON.stringify({ ...journal, entries }));
  for (const e of entries) copyFileSync(join(MIGRATIONS_FOLDER, `${e.tag}.sql`), join(folder, `${e.tag}.sql`));
  return { folder, count: entries.length };
}

async function* lines(file: string): AsyncGenerator<string> {
  const input = createReadStream(file).pipe(createGunzip());
  const reader = createInterface({ input, crlfDelay: Infinity });
  try {
    for await (const line of reader) yield line;
  } catch (err) {
    throw new BackupError(`${file} is damaged: ${(err as Error).message}`);
  }
}

/**
 * Reads the whole file and checks it against its trailer before anything is touched: a damaged or cut-short
 * backup is refused while the database is still as it was.
 */
async function verifyLogical(file: string): Promise<void> {
  const read: Record<string, TableSummary> = {};
  let trailer: Record<string, TableSummary> | undefined;
  let current: { name: string; hash: ReturnType<typeof createHash>; rows: number } | undefined;
  const close = () => {
    if (current) read[current.name] = { rows: current.rows, sha256: current.hash.digest('hex') };
    current = undefined;
  };
  let first = true;
  for await (const line of lines(file)) {
    if (first) {
      first = false;
      continue;
    }
    if (line.startsWith('{"table":')) {
      close();
      current = { name: (JSON.parse(line) as { table: string }).table, hash: createHash('sha256'), rows: 0 };
    } else if (line.startsWith('{"sequences":')) {
      close();
    } else if (line.startsWith('{"end":')) {
      trailer = (JSON.parse(line) as { end: Record<string, TableSummary> }).end;
    } else if (current) {
      current.hash.update(line).update('\n');
      current.rows++;
    }
  }
  close();
  if (!trailer) throw new BackupError(`${file} is incomplete (its end is missing): nothing was restored`);
  for (const [name, expected] of Object.entries(trailer)) {
    const got = read[name];
    if (!got || got.rows !== expected.rows || got.sha256 !== expected.sha256) {
      throw new BackupError(
        `${file} is damaged (the rows of ${name} do not match their checksum): nothing was restored`,
      );
    }
  }
}

/** Empties the database: what migrations create goes, so that they can run again up to the backup's point. */
async function dropEverything(db: Database) {
  await db.execute(sql.raw('drop schema if exists drizzle cascade'));
  await db.execute(sql.raw('drop schema if exists public cascade'));
  await db.execute(sql.raw('create schema public'));
}

/**
 * Restores a logical backup into `database`: checks the file's counts and checksums as it reads, recreates the
 * schema at the backup's migration, loads the rows and sequences in one transaction, checks the restored
 * tables against the trailer, then applies this version's newer migrations.
 */
export async function restoreLogical(
  database: DatabaseHandle,
  file: string,
  options: { force: boolean },
): Promise<Record<string, TableSummary>> {
  const reader = lines(file)[Symbol.asyncIterator]();
  const first = await reader.next();
  let header: Header;
  try {
    header = JSON.parse(first.value ?? '') as Header;
  } catch {
    throw new BackupError(`${file} is not a Certitude backup`);
  }
  if (header.format !== LOGICAL_FORMAT || header.version !== FORMAT_VERSION) {
    throw new BackupError(`${file} is not a Certitude backup of version ${FORMAT_VERSION}`);
  }
  await verifyLogical(file);
  const upTo = migrationsUpTo(header.migrations.at(-1)?.createdAt ?? 0);
  try {
    if (upTo.count !== header.migrations.length) {
      throw new BackupError('The migrations of this backup do not match this version of Certitude.');
    }
    if (!options.force && (await hasData(database.db))) {
      throw new BackupError('The database is not empty: add --force to replace everything in it with the backup.');
    }
    await dropEverything(database.db);
    await database.migrate(upTo.folder);
  } finally {
    rmSync(upTo.folder, { recursive: true, force: true });
  }

  const tables = new Map(header.tables.map((t) => [t.name, t]));
  const read: Record<string, TableSummary> = {};
  let trailer: Record<string, TableSummary> | undefined;
  await database.db.transaction(async (tx) => {
    // Migrations may fill reference tables (the domain taxonomy): the backup's rows replace them.
    if (header.tables.length) {
      await tx.execute(
        sql`truncate table ${sql.join(
          header.tables.map((t) => ident(t.name)),
          sql`, `,
        )}`,
      );
    }
    let table: TableInfo | undefined;
    let hash = createHash('sha256');
    let count = 0;
    let batch: string[] = [];
    const flush = async () => {
      if (!table || batch.length === 0) return;
      const cols = identList(table.columns);
      const json = `[${batch.join(',')}]`;
      await tx.execute(
        sql`insert into ${ident(table.name)} (${cols})
            select ${cols} from jsonb_populate_recordset(null::${ident(table.name)}, ${json}::jsonb)`,
      );
      batch = [];
    };
    const close = async () => {
      await flush();
      if (table) read[table.name] = { rows: count, sha256: hash.digest('hex') };
    };
    for (;;) {
      const next = await reader.next();
      if (next.done) break;
      const line = next.value;
      if (line.startsWith('{"table":')) {
        await close();
        const name = (JSON.parse(line) as { table: string }).table;
        table = tables.get(name);
        if (!table) throw new BackupError(`${file} is damaged: unknown table ${name}`);
        hash = createHash('sha256');
        count = 0;
      } else if (line.startsWith('{"sequences":')) {
        await close();
        table = undefined;
        const { sequences: seqs } = JSON.parse(line) as {
          sequences: { table: string; column: string; lastValue: string; isCalled: boolean }[];
        };
        for (const s of seqs) {
          await tx.execute(
            sql`select setval(pg_get_serial_sequence(${s.table}, ${s.column}),
                  greatest(${s.lastValue}::bigint, (select coalesce(max(${ident(s.column)}), 1) from ${ident(s.table)})),
                  ${s.isCalled})`,
          );
        }
      } else if (line.startsWith('{"end":')) {
        trailer = (JSON.parse(line) as { end: Record<string, TableSummary> }).end;
      } else if (table) {
        hash.update(line).update('\n');
        count++;
        batch.push(line);
        if (batch.length >= INSERT_ROWS) await flush();
      } else {
        throw new BackupError(`${file} is damaged: a row outside any table`);
      }
    }
    if (!trailer) throw new BackupError(`${file} is incomplete (its end is missing): nothing was restored`);
    for (const t of header.tables) {
      const expected = trailer[t.name];
      const got = read[t.name] ?? { rows: 0, sha256: createHash('sha256').digest('hex') };
      if (!expected || expected.rows !== got.rows || expected.sha256 !== got.sha256) {
        throw new BackupError(`${file} is damaged: the rows of ${t.name} do not match its checksum`);
      }
      // What went in reads back the same.
      const back = createHash('sha256');
      let n = 0;
      for await (const row of readTable(tx, t)) {
        back.update(row).update('\n');
        n++;
      }
      if (n !== expected.rows || back.digest('hex') !== expected.sha256) {
        throw new Error(`the restored ${t.name} differs from the backup`);
      }
    }
  });
  await database.migrate();
  return trailer!;
}

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
  const partial = `${file}.partial`;
  const { env, dbname } = libpqEnv(databaseUrl);
  const run = spawnSync(
    pgDump,
    ['--format=custom', '--no-owner', '--no-privileges', `--file=${partial}`, `--dbname=${dbname}`],
    { env, encoding: 'utf8' },
  );
  if (run.status !== 0) {
    rmSync(partial, { force: true });
    throw new BackupError(`pg_dump failed: ${(run.stderr || run.error?.message || '').trim()}`);
  }
  renameSync(partial, file);
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
