import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.js';
import { signedIn } from '../../../test/support/catalogue.js';
import { certificationRevisions, certifications, users } from '../../db/schema/index.js';
import { insertRevision } from '../catalogue/revision.repository.js';
import { importItems } from './catalogue-import.js';
import { UpdateError } from './catalogue-record.js';
import { parseUpdateEntries } from './update-file.js';

/**
 * The operator import on a seeded catalogue (PGlite, or PostgreSQL with TEST_DATABASE_URL): all or nothing,
 * idempotent, each change a revision of the system account with its source, a member's correction kept.
 */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ seed: true });
});
afterAll(() => t.close());

const SAA = 'aws-certified-solutions-architect-associate';
// Values no data file holds, read on a day after every source of the data files: each one is a real change.
const source = { url: 'https://aws.amazon.com/certification/saa/', kind: 'VENDOR', retrievedOn: '2099-01-02' };

/** An update file as an operator writes it, imported in one transaction as catalogue:import does. */
async function importFile(entries: unknown[]) {
  const items = parseUpdateEntries('updates.json', entries);
  return t.db.db.transaction((tx) => importItems(tx, items));
}

const certification = (slug: string) => t.app.inject({ url: `/api/certification/${slug}` }).then((r) => r.json());
const history = (slug: string) => t.app.inject({ url: `/api/certification/${slug}/revisions` }).then((r) => r.json());

async function snapshot() {
  const rows = await t.db.db.select().from(certifications).orderBy(certifications.id);
  const [revisions] = await t.db.db.select({ n: sql<number>`count(*)::int` }).from(certificationRevisions);
  return { rows, revisions: Number(revisions?.n) };
}

describe('catalogue:import', () => {
  it('refuses the whole file when one entry is bad, naming the entry and the field, and changes nothing', async () => {
    const before = await snapshot();
    const good = { slug: SAA, changes: { validityMonths: 36 }, summary: 'Validity', source };
    const attempts: unknown[][] = [
      [good, { slug: SAA, changes: { exam: { costUsd: -5 } }, summary: 'Bad cost', source }],
      [good, { slug: 'no-such-certification', changes: { validityMonths: 24 }, summary: 'Unknown', source }],
      [good, { slug: SAA, changes: { examCost: 150 }, summary: 'Unknown field', source }],
      [good, { slug: SAA, changes: { validityMonths: 12 }, summary: 'No source' }],
      [good, { slug: SAA, changes: { supersededBy: 'no-such-certification' }, summary: 'Bad link', source }],
    ];
    const messages: string[] = [];
    for (const entries of attempts) {
      const err = await importFile(entries).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(UpdateError);
      messages.push(...(err as UpdateError).problems);
    }
    expect(messages).toEqual([
      `updates.json: entry 1 (${SAA}): changes.exam.costUsd: The cost cannot be negative`,
      'updates.json: entry 1 (no-such-certification): slug: there is no certification no-such-certification',
      `updates.json: entry 1 (${SAA}): changes: Unrecognized key: "examCost"`,
      `updates.json: entry 1 (${SAA}): source: each entry needs its source: { url, kind, retrievedOn }`,
      `updates.json: entry 1 (${SAA}): supersededBy: there is no certification no-such-certification`,
    ]);
    expect(await snapshot()).toEqual(before);
  });

  it('applies each real change as an APPLIED revision of the system account with its source, merged into the exam', async () => {
    const result = await importFile([
      {
        slug: SAA,
        changes: { exam: { costUsd: 151, questionCount: 66 }, validityMonths: 37, aliases: ['SAA-X'] },
        summary: 'Exam facts from the AWS exam page',
        source,
      },
      {
        slug: SAA,
        changes: { exam: { durationMinutes: 131 } },
        summary: 'Length from the exam guide',
        source: { url: 'https://d1.awsstatic.com/saa-exam-guide.pdf', kind: 'VENDOR', retrievedOn: '2026-11-26' },
      },
    ]);
    expect(result).toMatchObject({ created: 0, changed: 1, pending: 0 });

    const cert = await certification(SAA);
    expect(cert.exam).toMatchObject({ costUsd: 151, questionCount: 66, durationMinutes: 131 });
    expect(cert.validityMonths).toBe(37);
    expect(cert.aliases).toEqual(['SAA-X']);
    expect(cert.sources).toContainEqual({
      ...source,
      fields: ['exam.costUsd', 'exam.questionCount', 'validityMonths', 'aliases'],
    });
    expect(cert.sources).toContainEqual({
      url: 'https://d1.awsstatic.com/saa-exam-guide.pdf',
      kind: 'VENDOR',
      retrievedOn: '2026-11-26',
      fields: ['exam.durationMinutes'],
    });
    // factsSource and factsVerifiedAt are the newest vendor source.
    expect(cert).toMatchObject({ factsSource: source.url, factsVerifiedAt: '2099-01-02' });

    const revisions = await history(SAA);
    expect(revisions.slice(0, 2).map((r: { author: string; status: string; summary: string }) => r)).toMatchObject([
      { author: 'certitude', status: 'APPLIED', summary: 'Length from the exam guide' },
      { author: 'certitude', status: 'APPLIED', summary: 'Exam facts from the AWS exam page' },
    ]);
    const rows = await t.db.db
      .select({ source: certificationRevisions.source })
      .from(certificationRevisions)
      .where(eq(certificationRevisions.summary, 'Exam facts from the AWS exam page'));
    expect(rows).toEqual([{ source }]);
  });

  it('changes nothing when the same file is imported again', async () => {
    const entries = [
      {
        slug: SAA,
        changes: { exam: { costUsd: 151, questionCount: 66 }, validityMonths: 37, aliases: ['SAA-X'] },
        summary: 'Exam facts from the AWS exam page',
        source,
      },
      {
        new: {
          slug: 'example-cloud-associate',
          name: 'Example Cloud Associate',
          certCode: null,
          vendor: 'Example Vendor',
          url: 'https://example.com/cloud-associate',
          description: 'An associate certification of an example vendor.',
          level: 'ASSOCIATE',
          domains: ['cloud'],
          exam: { questionCount: 50, questionCountMax: 60 },
          prerequisites: [{ certification: SAA, kind: 'RECOMMENDED' }],
        },
        summary: 'A new certification from its page',
        source: { url: 'https://example.com/cloud-associate', kind: 'VENDOR', retrievedOn: '2026-11-27' },
      },
    ];
    const first = await importFile(entries);
    expect(first).toMatchObject({ created: 1, changed: 0 });
    const created = await certification('example-cloud-associate');
    expect(created).toMatchObject({ certCode: '', vendor: 'Example Vendor', revision: 0 });
    expect(created.exam).toMatchObject({ questionCount: 50, questionCountMax: 60 });
    expect(created.prerequisites).toMatchObject([{ certification: { slug: SAA }, kind: 'RECOMMENDED' }]);

    const before = await snapshot();
    const again = await importFile(entries);
    expect(again).toEqual({ lines: [], created: 0, changed: 0, pending: 0, confirmed: 0 });
    expect(await snapshot()).toEqual(before);
  });

  it('keeps a fact a member corrected and lists the change for moderators, once', async () => {
    const slug = 'comptia-security-plus';
    const [cert] = await t.db.db.select().from(certifications).where(eq(certifications.slug, slug));
    const [member] = await t.db.db
      .insert(users)
      .values({ username: 'import_fixer', email: 'import_fixer@example.com', emailVerified: true })
      .returning();
    await insertRevision(t.db.db, {
      certificationId: cert!.id,
      authorId: member!.id,
      summary: 'Corrected the renewal',
      changes: [{ field: 'renewal', before: cert!.renewal, after: 'A member’s renewal.' }],
      status: 'APPLIED',
      baseRevision: cert!.revision,
      decidedById: member!.id,
    });
    await t.db.db
      .update(certifications)
      .set({ renewal: 'A member’s renewal.', revision: cert!.revision + 1 })
      .where(eq(certifications.id, cert!.id));

    const entries = [
      {
        slug,
        changes: { renewal: 'Renew every three years with 50 CEUs.', validityMonths: 37 },
        summary: 'Renewal from the CompTIA page',
        source: { url: 'https://www.comptia.org/continuing-education', kind: 'VENDOR', retrievedOn: '2026-11-27' },
      },
    ];
    const result = await importFile(entries);
    expect(result).toMatchObject({ changed: 1, pending: 1 });
    expect(result.lines.some((l) => l.startsWith(`conflict ${slug}: renewal`))).toBe(true);

    const after = await certification(slug);
    expect(after.renewal).toBe('A member’s renewal.');
    expect(after.validityMonths).toBe(37);
    // The source names only what it changed: the renewal shown is the member's.
    expect(after.sources.find((s: { url: string }) => s.url.includes('continuing-education')).fields).toEqual([
      'validityMonths',
    ]);

    const moderator = await signedIn(t, 'MODERATOR');
    const queue = await t.app.inject({ url: '/api/admin/pending', headers: moderator.headers });
    expect(queue.statusCode).toBe(200);
    expect(JSON.stringify(queue.json())).toContain('Renew every three years with 50 CEUs.');

    const again = await importFile(entries);
    expect(again).toMatchObject({ changed: 0, pending: 0 });
    const [count] = await t.db.db
      .select({ n: sql<number>`count(*)::int` })
      .from(certificationRevisions)
      .where(and(eq(certificationRevisions.certificationId, cert!.id), eq(certificationRevisions.status, 'PENDING')));
    expect(Number(count?.n)).toBe(1);
  });
});
