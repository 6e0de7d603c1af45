import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { inject } from 'vitest';
import { watchOutput } from './diagnostics.js';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));

export interface RunningServer {
  url: string;
  dataDir: string;
  process: ChildProcess;
  output(): string;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/**
 * Gives an empty DATA_DIR the embedded database the built server migrated and seeded once for the whole run
 * (global-setup.ts), which is what a first start would have made of it, minus the seconds. A directory that already
 * holds a database is left alone.
 */
export function useTemplate(dataDir: string): void {
  let template: string | null = null;
  try {
    template = inject('e2eDataDirTemplate');
  } catch {
    // Outside a test file (the global setup itself): no template yet.
  }
  if (!template || existsSync(join(dataDir, 'db'))) return;
  cpSync(join(template, 'db'), join(dataDir, 'db'), { recursive: true });
}

/**
 * Starts the built server (apps/server/dist) on a free port with a fresh DATA_DIR, as `npm start` would,
 * and waits until it is ready. NODE_BINARY runs it on another Node (the Node 24 pass of CI).
 */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = env.DATA_DIR ?? mkdtempSync(join(tmpdir(), 'certitude-e2e-'));
  const url = `http://127.0.0.1:${port}`;
  if (!env.DATABASE_URL) useTemplate(dataDir);
  const child = spawn(process.env.NODE_BINARY ?? process.execPath, [join(ROOT, 'apps/server/dist/server.js')], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d) => (output += d));
  child.stderr?.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const unwatch = watchOutput(`the server at ${url}`, () => output);
  void exited.then(unwatch);

  // A first start migrates and seeds the embedded database; on a loaded 2-core machine that has taken over a
  // minute, so the wait is long (the hook's own limit is 180 s). Readiness is polled, never asserted on time.
  const deadline = Date.now() + 150_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${output}`);
    try {
      const res = await fetch(`${url}/readyz`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not become ready:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    dataDir,
    process: child,
    output: () => output,
    stop: async (signal = 'SIGTERM') => {
      if (child.exitCode === null) child.kill(signal);
      return exited;
    },
  };
}

/** Opens a stopped server's embedded database for a test to read or write it: PGlite admits one process at a time. */
export async function withDatabase<T>(dataDir: string, work: (db: PGlite) => Promise<T>): Promise<T> {
  const db = await PGlite.create(join(dataDir, 'db'), { extensions: { pg_trgm } });
  try {
    return await work(db);
  } finally {
    await db.close();
  }
}
