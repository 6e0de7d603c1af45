/* The operator command line run as an operator runs it, for the command line's tests (imported by *.test.ts only). */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { openDatabase, type DatabaseHandle } from '../../src/db/client.js';
import type { TestDatabase } from '../database.js';

/** The built command line, as `npm run certitude` runs it (the server tests' global setup builds it when needed). */
const CLI = fileURLToPath(new URL('../../dist/cli.js', import.meta.url));

export interface CliOutcome {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** `certitude <args>` in a process of its own with exactly `env`; `stdin`, when given, is its standard input. */
export function runCli(args: string[], env: NodeJS.ProcessEnv, stdin?: string): Promise<CliOutcome> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLI, ...args], {
      env,
      stdio: [stdin === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout!.on('data', (d) => (stdout += d));
    child.stderr!.on('data', (d) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    if (stdin !== undefined) child.stdin?.end(stdin);
  });
}

/**
 * `use` on the database the command line wrote to: the test database when there is one, else the PGlite directory
 * `pgliteDir`, opened after the process exited (PGlite allows one process at a time) and closed after `use`.
 */
export async function withCliDatabase<T>(
  testDb: TestDatabase | undefined,
  pgliteDir: string,
  use: (db: DatabaseHandle) => Promise<T>,
): Promise<T> {
  const handle = testDb ?? (await openDatabase({ pgliteDir }));
  try {
    return await use(handle);
  } finally {
    if (!testDb) await handle.close();
  }
}
