import { createHash } from 'node:crypto';
import { closeSync, fstatSync, openSync, rmSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import type { DatabaseHandle } from '../client.js';
import { BackupError, ident, identList, readHeader, type TableSummary } from './format.js';
import { lines, readLogical } from './read.js';
import {
  describeSchema,
  dropEverything,
  hasData,
  migrationsUpTo,
  readTable,
  sameSchema,
  schemaOf,
  type KnownSchema,
} from './schema-info.js';

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
