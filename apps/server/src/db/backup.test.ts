import { createHash } from 'node:crypto';
import {
  chmodSync,
  lstatSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, TEST_DATABASE_KIND, type TestDatabase } from '../../test/database.js';
import { fingerprint } from '../../test/fingerprint.js';
import { BackupError, backupLogical, backupPgDump, findPgTool, restoreLogical } from './backup.js';
import { users } from './schema/index.js';
import { seedCatalogue } from './seed/seed.js';
import { gunzipSync, gzipSync } from 'node:zlib';

/**
 * A logical backup is untrusted input at restore (docs/decisions/0035-backup-files-are-untrusted.md): whoever
 * can edit the file can also recompute its checksums, so what stops an edited file is that no name in it reaches
 * SQL. Each edited backup below is sealed again (its checksums made to match) and must be refused before the
 * database is touched.
 */
let source: TestDatabase;
let target: TestDatabase;
const dir = mkdtempSync(join(tmpdir(), 'certitude-backup-test-'));
const good = join(dir, 'good.backup');
let sourcePrint: Record<string, string>;

beforeAll(async () => {
  source = await createTestDatabase();
  target = await createTestDatabase();
  await seedCatalogue(source.db);
  await source.db.insert(users).values({ username: 'kept_member', email: 'kept@example.org' });
  sourcePrint = await fingerprint(source);
  await backupLogical(source.db, good);
  // The target holds something of its own, which a refused restore must leave as it was.
  await target.db.insert(users).values({ username: 'target_only', email: 'target@example.org' });
}, 120_000);
afterAll(async () => {
  await source?.destroy();
  await target?.destroy();
});

const linesOf = (file: string) => gunzipSync(readFileSync(file)).toString('utf8').trimEnd().split('\n');

/** Writes `lines` as a backup whose checksums all match what it holds, as someone editing the file would. */
function sealed(name: string, lines: string[]): string {
  const body = lines.slice(0, -1);
  const end = JSON.parse(lines.at(-1)!) as { end: Record<string, { rows: number; sha256: string }>; sha256?: string };
  let table: string | undefined;
  const hashes = new Map<string, ReturnType<typeof createHash>>();
  const counts = new Map<string, number>();
  for (const line of body.slice(1)) {
    if (line.startsWith('{"table":')) {
      table = (JSON.parse(line) as { table: string }).table;
      hashes.set(table, createHash('sha256'));
      counts.set(table, 0);
    } else if (line.startsWith('{"sequences":')) {
      table = undefined;
    } else if (table) {
      hashes.get(table)!.update(line).update('\n');
      counts.set(table, counts.get(table)! + 1);
    }
  }
  for (const [t, hash] of hashes) end.end[t] = { rows: counts.get(t)!, sha256: hash.digest('hex') };
  if (end.sha256 !== undefined)
    end.sha256 = createHash('sha256')
      .update(`${body.join('\n')}\n`)
      .digest('hex');
  const file = join(dir, name);
  writeFileSync(file, gzipSync(`${[...body, JSON.stringify(end)].join('\n')}\n`));
  return file;
}

interface HeaderTable {
  name: string;
  columns: string[];
  generated: string[];
  primaryKey: string[];
}

/** The good backup with its header changed by `edit`, sealed again. */
function withHeader(name: string, edit: (tables: HeaderTable[]) => void): string {
  const lines = linesOf(good);
  const header = JSON.parse(lines[0]!) as { tables: HeaderTable[] };
  edit(header.tables);
  lines[0] = JSON.stringify(header);
  return sealed(name, lines);
}

const table = (tables: HeaderTable[], name: string) => tables.find((t) => t.name === name)!;

async function injectedTableExists(): Promise<boolean> {
  const found = (await target.db.execute(
    sql`select 1 from information_schema.tables where table_name = 'restore_injected'`,
  )) as unknown as { rows: unknown[] };
  return found.rows.length > 0;
}

/** Restores `file` with --force, expects a refusal that says `message`, and the target as it was. */
async function refused(file: string, message: RegExp) {
  const before = await fingerprint(target);
  const error = await restoreLogical(target, file, { force: true }).then(
    () => undefined,
    (err: unknown) => err,
  );
  expect(error).toBeInstanceOf(BackupError);
  expect((error as Error).message).toMatch(message);
  expect((error as Error).message).toContain('nothing was restored');
  expect(await fingerprint(target)).toEqual(before);
  expect(await injectedTableExists()).toBe(false);
}

describe(`db:restore of an edited logical backup (${TEST_DATABASE_KIND})`, { timeout: 120_000 }, () => {
  it('a generated column carrying SQL (the review\'s "COPY … TO PROGRAM" line) is refused before anything is touched', async () => {
    // Before the fix, these names were pasted into the query that reads each restored table back.
    const payload =
      "x'])::text as r from certifications t order by id; create table restore_injected (); " +
      "select (to_jsonb(t) - array['x";
    const file = withHeader('generated.backup', (tables) => table(tables, 'certifications').generated.push(payload));
    await refused(file, /unknown column "x'\]\)::text as r from certifications t order by id; create table/);
  });

  it('a column name carrying SQL, an unknown column or an unknown table is refused', async () => {
    await refused(
      withHeader('column-sql.backup', (tables) => table(tables, 'users').columns.push('id", (select 1) as "x')),
      /unknown column "id\\", \(select 1\) as \\"x" in table "users"/,
    );
    await refused(
      withHeader('column.backup', (tables) => table(tables, 'users').columns.push('nickname')),
      /does not match the schema of its migrations \(unknown column "nickname" in table "users"\)/,
    );
    await refused(
      withHeader('table.backup', (tables) =>
        tables.push({ name: 'pg_authid', columns: ['rolname'], generated: [], primaryKey: [] }),
      ),
      /unknown table "pg_authid"/,
    );
    await refused(
      withHeader('missing.backup', (tables) => tables.splice(tables.indexOf(table(tables, 'users')), 1)),
      /\(no table "users"\)/,
    );
  });

  it('rows and sequences that name what the schema lacks are refused', async () => {
    const lines = linesOf(good);
    const heading = lines.findIndex((l) => l === '{"table":"users"}');
    const sequences = lines.findIndex((l) => l.startsWith('{"sequences":'));

    const unknownTable = [...lines];
    unknownTable[heading] = '{"table":"users; drop table users"}';
    await refused(sealed('rows-table.backup', unknownTable), /rows of an unknown table "users; drop table users"/);

    const unknownKey = [...lines];
    const row = JSON.parse(unknownKey[heading + 1]!) as Record<string, unknown>;
    unknownKey[heading + 1] = JSON.stringify({ ...row, 'role = $$ADMIN$$': 1 });
    await refused(sealed('row-key.backup', unknownKey), /a row of users has an unknown column "role = \$\$ADMIN\$\$"/);

    const sequence = [...lines];
    const list = JSON.parse(sequence[sequences]!) as { sequences: { table: string; column: string }[] };
    list.sequences[0] = { ...list.sequences[0]!, table: 'drizzle.__drizzle_migrations', column: 'id' };
    sequence[sequences] = JSON.stringify(list);
    await refused(
      sealed('sequence.backup', sequence),
      /a sequence of an unknown column "drizzle.__drizzle_migrations"/,
    );
  });

  it('a header changed without sealing the file again is refused as damaged', async () => {
    const lines = linesOf(good);
    const header = JSON.parse(lines[0]!) as { createdAt: string };
    header.createdAt = '2000-01-01T00:00:00.000Z';
    lines[0] = JSON.stringify(header);
    const file = join(dir, 'unsealed.backup');
    writeFileSync(file, gzipSync(`${lines.join('\n')}\n`));
    await refused(file, /is damaged \(its lines do not match their checksum\)/);
  });

  it('a backup of the previous format (no checksum of the whole file) restores when every name is known', async () => {
    const toVersion1 = (lines: string[]) => {
      const header = JSON.parse(lines[0]!) as { version: number };
      header.version = 1;
      const end = JSON.parse(lines.at(-1)!) as { end: unknown; sha256?: string };
      delete end.sha256;
      return [JSON.stringify(header), ...lines.slice(1, -1), JSON.stringify(end)];
    };
    const old = sealed('version1.backup', toVersion1(linesOf(good)));
    const edited = sealed(
      'version1-edited.backup',
      toVersion1(linesOf(withHeader('v1-src.backup', (tables) => table(tables, 'users').columns.push('nickname')))),
    );
    await refused(edited, /unknown column "nickname" in table "users"/);

    await restoreLogical(target, old, { force: true });
    expect(await fingerprint(target)).toEqual(sourcePrint);
  });

  it('a normal backup restores every row', async () => {
    await target.db.insert(users).values({ username: 'target_again', email: 'again@example.org' });
    await restoreLogical(target, good, { force: true });
    expect(await fingerprint(target)).toEqual(sourcePrint);
  });
});

describe('db:backup writes a new private file, whatever was left in its place', { timeout: 60_000 }, () => {
  /** FILE.partial and FILE prepared by another local user: a file open to all, and links to a victim file. */
  function prepared(name: string) {
    const place = mkdtempSync(join(tmpdir(), `certitude-backup-place-${name}-`));
    const file = join(place, 'site.backup');
    const victim = join(place, 'victim.txt');
    writeFileSync(victim, 'not yours\n');
    const partial = `${file}.partial`;
    return { place, file, victim, partial };
  }

  async function check(
    name: string,
    write: (file: string) => Promise<unknown>,
    expectHead: (head: Buffer) => void,
  ): Promise<void> {
    // A link at FILE.partial: written through before the fix, the victim overwritten.
    const linked = prepared(`${name}-link`);
    symlinkSync(linked.victim, linked.partial);
    symlinkSync(linked.victim, linked.file);
    await write(linked.file);
    expect(readFileSync(linked.victim, 'utf8')).toBe('not yours\n');
    expect(readlinkSync(linked.partial)).toBe(linked.victim);
    expect(lstatSync(linked.file).isFile()).toBe(true); // the link at FILE replaced, not followed
    expect(statSync(linked.file).mode & 0o777).toBe(0o600);
    expectHead(readFileSync(linked.file));
    expect(readdirSync(linked.place).sort()).toEqual(['site.backup', 'site.backup.partial', 'victim.txt']);

    // A FILE.partial open to everyone: before the fix it was reused, and the backup readable by all.
    const open = prepared(`${name}-open`);
    writeFileSync(open.partial, 'left here\n');
    chmodSync(open.partial, 0o666);
    await write(open.file);
    expect(readFileSync(open.partial, 'utf8')).toBe('left here\n');
    expect(statSync(open.file).mode & 0o777).toBe(0o600);
    expectHead(readFileSync(open.file));
    expect(readdirSync(open.place).sort()).toEqual(['site.backup', 'site.backup.partial', 'victim.txt']);
  }

  it('a logical backup: a link or a file at FILE.partial is neither followed nor reused; FILE is 0600', async () => {
    await check(
      'logical',
      (file) => backupLogical(source.db, file),
      (head) => expect([head[0], head[1]]).toEqual([0x1f, 0x8b]),
    );
  });

  it.runIf(TEST_DATABASE_KIND === 'postgres' && findPgTool('pg_dump'))("pg_dump's backup: the same", async () => {
    await check(
      'pgdump',
      async (file) => backupPgDump(findPgTool('pg_dump')!, source.url!, file),
      (head) => expect(head.subarray(0, 5).toString('latin1')).toBe('PGDMP'),
    );
  });
});
