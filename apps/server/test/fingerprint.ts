import { sql } from 'drizzle-orm';
import type { DatabaseHandle } from '../src/db/client.js';

/** Each table's row count and an md5 of its rows in a stable order, computed by the database itself. */
export async function fingerprint(database: DatabaseHandle): Promise<Record<string, string>> {
  const tables = (await database.db.execute(
    sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
  )) as unknown as { rows: { table_name: string }[] };
  const out: Record<string, string> = {};
  for (const { table_name } of tables.rows) {
    const res = (await database.db.execute(
      sql`select count(*)::text || ':' || coalesce(md5(string_agg(t::text, '|' order by t::text)), '') as f
          from ${sql.identifier(table_name)} t`,
    )) as unknown as { rows: { f: string }[] };
    out[table_name] = res.rows[0]!.f;
  }
  return out;
}
