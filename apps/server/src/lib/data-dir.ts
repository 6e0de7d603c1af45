import { chmodSync, lstatSync, mkdirSync, readdirSync, readFileSync, statSync, type Stats } from 'node:fs';
import { userInfo } from 'node:os';
import { join } from 'node:path';

/** Group and other permission bits: none of the data directory's files is for another local user. */
const SHARED_BITS = 0o077;

/** The signing secret made when JWT_SECRET is unset. */
export const SECRET_FILE = 'jwt-secret';

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

/** "uid 65534 (nobody)", from /etc/passwd where it names the uid. */
function describeUser(uid: number): string {
  let name: string | undefined;
  try {
    if (uid === process.getuid?.()) name = userInfo().username;
    else {
      const line = readFileSync('/etc/passwd', 'utf8')
        .split('\n')
        .find((l) => l.split(':')[2] === String(uid));
      name = line?.split(':')[0];
    }
  } catch {
    // no account database to ask
  }
  return name ? `uid ${uid} (${name})` : `uid ${uid}`;
}

function statOrUndefined(path: string): Stats | undefined {
  try {
    return lstatSync(path);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw err;
  }
}

/**
 * Why this process must not use `dir` as its DATA_DIR: a directory, or (with `secret`) a signing secret in it,
 * that belongs to another user, or a secret other users can read. Run as root on a directory someone else
 * prepared, the server would otherwise sign every session with a key that person chose or can read. Checked
 * before anything in it is read, changed or created; empty when all is well or when DATA_DIR does not exist yet.
 */
export function dataDirProblems(dir: string, options: { secret: boolean }): string[] {
  const uid = process.getuid?.();
  if (uid === undefined) return []; // no owners to compare (Windows)
  const me = describeUser(uid);
  let target: Stats;
  try {
    target = statSync(dir); // a link to the directory is allowed; the directory it leads to must be ours
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw err;
  }
  const problems: string[] = [];
  if (target.uid !== uid) {
    problems.push(
      `DATA_DIR: ${dir} belongs to ${describeUser(target.uid)}, not to the user running Certitude (${me}): ` +
        'run Certitude as its owner, or give the directory to this user (chown -R)',
    );
    return problems;
  }
  if (!options.secret) return problems;
  const file = join(dir, SECRET_FILE);
  const secret = statOrUndefined(file);
  if (!secret) return problems;
  const renew = 'remove it to have a new one made (every member signs in again)';
  if (!secret.isFile()) {
    problems.push(`DATA_DIR: ${file} is not a plain file (a link or a directory), not one Certitude wrote: ${renew}`);
  } else if (secret.uid !== uid) {
    problems.push(
      `DATA_DIR: the signing secret ${file} belongs to ${describeUser(secret.uid)}, not to the user running ` +
        `Certitude (${me}): ${renew}, or run Certitude as its owner`,
    );
  } else if ((secret.mode & SHARED_BITS) !== 0) {
    problems.push(
      `DATA_DIR: the signing secret ${file} can be read by other users (mode ${(secret.mode & 0o777).toString(8).padStart(4, '0')}): ` +
        `${renew}, or make it 0600 if nobody else can have read it`,
    );
  }
  return problems;
}
