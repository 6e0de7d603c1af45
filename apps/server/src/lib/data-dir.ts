import { chmodSync, lstatSync, mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

/** Group and other permission bits: none of the data directory's files is for another local user. */
const SHARED_BITS = 0o077;

/**
 * DATA_DIR holds the embedded database (password hashes, addresses), the signing secret and written mail: it is
 * created 0700, and at every start it and everything in it lose any group or other permission left by an older
 * version, a copy or a restore. The process's umask becomes 077, so that what PGlite and the mail writer create
 * afterwards is 0600 (files) and 0700 (folders) whatever the shell's umask was.
 */
export function secureDataDir(dir: string): void {
  process.umask(SHARED_BITS);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  tighten(dir);
}

function tighten(path: string): void {
  const stat = lstatSync(path);
  // A symbolic link's own mode means nothing, and what it points at may not be ours.
  if (stat.isSymbolicLink()) return;
  if ((stat.mode & SHARED_BITS) !== 0) chmodSync(path, stat.mode & 0o700);
  if (stat.isDirectory()) for (const name of readdirSync(path)) tighten(join(path, name));
}
