import { spawn } from 'node:child_process';

/**
 * The Node.js and V8 flags the built server runs with, for a small resident memory (docs/performance.md#5-memory):
 * - `--max-semi-space-size=16`: the young generation's semi-spaces stop at 16 MB each instead of growing to 64;
 * - `--optimize-for-size`: V8 trades some speed for a smaller heap and less generated code;
 * - `--liftoff-only`, on the embedded database only: PGlite's WebAssembly stays in the baseline compiler's code
 *   (Liftoff) instead of being compiled again by the optimising one (TurboFan), about 100 MB less.
 * Node.js refuses most of these in NODE_OPTIONS, so the server starts itself again with them (`reexecWithFlags`),
 * and with MALLOC_ARENA_MAX=2 unless the environment sets it.
 */
const COMMON_FLAGS = ['--max-semi-space-size=16', '--optimize-for-size'];
const EMBEDDED_FLAGS = ['--liftoff-only'];
/** Set in the environment of the server started again, so that it does not start itself once more. */
const REEXEC_MARK = 'CERTITUDE_MEMORY_FLAGS_APPLIED';

const OFF = ['false', '0', 'no'];
const ON = ['true', '1', 'yes'];

/**
 * What MEMORY_FLAGS asks for: unset or `true`, the flags above; `false`, none (the server runs in the process it
 * was started in); or the flags themselves, each starting with `--`, separated by spaces. Null when the value is
 * none of these (the configuration check says so).
 */
export function memoryFlags(env: NodeJS.ProcessEnv): string[] | null {
  const value = env.MEMORY_FLAGS?.trim() ?? '';
  if (value === '' || ON.includes(value)) {
    return env.DATABASE_URL ? COMMON_FLAGS : [...COMMON_FLAGS, ...EMBEDDED_FLAGS];
  }
  if (OFF.includes(value)) return [];
  const flags = value.split(/\s+/);
  return flags.every((f) => /^--[a-z0-9][a-z0-9_=.,:/-]*$/i.test(f)) ? flags : null;
}

/**
 * Starts this process again with the memory flags (same script, arguments and environment), unless it already was
 * or none are asked for: returns true when the server runs elsewhere, so the caller must not start it here.
 * Where `process.execve` exists (Node.js 22.15 and later, not Windows) the process is replaced in place: same
 * process id, signals and exit code, nothing in between. Elsewhere a child runs the server: SIGTERM, SIGINT and
 * SIGHUP are passed on to it, its exit code (or signal) becomes this process's, and it stops when this one is
 * killed outright (the IPC channel closes).
 */
export function reexecWithFlags(env: NodeJS.ProcessEnv = process.env): boolean {
  if (env[REEXEC_MARK] === '1') return false;
  const flags = memoryFlags(env);
  if (!flags?.length) return false;
  const args = [...flags, ...process.execArgv, ...process.argv.slice(1)];
  // glibc's malloc keeps an arena per thread by default (8 per core): with zlib and the database driver working on
  // libuv's threads, freed memory stays spread over them. Two arenas hold the server's resident memory down.
  const childEnv = { ...env, MALLOC_ARENA_MAX: env.MALLOC_ARENA_MAX ?? '2', [REEXEC_MARK]: '1' };
  // Typed from Node.js 22.15 on; @types/node here is older.
  const { execve } = process as { execve?: (file: string, args: string[], env: NodeJS.ProcessEnv) => never };
  if (typeof execve === 'function' && process.platform !== 'win32') {
    execve.call(process, process.execPath, [process.execPath, ...args], childEnv);
  }
  const child = spawn(process.execPath, args, { env: childEnv, stdio: ['inherit', 'inherit', 'inherit', 'ipc'] });
  for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP'] as const) {
    process.on(signal, () => child.kill(signal));
  }
  child.on('exit', (code, signal) => {
    if (signal) {
      process.removeAllListeners(signal);
      process.kill(process.pid, signal);
    }
    process.exit(code ?? 1);
  });
  return true;
}

/** In the server started by `reexecWithFlags` as a child: it stops when its parent is gone. */
export function stopWithParent(): void {
  if (process.env[REEXEC_MARK] === '1' && process.channel) {
    process.on('disconnect', () => process.exit(1));
  }
}
