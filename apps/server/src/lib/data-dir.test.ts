import { chmodSync, mkdirSync, mkdtempSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
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
