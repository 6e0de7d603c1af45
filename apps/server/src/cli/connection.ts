import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Config } from '../config.js';
import { openDatabase, type DatabaseHandle } from '../db/client.js';
import { acquireDataDirLock, DataDirLockedError, isAlive, type LockOwner } from '../db/data-dir-lock.js';
import { socketDir, socketPath } from '../db/pglite-socket.js';
import { capitalize, OperatorError } from './errors.js';

/** How long a command waits for a starting server to open its socket. */
const SOCKET_WAIT_MS = 60_000;

export interface Connection {
  database: DatabaseHandle;
  /** direct: this process owns the embedded database; server: through the running server's socket. */
  via: 'direct' | 'server' | 'postgres';
  close(): Promise<void>;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The running server's socket, waited for while the server starts (it opens it once migrated). */
async function waitForSocket(config: Config, owner: LockOwner): Promise<void> {
  const deadline = Date.now() + SOCKET_WAIT_MS;
  while (!existsSync(socketPath(config.dataDir))) {
    if (!isAlive(owner)) throw new OperatorError(`The server (process ${owner.pid}) stopped: run the command again.`);
    if (Date.now() > deadline) {
      throw new OperatorError(
        `The server (process ${owner.pid}) owns the database but offers no socket at ${socketPath(config.dataDir)}; ` +
          'stop it and run the command again.',
      );
    }
    await sleep(100);
  }
}

/**
 * The database for a command: PostgreSQL as configured; with the embedded database, the database itself under
 * DATA_DIR's lock, or the running server's through its socket.
 */
export async function connect(config: Config, command: string): Promise<Connection> {
  if (config.databaseUrl) {
    const database = await openDatabase({ databaseUrl: config.databaseUrl, poolSize: 2 });
    return { database, via: 'postgres', close: () => database.close() };
  }
  let lock;
  try {
    lock = acquireDataDirLock(config.dataDir, 'cli');
  } catch (err) {
    if (!(err instanceof DataDirLockedError)) throw err;
    if (err.owner.role !== 'server')
      throw new OperatorError(`${capitalize(err.message)}: try again when it has finished.`);
    if (command === 'db:restore') {
      throw new OperatorError(
        `${capitalize(err.message)}: stop the server before restoring, since a restore replaces everything it serves.`,
      );
    }
    await waitForSocket(config, err.owner);
    const database = await openDatabase({ socketDir: socketDir(config.dataDir), poolSize: 1 });
    return { database, via: 'server', close: () => database.close() };
  }
  try {
    const database = await openDatabase({ pgliteDir: join(config.dataDir, 'db') });
    return {
      database,
      via: 'direct',
      close: async () => {
        try {
          await database.close();
        } finally {
          lock.release();
        }
      },
    };
  } catch (err) {
    lock.release();
    throw err;
  }
}
