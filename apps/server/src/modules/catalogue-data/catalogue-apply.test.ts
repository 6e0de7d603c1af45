import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { applyToFiles } from './catalogue-apply.js';
import { catalogueDir, readCatalogue } from './catalogue-files.js';
import { UpdateError } from './catalogue-record.js';

/** `npm run catalogue:apply -- FILE...` on a copy of the data files. */
const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function copy(): { dir: string; file: (entries: unknown[]) => string } {
  const root = mkdtempSync(join(tmpdir(), 'catalogue-apply-'));
  dirs.push(root);
  const dir = join(root, 'catalogue');
  cpSync(catalogueDir(), dir, { recursive: true });
  return {
    dir,
    file: (entries) => {
      const path = join(root, `update-${Math.random().toString(36).slice(2)}.json`);
      writeFileSync(path, JSON.stringify(entries));
      return path;
    },
  };
}

const contents = (dir: string) =>
  Object.fromEntries(readdirSync(dir).map((n) => [n, readFileSync(join(dir, n), 'utf8')]));
const source = { url: 'https://www.cisco.com/site/us/en/learn/ccna.html', kind: 'VENDOR', retrievedOn: '2026-11-27' };

describe('catalogue:apply', () => {
  it('writes the changes and their source into the vendor’s file, a new vendor into a new file, once', async () => {
    const { dir, file } = copy();
    const ccna = readCatalogue(dir)
      .find((f) => f.name === 'cisco.json')!
      .file.certifications.find((c) => c.slug === 'cisco-ccnp-enterprise')!;
    const update = file([
      {
        slug: 'cisco-ccnp-enterprise',
        changes: { exam: { costUsd: 300, questionCount: 100, questionCountMax: 120 }, aliases: ['CCNA'] },
        summary: 'Exam facts from the CCNA page',
        source,
      },
      {
        new: {
          slug: 'example-network-associate',
          name: 'Example Network Associate',
          certCode: 'ENA-100',
          vendor: 'Example Networks',
          url: 'https://example.com/ena',
          description: 'An example network certification.',
          level: 'ASSOCIATE',
          domains: ['networking'],
          validityMonths: 36,
        },
        summary: 'New',
        source: { url: 'https://example.com/ena', kind: 'VENDOR', retrievedOn: '2026-11-27' },
      },
    ]);
    const lines = await applyToFiles([update], dir);
    expect(lines).toContain(
      'change   cisco-ccnp-enterprise: exam.costUsd, exam.questionCount, exam.questionCountMax, aliases',
    );
    expect(lines).toContain('new      example-network-associate (Example Networks) into example-networks.json');

    const files = readCatalogue(dir);
    const after = files
      .find((f) => f.name === 'cisco.json')!
      .file.certifications.find((c) => c.slug === 'cisco-ccnp-enterprise')!;
    expect(after.exam).toEqual({ ...ccna.exam, costUsd: 300, questionCount: 100, questionCountMax: 120 });
    expect(after.aliases).toEqual(['CCNA']);
    expect(after.sources).toContainEqual({
      ...source,
      fields: ['exam.costUsd', 'exam.questionCount', 'exam.questionCountMax', 'aliases'],
    });
    const added = files.find((f) => f.name === 'example-networks.json')!.file;
    expect(added.vendor).toBe('Example Networks');
    expect(added.certifications[0]).toMatchObject({
      slug: 'example-network-associate',
      validityMonths: 36,
      sources: [{ url: 'https://example.com/ena', fields: ['name', 'certCode', 'vendor', 'url', 'validityMonths'] }],
    });

    const before = contents(dir);
    expect((await applyToFiles([update], dir)).at(-1)).toBe(
      '0 added, 0 changed, 0 confirmed by their sources, 2 already as stated.',
    );
    expect(contents(dir)).toEqual(before);
  });

  it('writes nothing when an entry is refused, naming the file, the entry and the field', async () => {
    const { dir, file } = copy();
    const before = contents(dir);
    const update = file([
      { slug: 'cisco-ccnp-enterprise', changes: { validityMonths: 36 }, summary: 'ok', source },
      {
        slug: 'cisco-ccnp-enterprise',
        changes: { prerequisites: [{ certification: 'nope', kind: 'REQUIRED' }] },
        summary: 'x',
        source,
      },
    ]);
    const err = await applyToFiles([update], dir).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(UpdateError);
    expect((err as UpdateError).problems).toEqual([
      expect.stringMatching(
        /^update-\w+\.json: entry 1 \(cisco-ccnp-enterprise\): prerequisites\[0\]: there is no certification nope$/,
      ),
    ]);
    expect(contents(dir)).toEqual(before);
  });
});
