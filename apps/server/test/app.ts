import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import app, { fastifyOptions } from '../src/app.js';
import { loadConfig, type Config } from '../src/config.js';
import type { Clock } from '../src/lib/clock.js';
import { seedCatalogue } from '../src/db/seed/seed.js';
import { createTestDatabase, type TestDatabase } from './database.js';

export interface TestApp {
  app: FastifyInstance;
  db: TestDatabase;
  config: Config;
  close(): Promise<void>;
}

export function testConfig(env: Record<string, string> = {}): Config {
  return loadConfig({
    DATA_DIR: mkdtempSync(join(tmpdir(), 'certitude-test-')),
    JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-signing',
    PUBLIC_URL: 'http://certitude.test',
    LOG_LEVEL: 'silent',
    // The open data dump is built when a test asks for it, not at every start.
    OPEN_DATA_INTERVAL_MS: '0',
    ...env,
  });
}

/**
 * One instance of the app over `db`, which it does not own: several instances over one database stand for
 * several servers behind a load balancer.
 */
export async function buildInstance(
  db: TestDatabase,
  env: Record<string, string> = {},
  extend?: (app: FastifyInstance) => void | Promise<void>,
  now?: Clock,
): Promise<{ app: FastifyInstance; config: Config }> {
  const config = testConfig(env);
  const fastify = Fastify(fastifyOptions(config, false));
  await fastify.register(app, { config, database: db, web: false, now });
  if (extend) await fastify.register(async (instance) => extend(instance));
  await fastify.ready();
  return { app: fastify, config };
}

/**
 * The whole app over a fresh database, for `inject`. `extend` may add routes before the app is ready
 * (used to probe the shared error handling with bodies of every kind); `now` is the app's clock (a test moves it);
 * `env` adds to the test configuration; `wrapDatabase` gives the app a wrapped handle on the database (the test's
 * own stays plain).
 */
export async function buildTestApp(
  options: {
    seed?: boolean;
    extend?: (app: FastifyInstance) => void | Promise<void>;
    now?: Clock;
    env?: Record<string, string>;
    wrapDatabase?: (db: TestDatabase) => TestDatabase;
  } = {},
): Promise<TestApp> {
  const db = await createTestDatabase();
  if (options.seed) await seedCatalogue(db.db);
  const instanceDb = options.wrapDatabase ? options.wrapDatabase(db) : db;
  return testApp(db, await buildInstance(instanceDb, options.env, options.extend, options.now));
}

/** A test's handle on an instance over `db`; closing it destroys the database too unless `ownsDatabase` is false. */
export function testApp(
  db: TestDatabase,
  instance: { app: FastifyInstance; config: Config },
  ownsDatabase = true,
): TestApp {
  return {
    ...instance,
    db,
    close: async () => {
      await instance.app.close();
      if (ownsDatabase) await db.destroy();
    },
  };
}
