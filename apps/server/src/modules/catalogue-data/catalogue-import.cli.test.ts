import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/client.js';
import { certificationRevisions, certifications } from '../../db/schema/index.js';
import { createTestDatabase, type TestDatabase } from '../../../test/database.js';
import { runCli, withCliDatabase, type CliOutcome } from '../../../test/support/cli.js';

/**
 * `npm run certitude -- catalogue:import FILE [--dry-run]` as an operator runs it: its own process, on a PGlite
 * DATA_DIR, or on the PostgreSQL test database with TEST_DATABASE_URL.
 */
const dir = mkdtempSync(join(tmpdir(), 'certitude-import-'));
let env: Record<string, string>;
let testDb: TestDatabase | undefined;

function cli(args: string[]): Promise<CliOutcome> {
  return runCli(args, { ...process.env, DATABASE_URL: '', ...env, LOG_LEVEL: 'silent' });
}

function withDatabase<T>(use: (db: DatabaseHandle) => Promise<T>): Promise<T> {
  return withCliDatabase(testDb, join(dir, 'data', 'db'), use);
}

const saa = () =>
  withDatabase(async ({ db }) => {
    const [row] = await db
      .select({ cost: certifications.examCostUsd, revision: certifications.revision, sources: certifications.sources })
      .from(certifications)
      .where(eq(certifications.slug, 'aws-certified-solutions-architect-associate'));
    const revisions = await db.select({ id: certificationRevisions.id }).from(certificationRevisions);
    return { ...row, revisions: revisions.length };
  });

const file = (name: string, entries: unknown[]) => {
  const path = join(dir, name);
  writeFileSync(path, JSON.stringify(entries));
  return path;
};
const source = {
  url: 'https://aws.amazon.com/certification/certified-solutions-architect-associate/',
  kind: 'VENDOR',
  retrievedOn: '2026-11-27',
};

beforeAll(async () => {
  env = { DATA_DIR: join(dir, 'data'), JWT_SECRET: 'catalogue-import-test-secret-long-enough' };
  if (process.env.TEST_DATABASE_URL) {
    testDb = await createTestDatabase();
    env.DATABASE_URL = testDb.url!;
  }
});
afterAll(() => testDb?.destroy());

describe('npm run certitude -- catalogue:import', { timeout: 180_000 }, () => {
  it('refuses a bad file (exit 1), prints a dry run without changing anything, imports, and a second run changes nothing', async () => {
    expect(await cli(['db:seed'])).toMatchObject({ code: 0 });
    const before = await saa();

    const bad = file('bad.json', [
      {
        slug: 'aws-certified-solutions-architect-associate',
        changes: { exam: { costUsd: 150 } },
        summary: 'ok',
        source,
      },
      {
        slug: 'aws-certified-solutions-architect-associate',
        changes: { validityMonths: 'three years' },
        summary: 'x',
        source,
      },
    ]);
    const refused = await cli(['catalogue:import', bad]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(
      'bad.json: entry 1 (aws-certified-solutions-architect-associate): changes.validityMonths: The validity must be a number of months',
    );
    expect(await saa()).toEqual(before);

    const good = file('updates.json', [
      {
        slug: 'aws-certified-solutions-architect-associate',
        changes: { exam: { costUsd: 151, durationMinutes: 131 } },
        summary: 'Exam facts from the AWS exam page',
        source,
      },
    ]);
    const dry = await cli(['catalogue:import', good, '--dry-run']);
    expect(dry.code).toBe(0);
    expect(dry.stdout).toContain(
      'change   aws-certified-solutions-architect-associate: exam.costUsd 150 → 151; exam.durationMinutes 130 → 131',
    );
    expect(dry.stdout).toContain('Dry run: 0 added, 1 changed');
    expect(await saa()).toEqual(before);

    const imported = await cli(['catalogue:import', good]);
    expect(imported.code).toBe(0);
    expect(imported.stdout).toContain('Imported 1 entries: 0 added, 1 changed');
    const after = await saa();
    expect(after).toMatchObject({ cost: 151, revision: before.revision! + 1, revisions: before.revisions + 1 });
    expect(after.sources).toContainEqual({ ...source, fields: ['exam.costUsd', 'exam.durationMinutes'] });

    const again = await cli(['catalogue:import', good]);
    expect(again.code).toBe(0);
    expect(again.stdout).toContain('Imported 1 entries: 0 added, 0 changed, 0 left for moderators');
    expect(await saa()).toEqual(after);
  });
});
