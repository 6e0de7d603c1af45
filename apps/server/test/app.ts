import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import app, { fastifyOptions } from '../src/app.js';
import { loadConfig, type Config } from '../src/config.js';
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
    ...env,
  });
}

/**
 * The whole app over a fresh database, for `inject`. `extend` may add routes before the app is ready
 * (used to probe the shared error handling with bodies of every kind).
 */
export async function buildTestApp(
  options: { seed?: boolean; extend?: (app: FastifyInstance) => void | Promise<void> } = {},
): Promise<TestApp> {
  const db = await createTestDatabase();
  const config = testConfig();
  if (options.seed) await seedCatalogue(db.db);
  const fastify = Fastify(fastifyOptions(config, false));
  await fastify.register(app, { config, database: db, web: false });
  if (options.extend) await fastify.register(async (instance) => options.extend?.(instance));
  await fastify.ready();
  return {
    app: fastify,
    db,
    config,
    close: async () => {
      await fastify.close();
      await db.destroy();
    },
  };
}
