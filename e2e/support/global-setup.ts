import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { hasChromium, refuseDroppedFeatures } from './browser.js';
import { adminQuery } from './members.js';
import { ROOT, startServer } from './server.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** PGlite: a data directory the built server has migrated and seeded, copied for each browser test file. */
    e2eDataDirTemplate: string | null;
    /** PostgreSQL: a database the built server has migrated and seeded, each file's database is made from it. */
    e2ePostgresTemplate: string | null;
  }
}

/**
 * A browser test file starts its own server on its own database. Its first start used to create, migrate and seed
 * that database (for PGlite also `initdb`): 10 to 25 s on a 2-core machine, in every file. The built server does that
 * once here, and each file starts from a copy (`useTemplate` in server.ts, `e2eDatabase` in members.ts), which is
 * the state a first start leaves. The server still migrates and checks the copy on every start, as in production.
 */
export default async function setup(project: TestProject) {
  project.provide('e2eDataDirTemplate', null);
  project.provide('e2ePostgresTemplate', null);
  // Without a build the files themselves report it, and without a browser they are skipped: nothing to prepare.
  if (!hasChromium || !existsSync(join(ROOT, 'apps/server/dist/server.js'))) return;

  await refuseDroppedFeatures();
  // Both at once: each first start is mostly the database's own work, in a process of its own.
  const dataDir = mkdtempSync(join(tmpdir(), 'certitude-e2e-template-'));
  const adminUrl = process.env.TEST_DATABASE_URL;
  const postgres = adminUrl ? `certitude_e2e_template_${process.pid}` : null;
  await Promise.all([
    startServer({ DATA_DIR: dataDir }).then((server) => server.stop()),
    adminUrl && postgres ? migrateAndSeed(adminUrl, postgres) : null,
  ]);
  project.provide('e2eDataDirTemplate', dataDir);
  project.provide('e2ePostgresTemplate', postgres);

  return async () => {
    rmSync(dataDir, { recursive: true, force: true });
    if (adminUrl && postgres) await adminQuery(adminUrl, `drop database if exists ${postgres} with (force)`);
  };
}

/** A new PostgreSQL database, migrated and seeded by one start of the built server. */
async function migrateAndSeed(adminUrl: string, name: string): Promise<void> {
  await adminQuery(adminUrl, `drop database if exists ${name} with (force)`);
  await adminQuery(adminUrl, `create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const server = await startServer({
    DATA_DIR: mkdtempSync(join(tmpdir(), 'certitude-e2e-template-pg-')),
    DATABASE_URL: url.toString(),
    JWT_SECRET: 'e2e-template-secret-long-enough-for-hs256-signing',
  });
  await server.stop();
  rmSync(server.dataDir, { recursive: true, force: true });
}
