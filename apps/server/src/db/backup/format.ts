import { closeSync, existsSync, openSync, readSync } from 'node:fs';
import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { Executor } from '../client.js';

/* The logical backup's format: its lines' shapes and the helpers that read and name them (backup.ts). */

export const LOGICAL_FORMAT = 'certitude-backup';
/** 2: the trailer holds a SHA-256 of the whole file. 1 (before 2026-11-27) is still restored (decision 35). */
export const FORMAT_VERSION = 2;
const OLDEST_VERSION = 1;
export const FETCH_ROWS = 2_000;
export const INSERT_ROWS = 500;

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
export type Header = z.infer<typeof headerSchema>;

const summarySchema = z.record(
  nameSchema,
  z.object({ rows: z.number().int().nonnegative(), sha256: z.string().regex(/^[0-9a-f]{64}$/) }),
);
export const trailerSchema = z.strictObject({
  end: summarySchema,
  sha256: z
    .string()
    .regex(/^[0-9a-f]{64}$/)
    .optional(),
});
export const sequencesSchema = z.strictObject({
  sequences: z.array(
    z.strictObject({
      table: nameSchema,
      column: nameSchema,
      lastValue: z.string().regex(/^-?\d{1,19}$/),
      isCalled: z.boolean(),
    }),
  ),
});
export const tableMarkerSchema = z.strictObject({ table: nameSchema });

export type Row = Record<string, unknown>;

export async function rows<T extends Row>(db: Executor, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

export const ident = (name: string) => sql.identifier(name);
export const identList = (names: string[]) =>
  sql.join(
    names.map((n) => ident(n)),
    sql`, `,
  );

/** A name from the file, shown so that quotes and control characters in it are visible and harmless. */
export const shown = (name: string) => JSON.stringify(name);

export function parseJson(file: string, line: string, what: string): unknown {
  try {
    return JSON.parse(line);
  } catch {
    throw new BackupError(`${file} is damaged (${what} is not JSON): nothing was restored`);
  }
}

export function readHeader(file: string, line: string | undefined): Header {
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
