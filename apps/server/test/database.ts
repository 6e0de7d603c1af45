import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../src/db/client.js';

/** Which database the server tests run on: PostgreSQL when TEST_DATABASE_URL is set, else PGlite. */
export const TEST_DATABASE_KIND = process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';

export interface TestDatabase extends DatabaseHandle {
  url: string | undefined;
  /** Closes the connection and, on PostgreSQL, drops the database made for this file. */
  destroy(): Promise<void>;
}

/** The read-once dump of the run's migrated PGlite (test/global-setup.ts). */
let pgliteTemplate: Blob | undefined;

/**
 * A fresh, migrated database for one test file: a new database on the PostgreSQL server of
 * TEST_DATABASE_URL, or an in-memory PGlite. Both are copies of the template the run's global setup migrated
 * (test/global-setup.ts); the migration still runs, and finds nothing left to do.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    const file = inject('pgliteTemplate');
    if (file) pgliteTemplate ??= new Blob([readFileSync(file)]);
    const handle = await openDatabase(file ? { loadDataDir: pgliteTemplate } : {});
    await handle.migrate();
    return { ...handle, url: undefined, destroy: () => handle.close() };
  }
  const name = `certitude_test_${randomBytes(6).toString('hex')}`;
  const template = inject('postgresTemplate');
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}${template ? ` template ${template}` : ''}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ databaseUrl: url.toString(), poolSize: 25 });
  await handle.migrate();
  return {
    ...handle,
    url: url.toString(),
    destroy: async () => {
      await handle.close();
      const drop = new pg.Client({ connectionString: adminUrl });
      await drop.connect();
      await drop.query(`drop database if exists ${name} with (force)`);
      await drop.end();
    },
  };
}
