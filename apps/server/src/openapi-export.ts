// `npm run lint:api` (and the typed client's test) start here: the OpenAPI document of the routes, written to
// the file given (default apps/server/dist/openapi.json) without a database or a port.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { SERVER_ROOT } from './lib/paths.js';

/** The document as served at /api/openapi.json, for the public address given. */
export async function exportOpenApi(publicUrl = 'http://localhost:3000'): Promise<Record<string, unknown>> {
  const config = loadConfig({
    DATA_DIR: mkdtempSync(join(tmpdir(), 'certitude-openapi-')),
    JWT_SECRET: 'openapi-export-secret-long-enough-for-hs256',
    PUBLIC_URL: publicUrl,
    MAIL_WORKER_INTERVAL_MS: '0',
    LOG_LEVEL: 'silent',
  });
  const database = await openDatabase({});
  const app = await buildApp({ config, database, web: false });
  try {
    return app.swagger() as unknown as Record<string, unknown>;
  } finally {
    await app.close();
    await database.close();
  }
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(new URL(import.meta.url).pathname)) {
  const out = resolve(process.argv[2] ?? join(SERVER_ROOT, 'dist', 'openapi.json'));
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, `${JSON.stringify(await exportOpenApi(), null, 2)}\n`);
  console.log(`OpenAPI document written to ${out}`);
}
