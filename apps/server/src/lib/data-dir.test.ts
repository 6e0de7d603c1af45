import { spawn } from 'node:child_process';
import {
  chmodSync,
  chownSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config.js';
import { FileMailSender } from '../mail/mail-sender.js';
import { prepareDatabase } from '../runtime.js';

/** Every path under `dir` (itself included) whose mode lets a group or another user in. */
function openToOthers(dir: string): string[] {
  const found: string[] = [];
  const walk = (path: string) => {
    const stat = statSync(path);
    if ((stat.mode & 0o077) !== 0) found.push(`${path} ${(stat.mode & 0o777).toString(8)}`);
    if (stat.isDirectory()) for (const name of readdirSync(path)) walk(join(path, name));
  };
  walk(dir);
  return found;
}

const previousUmask = process.umask();
afterAll(() => {
  process.umask(previousUmask);
});

const quiet = { info: () => undefined, warn: () => undefined };

describe('8. DATA_DIR is for the server alone: 0700, files 0600', () => {
  it('a new DATA_DIR, the embedded database, the secret and written mail are closed to other local users', async () => {
    process.umask(0o022);
    const dataDir = join(mkdtempSync(join(tmpdir(), 'certitude-perm-')), 'data');
    const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
    expect(statSync(dataDir).mode & 0o777).toBe(0o700);
    const database = await prepareDatabase(config, quiet);
    // Writes after the start (a new table, rows) make files of their own.
    await database.db.execute('create table later_one (id serial primary key, v text)');
    await database.db.execute("insert into later_one (v) select 'x' from generate_series(1, 1000)");
    await database.close();
    await new FileMailSender(join(dataDir, 'mail'), 'Certitude <a@b.c>', quiet).send({
      to: 'member@example.org',
      subject: 'Hello',
      text: 'A reset link',
      html: '<p>A reset link</p>',
      kind: 'reset-password',
    });
    expect(readdirSync(join(dataDir, 'mail'))).toHaveLength(1);
    expect(readdirSync(join(dataDir, 'db')).length).toBeGreaterThan(3);
    expect(openToOthers(dataDir)).toEqual([]);
  });

  it('an existing DATA_DIR left open (0755, files 0644 and 0666) is tightened at start', () => {
    process.umask(0o022);
    const dataDir = mkdtempSync(join(tmpdir(), 'certitude-perm-old-'));
    chmodSync(dataDir, 0o755);
    mkdirSync(join(dataDir, 'db'), { mode: 0o755 });
    writeFileSync(join(dataDir, 'db', 'PG_VERSION'), '17', { mode: 0o666 });
    chmodSync(join(dataDir, 'db', 'PG_VERSION'), 0o666);
    mkdirSync(join(dataDir, 'mail'), { mode: 0o755 });
    writeFileSync(join(dataDir, 'mail', 'old.eml'), 'x', { mode: 0o644 });
    expect(openToOthers(dataDir).length).toBe(5);
    loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
    expect(openToOthers(dataDir)).toEqual([]);
    // The owner keeps what they had.
    expect(statSync(join(dataDir, 'db', 'PG_VERSION')).mode & 0o777).toBe(0o600);
    expect(statSync(join(dataDir, 'db')).mode & 0o777).toBe(0o700);
  });
});

/** Only root can give a file to another user; elsewhere these tests are reported as skipped. */
const isRoot = process.getuid?.() === 0;
const OTHER_UID = 65534; // nobody
const SECRET = 'a'.repeat(64);

function refusal(env: Record<string, string>): ConfigError {
  try {
    loadConfig({ LOG_LEVEL: 'silent', ...env });
  } catch (err) {
    if (err instanceof ConfigError) return err;
    throw err;
  }
  throw new Error('loadConfig accepted it');
}

const SERVER = fileURLToPath(new URL('../server.ts', import.meta.url));

/** `npm start` as an operator runs it, in its own process: what it prints and its exit code. */
function startServer(dataDir: string): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', SERVER], {
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', JWT_SECRET: '', PORT: '0', LOG_LEVEL: 'silent' },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stderr }));
  });
}

describe('DATA_DIR and its signing secret must belong to the user running Certitude', { timeout: 60_000 }, () => {
  it.skipIf(!isRoot)(
    'a DATA_DIR of another user is refused at start, naming it and its owner, and nothing in it is touched',
    async () => {
      const dataDir = mkdtempSync(join(tmpdir(), 'certitude-owner-'));
      writeFileSync(join(dataDir, 'jwt-secret'), `${SECRET}\n`);
      chmodSync(join(dataDir, 'jwt-secret'), 0o644);
      chmodSync(dataDir, 0o755);
      chownSync(join(dataDir, 'jwt-secret'), OTHER_UID, OTHER_UID);
      chownSync(dataDir, OTHER_UID, OTHER_UID);
      const error = refusal({ DATA_DIR: dataDir });
      expect(error.problems).toEqual([
        `DATA_DIR: ${dataDir} belongs to uid ${OTHER_UID} (nobody), not to the user running Certitude (uid 0 (root)): ` +
          'run Certitude as its owner, or give the directory to this user (chown -R)',
      ]);
      // Neither adopted nor tightened: left as its owner made it.
      expect(statSync(dataDir).mode & 0o777).toBe(0o755);
      expect(statSync(join(dataDir, 'jwt-secret')).mode & 0o777).toBe(0o644);
      expect(readdirSync(dataDir)).toEqual(['jwt-secret']);

      const started = await startServer(dataDir);
      expect(started.code).toBe(1);
      expect(started.stderr).toContain(
        `Invalid configuration:\n  - DATA_DIR: ${dataDir} belongs to uid ${OTHER_UID} (nobody)`,
      );
      expect(readdirSync(dataDir)).toEqual(['jwt-secret']);
    },
  );

  it.skipIf(!isRoot)("a signing secret of another user in one's own DATA_DIR is refused, not adopted", () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'certitude-owner-'));
    const file = join(dataDir, 'jwt-secret');
    writeFileSync(file, `${SECRET}\n`, { mode: 0o600 });
    chownSync(file, OTHER_UID, OTHER_UID);
    expect(refusal({ DATA_DIR: dataDir }).problems).toEqual([
      `DATA_DIR: the signing secret ${file} belongs to uid ${OTHER_UID} (nobody), not to the user running Certitude ` +
        '(uid 0 (root)): remove it to have a new one made (every member signs in again), or run Certitude as its owner',
    ]);
    // With JWT_SECRET set the file is not used, so it is no reason to refuse.
    expect(loadConfig({ DATA_DIR: dataDir, JWT_SECRET: 'b'.repeat(40), LOG_LEVEL: 'silent' }).jwtSecret).toBe(
      'b'.repeat(40),
    );
  });

  it('a signing secret other users can read, or a link in its place, is refused and left as it is', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'certitude-owner-'));
    const file = join(dataDir, 'jwt-secret');
    writeFileSync(file, `${SECRET}\n`);
    chmodSync(file, 0o640);
    expect(refusal({ DATA_DIR: dataDir }).problems).toEqual([
      `DATA_DIR: the signing secret ${file} can be read by other users (mode 0640): remove it to have a new one ` +
        'made (every member signs in again), or make it 0600 if nobody else can have read it',
    ]);
    expect(statSync(file).mode & 0o777).toBe(0o640);

    const linked = mkdtempSync(join(tmpdir(), 'certitude-owner-'));
    const elsewhere = join(mkdtempSync(join(tmpdir(), 'certitude-elsewhere-')), 'chosen-key');
    writeFileSync(elsewhere, `${SECRET}\n`, { mode: 0o600 });
    symlinkSync(elsewhere, join(linked, 'jwt-secret'));
    expect(refusal({ DATA_DIR: linked }).problems[0]).toContain(
      `${join(linked, 'jwt-secret')} is not a plain file (a link or a directory), not one Certitude wrote`,
    );

    // Once it is 0600 again, it is the secret.
    chmodSync(file, 0o600);
    expect(loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' }).jwtSecret).toBe(SECRET);
    expect(existsSync(join(dataDir, 'db'))).toBe(false);
    expect(readFileSync(file, 'utf8')).toBe(`${SECRET}\n`);
  });
});
