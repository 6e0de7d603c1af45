import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { SOCKET_PORT } from './pglite-socket.js';
import * as schema from './schema/index.js';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction has the same query surface as the database. */
type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
export type Executor = Database | Tx;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** The embedded database itself (kind pglite), for the operator socket and backups. */
  pglite?: PGlite;
  /** Applies the migrations of `folder` (default: all of this version's) that the database lacks. */
  migrate(folder?: string): Promise<void>;
  ping(): Promise<void>;
  /** Connections in use and queries waiting for one (PostgreSQL pool), or queries queued on PGlite. */
  stats(): DatabaseStats;
  close(): Promise<void>;
  /** PGlite only: the whole data directory as a tarball, which `loadDataDir` opens again (test templates). */
  dumpDataDir?(): Promise<Blob>;
}

interface DatabaseStats {
  /** Connections open (PostgreSQL) or 1 (PGlite). */
  total: number;
  /** Open connections doing nothing (PostgreSQL). */
  idle: number;
  /** Queries waiting for a connection (PostgreSQL) or for their turn on PGlite's single session. */
  waiting: number;
}

/** Migrations sit beside this module in the source tree and beside the bundle in dist/. */
export const MIGRATIONS_FOLDER = join(dirname(fileURLToPath(import.meta.url)), 'migrations');

/** Any number of instances may start together: one migrates while the others wait on this lock. */
const MIGRATION_LOCK_KEY = 7_261_845_301;

export interface OpenDatabaseOptions {
  /** postgres://… for a PostgreSQL server; otherwise PGlite. */
  databaseUrl?: string;
  /**
   * The directory of a running server's socket to its embedded database (pglite-socket.ts): the operator
   * command line while the server owns DATA_DIR. Spoken to as PostgreSQL.
   */
  socketDir?: string;
  /** Directory of the embedded database; undefined keeps it in memory (tests). */
  pgliteDir?: string;
  poolSize?: number;
  onPoolError?: (err: Error) => void;
  /** PGlite: start from this dump of a data directory (made by `dumpDataDir`) instead of an empty one. */
  loadDataDir?: Blob;
}

export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  if (options.socketDir) {
    return openPostgres(
      { host: options.socketDir, port: SOCKET_PORT, user: 'postgres', database: 'postgres' },
      options,
    );
  }
  return options.databaseUrl
    ? openPostgres({ connectionString: options.databaseUrl }, options)
    : openPglite(options.pgliteDir, options.loadDataDir);
}

/**
 * PostgreSQL's default 128 MB of shared buffers lives in the server's own memory with PGlite: 16 MB hold the
 * seeded catalogue many times over, and the files behind them stay in the operating system's cache. It keeps
 * the process near 170 MB instead of 300 MB (docs/performance.md, benchmark 5).
 */
const PGLITE_SHARED_BUFFERS = '16MB';

async function openPglite(dir: string | undefined, loadDataDir?: Blob): Promise<DatabaseHandle> {
  if (dir) mkdirSync(dirname(dir), { recursive: true });
  const client = await PGlite.create(dir ?? 'memory://', {
    extensions: { pg_trgm },
    startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`],
    ...(loadDataDir ? { loadDataDir } : {}),
  });
  // Every query, transaction and operator connection goes through this mutex: its queue is PGlite's.
  let queued = 0;
  const runExclusiveTransaction = client._runExclusiveTransaction.bind(client);
  client._runExclusiveTransaction = async <T>(fn: () => Promise<T>): Promise<T> => {
    queued++;
    try {
      return await runExclusiveTransaction(fn);
    } finally {
      queued--;
    }
  };
  const db = drizzlePglite(client, { schema }) as unknown as Database;
  return {
    db,
    kind: 'pglite',
    pglite: client,
    stats: () => ({ total: 1, idle: queued === 0 ? 1 : 0, waiting: Math.max(0, queued - 1) }),
    migrate: (folder = MIGRATIONS_FOLDER) => migratePglite(db as never, { migrationsFolder: folder }),
    ping: async () => {
      await client.query('select 1');
    },
    close: () => client.close(),
    dumpDataDir: async () => {
      const dump = await client.dumpDataDir('none');
      return dump;
    },
  };
}

async function openPostgres(connection: pg.ClientConfig, options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  const pool = new pg.Pool({
    ...connection,
    max: options.poolSize ?? 10,
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
    // A query that outlives the client's 15 s timeout helps nobody (PGlite takes no such setting).
    ...(options.socketDir ? {} : { statement_timeout: 10_000 }),
  });
  // An idle client losing its connection (database restart) must not crash the process.
  pool.on('error', (err) => options.onPoolError?.(err));
  const db = drizzlePg(pool, { schema }) as unknown as Database;
  return {
    db,
    kind: 'postgres',
    migrate: async (folder = MIGRATIONS_FOLDER) => {
      const client = new pg.Client(connection);
      await client.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
        await migratePg(drizzlePg(client), { migrationsFolder: folder });
      } finally {
        await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
        await client.end();
      }
    },
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    stats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    close: () => pool.end(),
  };
}
