import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  closeSync,
  constants,
  copyFileSync,
  createWriteStream,
  existsSync,
  fstatSync,
  fsyncSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readdirSync,
  read,
  readFileSync,
  readSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { promisify } from 'node:util';
import { createGunzip, createGzip } from 'node:zlib';
import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { MIGRATIONS_FOLDER, openDatabase, type Database, type DatabaseHandle, type Executor } from './client.js';

/**
 * Backups of the database, whatever it runs on.
 *
 * - A logical backup (the embedded database always; PostgreSQL with --logical or without pg_dump): one gzip
 *   file of JSON lines, read in one REPEATABLE READ snapshot: a header (the applied migrations, every table of
 *   the public schema with its columns, in foreign-key order), each table's rows as PostgreSQL's to_jsonb
 *   gives them, sorted by primary key, the sequences, and a trailer with each table's row count and a SHA-256
 *   of its rows, and a SHA-256 of every line before it (the header included). A file without its trailer (a
 *   copy cut short) is refused at restore.
 * - PostgreSQL where pg_dump is installed: pg_dump's custom format, restored with pg_restore.
 *
 * A restore treats a logical backup as untrusted input (decision 35): no name in the file reaches SQL. The
 * header must describe exactly the schema that this version's migrations make at the backup's migration (made
 * in a scratch in-memory database before anything is touched); tables, columns and sequences are then taken
 * from the database itself, always quoted, and every value goes in as a parameter.
 *
 * The file is written in a new directory of mode 0700 beside FILE, as a new file of mode 0600, and renamed to
 * FILE when complete: FILE is never half a backup, and no file or link that someone else prepared is written to.
 */

const LOGICAL_FORMAT = 'certitude-backup';
/** 2: the trailer holds a SHA-256 of the whole file. 1 (before 2026-11-27) is still restored (decision 35). */
const FORMAT_VERSION = 2;
const OLDEST_VERSION = 1;
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

/** Names are only compared with the schema's, never used: bounded so that a refusal can still show them. */
const nameSchema = z.string().max(1_000);
const nameList = z.array(nameSchema).max(1_600);
const headerSchema = z.object({
  format: z.literal(LOGICAL_FORMAT),
  version: z.number().int(),
  createdAt: z.string().max(40),
  migrations: z.array(z.object({ hash: z.string().max(128), createdAt: z.number().int().nonnegative() })).max(10_000),
  tables: z
    .array(z.object({ name: nameSchema, columns: nameList, generated: nameList, primaryKey: nameList }))
    .max(1_000),
});
type Header = z.infer<typeof headerSchema>;

const summarySchema = z.record(
  nameSchema,
  z.object({ rows: z.number().int().nonnegative(), sha256: z.string().regex(/^[0-9a-f]{64}$/) }),
);
const trailerSchema = z.strictObject({
  end: summarySchema,
  sha256: z
    .string()
    .regex(/^[0-9a-f]{64}$/)
    .optional(),
});
const sequencesSchema = z.strictObject({
  sequences: z.array(
    z.strictObject({
      table: nameSchema,
      column: nameSchema,
      lastValue: z.string().regex(/^-?\d{1,19}$/),
      isCalled: z.boolean(),
    }),
  ),
});
const tableMarkerSchema = z.strictObject({ table: nameSchema });

/** A column whose default draws on a sequence (serial, identity), and that sequence's name as PostgreSQL quotes it. */
interface SerialColumn {
  table: string;
  column: string;
  sequence: string;
}

/** What a database of this version says its schema is: the only source of names for a restore. */
interface KnownSchema {
  tables: TableInfo[];
  serials: SerialColumn[];
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
  let row = sql`to_jsonb(t)`;
  for (const g of table.generated) row = sql`(${row} - ${g}::text)`;
  const order = table.primaryKey.length > 0 ? identList(table.primaryKey) : sql`t::text`;
  return sql`select ${row}::text as r from ${ident(table.name)} t order by ${order}`;
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

async function serialColumns(db: Executor): Promise<SerialColumn[]> {
  const found = await rows<{ table_name: string; column_name: string; sequence: string | null }>(
    db,
    sql`select table_name, column_name, pg_get_serial_sequence(quote_ident(table_name), column_name) as sequence
        from information_schema.columns
        where table_schema = 'public' and column_default like 'nextval(%'
        order by table_name, column_name`,
  );
  return found.flatMap((s) =>
    s.sequence ? [{ table: s.table_name, column: s.column_name, sequence: s.sequence }] : [],
  );
}

async function sequences(tx: Executor) {
  const values: { table: string; column: string; lastValue: string; isCalled: boolean }[] = [];
  for (const s of await serialColumns(tx)) {
    // The name comes from pg_get_serial_sequence, quoted by PostgreSQL where it needs quotes.
    const [v] = await rows<{ last_value: string; is_called: boolean }>(
      tx,
      sql`select last_value::text, is_called from ${sql.raw(s.sequence)}`,
    );
    values.push({ table: s.table, column: s.column, lastValue: v!.last_value, isCalled: v!.is_called });
  }
  return values;
}

async function describeSchema(db: Executor): Promise<KnownSchema> {
  return { tables: await describeTables(db), serials: await serialColumns(db) };
}

/**
 * Where a backup is written before it becomes FILE: a new directory of mode 0700 beside FILE (same file system,
 * so the rename is atomic) holding a new file of mode 0600. Nothing found in place is reused or followed: a
 * FILE.partial or a link left by another local user is never written to, and nobody else can open the file
 * while it is written.
 */
function privateTarget(file: string): { path: string; commit(): void; discard(): void } {
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

/**
 * A copy of the migrations folder holding only those applied when the backup was made: the backup's list must
 * be this version's first migrations, one for one.
 */
function migrationsUpTo(header: Header): { folder: string; count: number } {
  const journal = JSON.parse(readFileSync(join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8')) as {
    entries: { tag: string; when: number }[];
  };
  const newest = journal.entries.at(-1)?.when ?? 0;
  if ((header.migrations.at(-1)?.createdAt ?? 0) > newest) {
    throw new BackupError('This backup was made by a newer version of Certitude: restore it with that version.');
  }
  const entries = journal.entries.slice(0, header.migrations.length);
  if (
    entries.length !== header.migrations.length ||
    entries.some((e, i) => e.when !== header.migrations[i]!.createdAt)
  ) {
    throw new BackupError('The migrations of this backup do not match this version of Certitude.');
  }
  const folder = mkdtempSync(join(tmpdir(), 'certitude-migrations-'));
  mkdirSync(join(folder, 'meta'));
  writeFileSync(join(folder, 'meta', '_journal.json'), JSON.stringify({ ...journal, entries }));
  for (const e of entries) copyFileSync(join(MIGRATIONS_FOLDER, `${e.tag}.sql`), join(folder, `${e.tag}.sql`));
  return { folder, count: entries.length };
}

/** Schemas already made, by number of migrations: they only depend on this version's own migration files. */
const schemas = new Map<number, Promise<KnownSchema>>();

/** The schema that the first `count` migrations make (copied to `folder`), as a scratch in-memory database reports it. */
function schemaOf(folder: string, count: number): Promise<KnownSchema> {
  let made = schemas.get(count);
  if (!made) {
    made = (async () => {
      const scratch = await openDatabase({});
      try {
        await scratch.migrate(folder);
        return await describeSchema(scratch.db);
      } finally {
        await scratch.close();
      }
    })();
    made.catch(() => schemas.delete(count));
    schemas.set(count, made);
  }
  return made;
}

const readAt = promisify(read);

/** The bytes of the file behind `fd` from its start, read by position: the descriptor stays open and unmoved. */
async function* chunks(fd: number): AsyncGenerator<Buffer> {
  for (let position = 0; ;) {
    const buffer = Buffer.allocUnsafe(64 * 1024);
    const { bytesRead } = await readAt(fd, buffer, 0, buffer.length, position);
    if (bytesRead === 0) return;
    position += bytesRead;
    yield buffer.subarray(0, bytesRead);
  }
}

/** The file's lines, read from the start through the descriptor opened once for the whole restore. */
async function* lines(file: string, fd: number): AsyncGenerator<string> {
  const raw = Readable.from(chunks(fd));
  const input = createGunzip();
  raw.on('error', (err) => input.destroy(err));
  raw.pipe(input);
  const reader = createInterface({ input, crlfDelay: Infinity });
  try {
    for await (const line of reader) yield line;
  } catch (err) {
    throw new BackupError(`${file} is damaged: ${(err as Error).message}`);
  } finally {
    // Stopped early (the header alone, or a refusal): the streams go; the descriptor is the caller's.
    reader.close();
    raw.destroy();
    input.destroy();
  }
}

/** A name from the file, shown so that quotes and control characters in it are visible and harmless. */
const shown = (name: string) => JSON.stringify(name);

function parseJson(file: string, line: string, what: string): unknown {
  try {
    return JSON.parse(line);
  } catch {
    throw new BackupError(`${file} is damaged (${what} is not JSON): nothing was restored`);
  }
}

function readHeader(file: string, line: string | undefined): Header {
  let value: unknown;
  try {
    value = JSON.parse(line ?? '');
  } catch {
    throw new BackupError(`${file} is not a Certitude backup`);
  }
  const format = (value as { format?: unknown; version?: unknown } | null)?.format;
  const version = (value as { version?: unknown } | null)?.version;
  if (format !== LOGICAL_FORMAT) throw new BackupError(`${file} is not a Certitude backup`);
  if (typeof version === 'number' && version > FORMAT_VERSION) {
    throw new BackupError('This backup was made by a newer version of Certitude: restore it with that version.');
  }
  const parsed = headerSchema.safeParse(value);
  if (!parsed.success || parsed.data.version < OLDEST_VERSION) {
    throw new BackupError(`${file} is damaged (its header is not one Certitude writes): nothing was restored`);
  }
  return parsed.data;
}

const sameNames = (a: string[], b: string[]) => a.length === b.length && a.every((n, i) => n === b[i]);
const sorted = (names: string[]) => [...names].sort();

/**
 * The header must describe exactly the schema its migrations make: every table and column known, none
 * missing. Its names are only ever compared, never put in a query.
 */
function checkHeader(file: string, header: Header, known: KnownSchema): void {
  const refuse = (what: string) =>
    new BackupError(`${file} does not match the schema of its migrations (${what}): nothing was restored`);
  const tables = new Map(known.tables.map((t) => [t.name, t]));
  const seen = new Set<string>();
  for (const t of header.tables) {
    const table = tables.get(t.name);
    if (!table) throw refuse(`unknown table ${shown(t.name)}`);
    if (seen.has(t.name)) throw refuse(`table ${shown(t.name)} twice`);
    seen.add(t.name);
    for (const [list, knownList] of [
      [t.columns, table.columns],
      [t.generated, table.generated],
      [t.primaryKey, table.primaryKey],
    ] as const) {
      const unknown = list.find((c) => !knownList.includes(c));
      if (unknown !== undefined) throw refuse(`unknown column ${shown(unknown)} in table ${shown(t.name)}`);
    }
    if (
      !sameNames(sorted(t.columns), sorted(table.columns)) ||
      !sameNames(sorted(t.generated), sorted(table.generated)) ||
      !sameNames(t.primaryKey, table.primaryKey)
    ) {
      throw refuse(`the columns of table ${shown(t.name)} differ`);
    }
  }
  const missing = known.tables.find((t) => !seen.has(t.name));
  if (missing) throw refuse(`no table ${shown(missing.name)}`);
}

/** What a restore does with what it reads; the first pass (the check) does nothing. */
interface Sink {
  rows(table: TableInfo, batch: string[]): Promise<void>;
  sequences(values: { serial: SerialColumn; lastValue: string; isCalled: boolean }[]): Promise<void>;
}

/**
 * Reads a whole logical backup and checks it: its header against `known`, every table section, row and
 * sequence against the same schema, each table's rows against the trailer and (version 2) every line before
 * the trailer against its SHA-256. With a sink, hands it the rows (in batches) and the sequences as it goes,
 * with the names of `known`, never the file's. Returns the trailer.
 */
async function readLogical(
  file: string,
  fd: number,
  known: KnownSchema,
  sink?: Sink,
): Promise<Record<string, TableSummary>> {
  const damaged = (what: string) => new BackupError(`${file} is damaged (${what}): nothing was restored`);
  const tables = new Map(known.tables.map((t) => [t.name, t]));
  const whole = createHash('sha256');
  const read: Record<string, TableSummary> = {};
  let header: Header | undefined;
  let trailer: z.infer<typeof trailerSchema> | undefined;
  let sequencesRead = false;
  let current:
    { table: TableInfo; columns: Set<string>; hash: ReturnType<typeof createHash>; rows: number } | undefined;
  let batch: string[] = [];
  const flush = async () => {
    if (current && batch.length && sink) await sink.rows(current.table, batch);
    batch = [];
  };
  const close = async () => {
    await flush();
    if (current) read[current.table.name] = { rows: current.rows, sha256: current.hash.digest('hex') };
    current = undefined;
  };
  for await (const line of lines(file, fd)) {
    if (trailer) throw damaged('lines after its end');
    if (!header) {
      header = readHeader(file, line);
      checkHeader(file, header, known);
      whole.update(line).update('\n');
      continue;
    }
    if (line.startsWith('{"end":')) {
      await close();
      const parsed = trailerSchema.safeParse(parseJson(file, line, 'its end'));
      if (!parsed.success) throw damaged('its end is not one Certitude writes');
      trailer = parsed.data;
      continue;
    }
    whole.update(line).update('\n');
    if (line.startsWith('{"table":')) {
      await close();
      const parsed = tableMarkerSchema.safeParse(parseJson(file, line, 'a table heading'));
      if (!parsed.success) throw damaged('a table heading is not one Certitude writes');
      const table = tables.get(parsed.data.table);
      if (!table) throw damaged(`rows of an unknown table ${shown(parsed.data.table)}`);
      if (read[table.name] || sequencesRead) throw damaged(`the rows of ${shown(table.name)} out of place`);
      current = { table, columns: new Set(table.columns), hash: createHash('sha256'), rows: 0 };
    } else if (line.startsWith('{"sequences":')) {
      await close();
      if (sequencesRead) throw damaged('two lists of sequences');
      sequencesRead = true;
      const parsed = sequencesSchema.safeParse(parseJson(file, line, 'the sequences'));
      if (!parsed.success) throw damaged('the sequences are not as Certitude writes them');
      const values = parsed.data.sequences.map((s) => {
        const serial = known.serials.find((k) => k.table === s.table && k.column === s.column);
        if (!serial) throw damaged(`a sequence of an unknown column ${shown(s.table)}.${shown(s.column)}`);
        return { serial, lastValue: s.lastValue, isCalled: s.isCalled };
      });
      await sink?.sequences(values);
    } else if (current) {
      const row = parseJson(file, line, `a row of ${current.table.name}`);
      if (typeof row !== 'object' || row === null || Array.isArray(row)) {
        throw damaged(`a row of ${current.table.name} is not an object`);
      }
      const unknown = Object.keys(row).find((k) => !current!.columns.has(k));
      if (unknown !== undefined)
        throw damaged(`a row of ${current.table.name} has an unknown column ${shown(unknown)}`);
      current.hash.update(line).update('\n');
      current.rows++;
      batch.push(line);
      if (batch.length >= INSERT_ROWS) await flush();
    } else {
      throw damaged('a row outside any table');
    }
  }
  if (!header) throw new BackupError(`${file} is not a Certitude backup`);
  if (!trailer) throw new BackupError(`${file} is incomplete (its end is missing): nothing was restored`);
  if (!sequencesRead) throw damaged('the sequences are missing');
  const unknown = Object.keys(trailer.end).find((name) => !tables.has(name));
  if (unknown !== undefined) throw damaged(`its end names an unknown table ${shown(unknown)}`);
  for (const t of known.tables) {
    const expected = trailer.end[t.name];
    const got = read[t.name] ?? { rows: 0, sha256: createHash('sha256').digest('hex') };
    if (!expected || got.rows !== expected.rows || got.sha256 !== expected.sha256) {
      throw damaged(`the rows of ${t.name} do not match their checksum`);
    }
  }
  // Last, as the least precise: what else changed (the header, a table heading, the sequences).
  if (header.version >= 2 && trailer.sha256 !== whole.digest('hex')) {
    throw damaged('its lines do not match their checksum');
  }
  return trailer.end;
}

const sameSchema = (a: KnownSchema, b: KnownSchema) => JSON.stringify(a) === JSON.stringify(b);

/** Empties the database: what migrations create goes, so that they can run again up to the backup's point. */
async function dropEverything(db: Database) {
  await db.execute(sql.raw('drop schema if exists drizzle cascade'));
  await db.execute(sql.raw('drop schema if exists public cascade'));
  await db.execute(sql.raw('create schema public'));
}

/**
 * Restores a logical backup into `database`. First, with nothing touched: the backup's migrations are this
 * version's, a scratch database made by them reports the schema, and the whole file is checked against that
 * schema and its checksums. Then the schemas are recreated at the backup's migration, the rows and sequences
 * loaded in one transaction under the names the restored database reports (checked again as they are read),
 * each table read back and compared with the trailer, and this version's newer migrations applied.
 */
export async function restoreLogical(
  database: DatabaseHandle,
  file: string,
  options: { force: boolean },
): Promise<Record<string, TableSummary>> {
  // One descriptor for both readings, so that both read the same file.
  const fd = openSync(file, 'r');
  try {
    if (!fstatSync(fd).isFile()) throw new BackupError(`${file} is not a file`);
    let first: string | undefined;
    for await (const line of lines(file, fd)) {
      first = line;
      break;
    }
    const header = readHeader(file, first);
    const upTo = migrationsUpTo(header);
    let expected: KnownSchema;
    try {
      expected = await schemaOf(upTo.folder, upTo.count);
      await readLogical(file, fd, expected);
      if (!options.force && (await hasData(database.db))) {
        throw new BackupError('The database is not empty: add --force to replace everything in it with the backup.');
      }
      await dropEverything(database.db);
      await database.migrate(upTo.folder);
    } finally {
      rmSync(upTo.folder, { recursive: true, force: true });
    }

    const live = await describeSchema(database.db);
    if (!sameSchema(live, expected)) {
      throw new Error('the restored schema differs from the one its migrations made in a scratch database');
    }
    const trailer = await database.db.transaction(async (tx) => {
      // Migrations may fill reference tables (the domain taxonomy): the backup's rows replace them.
      if (live.tables.length) {
        await tx.execute(
          sql`truncate table ${sql.join(
            live.tables.map((t) => ident(t.name)),
            sql`, `,
          )}`,
        );
      }
      const end = await readLogical(file, fd, live, {
        rows: async (table, batch) => {
          const cols = identList(table.columns);
          await tx.execute(
            sql`insert into ${ident(table.name)} (${cols})
                select ${cols} from jsonb_populate_recordset(null::${ident(table.name)}, ${`[${batch.join(',')}]`}::jsonb)`,
          );
        },
        sequences: async (values) => {
          for (const { serial, lastValue, isCalled } of values) {
            await tx.execute(
              sql`select setval(${serial.sequence}::regclass,
                    greatest(${lastValue}::bigint, (select coalesce(max(${ident(serial.column)}), 1) from ${ident(serial.table)})),
                    ${isCalled})`,
            );
          }
        },
      });
      // What went in reads back the same.
      for (const t of live.tables) {
        const back = createHash('sha256');
        let n = 0;
        for await (const row of readTable(tx, t)) {
          back.update(row).update('\n');
          n++;
        }
        if (n !== end[t.name]!.rows || back.digest('hex') !== end[t.name]!.sha256) {
          throw new Error(`the restored ${t.name} differs from the backup`);
        }
      }
      return end;
    });
    await database.migrate();
    return trailer;
  } finally {
    closeSync(fd);
  }
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
