import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.js';
import { openDatabase, type DatabaseHandle } from './db/client.js';
import { acquireDataDirLock } from './db/data-dir-lock.js';
import { PgliteSocketServer } from './db/pglite-socket.js';
import { secureDataDir } from './lib/data-dir.js';
import { isEmpty, seedCatalogue } from './db/seed/seed.js';

/**
 * Opens the configured database, applies migrations and seeds a new one: what every start needs. The
 * embedded database is first locked for this process (a second server on the same DATA_DIR gets
 * DataDirLockedError), then offered to the operator command line on DATA_DIR/run/.s.PGSQL.5432.
 */
export async function prepareDatabase(
  config: Config,
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>,
): Promise<DatabaseHandle> {
  const lock = config.databaseUrl ? undefined : acquireDataDirLock(config.dataDir, 'server');
  let database: DatabaseHandle | undefined;
  let socket: PgliteSocketServer | undefined;
  try {
    database = await openDatabase({
      databaseUrl: config.databaseUrl,
      pgliteDir: join(config.dataDir, 'db'),
      onPoolError: (err) => log.warn({ err }, 'database connection lost'),
    });
    await database.migrate();
    if (await isEmpty(database.db)) {
      const seeded = await seedCatalogue(database.db);
      log.info(seeded, 'seeded the catalogue into the new database');
    }
    // PGlite unpacks a new database with modes of its own (0666): closed again once it is there.
    if (!config.databaseUrl) secureDataDir(config.dataDir);
    if (database.pglite) {
      const server = new PgliteSocketServer(database.pglite, config.dataDir);
      try {
        await server.start();
        socket = server;
      } catch (err) {
        // The site works without it; the command line then says it cannot reach the server.
        log.warn({ err, path: server.path }, 'the operator socket could not be opened');
      }
    }
  } catch (err) {
    await database?.close().catch(() => undefined);
    lock?.release();
    throw err;
  }
  const opened = database;
  return {
    ...opened,
    close: async () => {
      try {
        await socket?.stop();
        await opened.close();
      } finally {
        lock?.release();
      }
    },
  };
}
