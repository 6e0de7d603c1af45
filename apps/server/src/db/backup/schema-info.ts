import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql, type SQL } from 'drizzle-orm';
import { MIGRATIONS_FOLDER, openDatabase, type Database, type Executor } from '../client.js';
import { BackupError, FETCH_ROWS, ident, identList, rows, type Header } from './format.js';

/* What a database says its schema is, and the schema a backup's migrations make (backup.ts). */

export interface TableInfo {
  name: string;
  /** Columns written and restored: every one but the generated ones. */
  columns: string[];
  generated: string[];
  primaryKey: string[];
}

/** A column whose default draws on a sequence (serial, identity), and that sequence's name as PostgreSQL quotes it. */
export interface SerialColumn {
  table: string;
  column: string;
  sequence: string;
}

/** What a database of this version says its schema is: the only source of names for a restore. */
export interface KnownSchema {
  tables: TableInfo[];
  serials: SerialColumn[];
}

/** The public schema's tables, parents before children, with their columns and primary keys. */
export async function describeTables(db: Executor): Promise<TableInfo[]> {
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
export async function* readTable(tx: Executor, table: TableInfo): AsyncGenerator<string> {
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

export async function sequences(tx: Executor) {
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

export async function describeSchema(db: Executor): Promise<KnownSchema> {
  return { tables: await describeTables(db), serials: await serialColumns(db) };
}

/** Whether any table of the public schema holds a row: a restore would then replace someone's data. */
/** Tables the migrations themselves fill (the domain taxonomy): rows there are not anybody's data. */
const FILLED_BY_MIGRATIONS = new Set(['domains']);

export async function hasData(db: Executor): Promise<boolean> {
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
export function migrationsUpTo(header: Header): { folder: string; count: number } {
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
export function schemaOf(folder: string, count: number): Promise<KnownSchema> {
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

export const sameSchema = (a: KnownSchema, b: KnownSchema) => JSON.stringify(a) === JSON.stringify(b);

/** Empties the database: what migrations create goes, so that they can run again up to the backup's point. */
export async function dropEverything(db: Database) {
  await db.execute(sql.raw('drop schema if exists drizzle cascade'));
  await db.execute(sql.raw('drop schema if exists public cascade'));
  await db.execute(sql.raw('create schema public'));
}
