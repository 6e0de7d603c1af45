import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** PostgreSQL: the migrated database each test file's database is copied from. */
    postgresTemplate: string | null;
    /** PGlite: a dump of a migrated data directory that each test file's PGlite starts from. */
    pgliteTemplate: string | null;
  }
}

/**
 * Migrates one database for the whole run, and lets every test file start from a copy of it
 * (test/database.ts): `CREATE DATABASE … TEMPLATE` on PostgreSQL, a data-directory dump on PGlite, which also
 * skips the `initdb` that makes a new PGlite cost seconds.
 */
export default async function setup(project: TestProject) {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl) {
    const name = `certitude_template_${randomBytes(6).toString('hex')}`;
    await adminQuery(adminUrl, `create database ${name}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const handle = await openDatabase({ databaseUrl: url.toString(), poolSize: 1 });
    await handle.migrate();
    await handle.close();
    project.provide('postgresTemplate', name);
    project.provide('pgliteTemplate', null);
    return async () => {
      await adminQuery(adminUrl, `drop database if exists ${name} with (force)`);
    };
  }
  const handle = await openDatabase({});
  await handle.migrate();
  const dump = await handle.dumpDataDir!();
  await handle.close();
  const dir = mkdtempSync(join(tmpdir(), 'certitude-template-'));
  const file = join(dir, 'pglite.tar');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('postgresTemplate', null);
  project.provide('pgliteTemplate', file);
  return () => rmSync(dir, { recursive: true, force: true });
}

async function adminQuery(adminUrl: string, sql: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}
