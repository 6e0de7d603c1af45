import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { buildNeeded, ROOT } from '../../../scripts/build-state.mjs';
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
  buildServer();
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

/**
 * The command line's tests run the built command line (dist/cli.js), as operators and the browser tests do: built
 * here when its sources are newer, before any test file starts (a build empties dist/ first).
 */
function buildServer() {
  const reason = buildNeeded('server');
  if (!reason) return;
  console.log(`Building the server for the command line's tests (${reason})...`);
  const build = spawnSync('npm', ['run', 'build', '-w', '@certitude/server'], { cwd: ROOT, stdio: 'inherit' });
  if (build.status !== 0) throw new Error('The server build failed: the command line cannot be tested.');
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
