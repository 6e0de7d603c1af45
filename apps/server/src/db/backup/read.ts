import { createHash } from 'node:crypto';
import { read } from 'node:fs';
import { createInterface } from 'node:readline';
import { Readable } from 'node:stream';
import { promisify } from 'node:util';
import { createGunzip } from 'node:zlib';
import type { z } from 'zod';
import {
  BackupError,
  INSERT_ROWS,
  parseJson,
  readHeader,
  sequencesSchema,
  shown,
  tableMarkerSchema,
  trailerSchema,
  type Header,
  type TableSummary,
} from './format.js';
import type { KnownSchema, SerialColumn, TableInfo } from './schema-info.js';

/* Reading a logical backup: its lines, and the check of every one of them against the schema (backup.ts). */

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
export async function* lines(file: string, fd: number): AsyncGenerator<string> {
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
export interface Sink {
  rows(table: TableInfo, batch: string[]): Promise<void>;
  sequences(values: { serial: SerialColumn; lastValue: string; isCalled: boolean }[]): Promise<void>;
}

/**
 * Reads a whole logical backup and checks it: its header against `known`, every table section, row and
 * sequence against the same schema, each table's rows against the trailer and (version 2) every line before
 * the trailer against its SHA-256. With a sink, hands it the rows (in batches) and the sequences as it goes,
 * with the names of `known`, never the file's. Returns the trailer.
 */
export async function readLogical(
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
