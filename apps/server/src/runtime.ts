import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.js';
import { openDatabase, type DatabaseHandle } from './db/client.js';
import { secureDataDir } from './lib/data-dir.js';
import { isEmpty, seedCatalogue } from './db/seed/seed.js';

/** Opens the configured database, applies migrations and seeds a new one: what every start needs. */
export async function prepareDatabase(
  config: Config,
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>,
): Promise<DatabaseHandle> {
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: join(config.dataDir, 'db'),
    onPoolError: (err) => log.warn({ err }, 'database connection lost'),
  });
  try {
    await database.migrate();
    if (await isEmpty(database.db)) {
      const seeded = await seedCatalogue(database.db);
      log.info(seeded, 'seeded the catalogue into the new database');
    }
    // PGlite unpacks a new database with modes of its own (0666): closed again once it is there.
    if (!config.databaseUrl) secureDataDir(config.dataDir);
    return database;
  } catch (err) {
    await database.close().catch(() => undefined);
    throw err;
  }
}
