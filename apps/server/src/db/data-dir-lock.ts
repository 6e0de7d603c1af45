import { linkSync, mkdirSync, readFileSync, rmdirSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * One process at a time owns the embedded database of a DATA_DIR: PGlite has no locking of its own, and two
 * processes writing one directory silently lose each other's writes. The owner is recorded in DATA_DIR/db.lock
 * (its pid, and on Linux the boot and the process start time, so that a pid reused after a crash or a reboot is
 * not taken for the owner). A lock whose owner is gone is taken over.
 */

export type LockRole = 'server' | 'cli';

export interface LockOwner {
  pid: number;
  role: LockRole;
  /** ISO time the lock was taken. */
  since: string;
  /** /proc/sys/kernel/random/boot_id, where there is one. */
  bootId?: string;
  /** Start time of the process in clock ticks since boot (/proc/<pid>/stat), where there is one. */
  startTime?: string;
}

export class DataDirLockedError extends Error {
  constructor(
    readonly owner: LockOwner,
    readonly dbDir: string,
  ) {
    const what = owner.role === 'server' ? 'a Certitude server' : 'the operator command line';
    super(`the database in ${dbDir} is in use by process ${owner.pid} (${what}, since ${owner.since})`);
  }
}

export interface DataDirLock {
  readonly file: string;
  release(): void;
}

export function lockFile(dataDir: string): string {
  return join(dataDir, 'db.lock');
}

function readProc(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8').trim();
  } catch {
    return undefined;
  }
}

/** Field 22 of /proc/<pid>/stat; the command name (field 2) may hold spaces, so count from its closing ')'. */
function processStartTime(pid: number): string | undefined {
  const stat = readProc(`/proc/${pid}/stat`);
  if (!stat) return undefined;
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
}

function currentOwner(role: LockRole): LockOwner {
  return {
    pid: process.pid,
    role,
    since: new Date().toISOString(),
    bootId: readProc('/proc/sys/kernel/random/boot_id'),
    startTime: processStartTime(process.pid),
  };
}

/** Whether the process that wrote `owner` still runs. */
export function isAlive(owner: LockOwner): boolean {
  const bootId = readProc('/proc/sys/kernel/random/boot_id');
  if (owner.bootId && bootId && owner.bootId !== bootId) return false;
  if (owner.pid === process.pid) return owner.startTime === processStartTime(process.pid);
  try {
    process.kill(owner.pid, 0);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  const startTime = processStartTime(owner.pid);
  return !(owner.startTime && startTime && owner.startTime !== startTime);
}

function readOwner(file: string): { owner: LockOwner | undefined; raw: string } | undefined {
  let raw: string;
  try {
    raw = readFileSync(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw err;
  }
  try {
    const owner = JSON.parse(raw) as LockOwner;
    return { owner: Number.isInteger(owner.pid) ? owner : undefined, raw };
  } catch {
    // Not written by us: taken for a dead owner's.
    return { owner: undefined, raw };
  }
}

const sleepSync = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

/**
 * Removing a dead owner's lock happens under a second, short-lived lock (a directory: mkdir is atomic), so
 * that two processes recovering at once cannot remove the lock one of them has just taken.
 */
function withRecoveryLock(file: string, fn: () => void) {
  const dir = `${file}.recovering`;
  for (let i = 0; ; i++) {
    try {
      mkdirSync(dir);
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      // Left by a process that died while recovering (it holds it for microseconds).
      try {
        if (Date.now() - statSync(dir).mtimeMs > 5_000) rmdirSync(dir);
      } catch {
        // removed meanwhile
      }
      if (i > 200) throw new Error(`could not recover the stale lock ${file}: ${dir} stays`);
      sleepSync(10);
    }
  }
  try {
    fn();
  } finally {
    rmdirSync(dir);
  }
}

/**
 * Takes DATA_DIR's database for this process, or throws DataDirLockedError naming the process that has it.
 * The lock goes when release() is called or the process exits; a killed process leaves it, and the next
 * taker recovers it.
 */
export function acquireDataDirLock(dataDir: string, role: LockRole): DataDirLock {
  mkdirSync(dataDir, { recursive: true });
  const file = lockFile(dataDir);
  const me = currentOwner(role);
  const content = `${JSON.stringify(me)}\n`;
  for (let attempt = 0; attempt < 20; attempt++) {
    // Written aside and linked into place: link fails if the lock exists, and a reader never sees half of it.
    const temp = `${file}.${process.pid}.${attempt}`;
    writeFileSync(temp, content, { mode: 0o600 });
    try {
      linkSync(temp, file);
      return ownLock(file, content);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    } finally {
      unlinkSync(temp);
    }
    const found = readOwner(file);
    if (!found) continue; // released meanwhile
    if (found.owner && isAlive(found.owner)) throw new DataDirLockedError(found.owner, join(dataDir, 'db'));
    withRecoveryLock(file, () => {
      if (readOwner(file)?.raw === found.raw) unlinkSync(file);
    });
  }
  throw new Error(`could not take the lock ${file}`);
}

function ownLock(file: string, content: string): DataDirLock {
  let held = true;
  const release = () => {
    if (!held) return;
    held = false;
    process.off('exit', release);
    try {
      if (readFileSync(file, 'utf8') === content) unlinkSync(file);
    } catch {
      // already gone
    }
  };
  process.on('exit', release);
  return { file, release };
}
