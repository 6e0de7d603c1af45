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

export { BackupError, backupKind, type BackupSummary } from './backup/format.js';
export { backupPgDump, findPgTool, restorePgDump } from './backup/pg-tools.js';
export { restoreLogical } from './backup/restore.js';
export { backupLogical } from './backup/write.js';
