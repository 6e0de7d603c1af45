import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from '../src/db/client.js';

/** Which database the server tests run on: PostgreSQL when TEST_DATABASE_URL is set, else PGlite. */
export const TEST_DATABASE_KIND = process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';

export interface TestDatabase extends DatabaseHandle {
  url: string | undefined;
  /** Closes the connection and, on PostgreSQL, drops the database made for this file. */
  destroy(): Promise<void>;
}

/**
 * A fresh, migrated database for one test file: a new database on the PostgreSQL server of
 * TEST_DATABASE_URL, or an in-memory PGlite.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    const handle = await openDatabase({});
    await handle.migrate();
    return { ...handle, url: undefined, destroy: () => handle.close() };
  }
  const name = `certitude_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
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
